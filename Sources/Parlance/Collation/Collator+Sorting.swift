#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Sequence where Element == String {
    /// The strings in `collator`'s order, the same order `sorted(using:)` with any
    /// `SortComparator` gives (stable: strings equal at the collator's strength keep their
    /// order), computed from one ICU sort key per string instead of a collation per comparison.
    ///
    /// ```swift
    /// ["Öberg", "Zander", "Åberg", "Abel"].sorted(using: Collator(locale: "sv"))
    /// // ["Abel", "Zander", "Åberg", "Öberg"]
    /// ```
    ///
    /// Comparing sort keys bytewise is comparing the strings (ICU guarantees it), and n keys
    /// cost n collations where a comparison sort costs about n log₂ n: for 10,000 names about
    /// 13 times fewer. A string over ``Collator/maximumTextLength`` bytes, which has no key,
    /// makes the sort compare strings instead.
    public func sorted(using collator: Collator) -> [String] {
        let strings = Array(self)
        guard strings.count > 8 else { return strings.sorted { collator.compare($0, $1) == .orderedAscending } }
        var keys: [[UInt8]] = []
        keys.reserveCapacity(strings.count)
        for string in strings {
            let key: [UInt8]? = Collator.withUTF8(string) { bytes in
                bytes.count <= Collator.maximumTextLength ? try? collator.icu.sortKey(bytes) : nil
            }
            guard let key else { return strings.sorted { collator.compare($0, $1) == .orderedAscending } }
            keys.append(key)
        }
        let reverse = collator.order == .reverse
        // Indices sorted by key; equal keys keep their input order (the index breaks the tie).
        let order = strings.indices.sorted { a, b in
            let ordering = keys[a].withUnsafeBufferPointer { x in keys[b].withUnsafeBufferPointer { y in Self.compareBytes(x, y) } }
            if ordering != 0 { return reverse ? ordering > 0 : ordering < 0 }
            return a < b
        }
        return order.map { strings[$0] }
    }

    /// Lexicographic comparison of two byte strings (a prefix first): negative, 0 or positive.
    private static func compareBytes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        let common = Swift.min(x.count, y.count)
        if common > 0, let a = x.baseAddress, let b = y.baseAddress {
            let result = memcmp(a, b, common)
            if result != 0 { return Int(result) }
        }
        return x.count - y.count
    }
}
