extension Array {
    /// Appends `other`'s elements in their order and leaves `other` empty, moving each element
    /// instead of copying it (`append(contentsOf:)` copies: for a struct of several references,
    /// one reference count up per field, and one down again when `other` goes).
    mutating func appendMoving(_ other: inout [Element]) {
        reserveCapacity(count + other.count)
        var reversed = other.reversedMoving()
        while let element = reversed.popLast() { append(element) }
    }

    /// The elements last to first, moved out of this array (`popLast` moves; `reverse()` swaps
    /// by copies), which is left empty.
    mutating func reversedMoving() -> [Element] {
        var reversed: [Element] = []
        reversed.reserveCapacity(count)
        while let element = popLast() { reversed.append(element) }
        return reversed
    }
}
