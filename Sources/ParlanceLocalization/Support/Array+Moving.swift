extension Array {
    /// Appends `other`'s elements in their order and leaves `other` empty, moving each element
    /// instead of copying it (`append(contentsOf:)` copies: for a struct of several references,
    /// one reference count up per field, and one down again when `other` goes).
    mutating func appendMoving(_ other: inout [Element]) {
        reserveCapacity(count + other.count)
        other.reverse()
        while let element = other.popLast() { append(element) }
    }
}
