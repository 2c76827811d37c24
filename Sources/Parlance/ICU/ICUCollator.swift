internal import CICU

/// Owns an ICU collator (`UCollator`), opened and configured once for a locale and options.
///
/// `Sendable` notes: every attribute is set in `CICU_collatorOpen`, before the handle is
/// shared; afterwards only const ICU calls reach the collator (`ucol_strcollUTF8`,
/// `ucol_getSortKey`, `ucol_getAttribute`, `ucol_clone`, and `ucol_openElements` and
/// `ucol_getContractionsAndExpansions` for the first-code-point table, made once and published
/// atomically), which ICU documents as safe on a collator shared between threads. A search runs on a private clone with its own
/// `UStringSearch` (see collation.c), so no mutable ICU state is shared.
package final class ICUCollator: @unchecked Sendable {
    private let handle: OpaquePointer

    /// The options of a collator; `nil` leaves the locale's keyword or tailoring as it is.
    package struct Options: Hashable, Sendable {
        /// A strength, one of the `CICU_COLLATION_*` strength constants.
        package var strength: Int32?
        package var numeric: Bool?
        /// A case first value, one of `CICU_COLLATION_CASE_FIRST_*`.
        package var caseFirst: Int32?
        /// Alternate handling "shifted" (true) or "non-ignorable" (false).
        package var shifted: Bool?

        package init(strength: Int32? = nil, numeric: Bool? = nil, caseFirst: Int32? = nil, shifted: Bool? = nil) {
            self.strength = strength
            self.numeric = numeric
            self.caseFirst = caseFirst
            self.shifted = shifted
        }
    }

    private struct Key: Hashable, Sendable {
        var locale: String
        var options: Options
    }

    private static let cache = LRUCache<Key, ICUCollator>(capacity: 512)

    /// The longest text, in UTF-8 bytes, given to ICU (`CICU_COLLATION_MAX_TEXT_LENGTH`, 16 MiB).
    package static let maximumTextLength = Int(CICU_COLLATION_MAX_TEXT_LENGTH)

    /// The shared collator for a locale and options (cached per locale id and options).
    package static func cached(locale: LocaleID, options: Options) throws(ParlanceError) -> ICUCollator {
        try cache.value(for: Key(locale: locale.identifier, options: options)) { () throws(ParlanceError) in
            var status: Int32 = 0
            let unset = Int32(CICU_COLLATION_DEFAULT)
            func flag(_ value: Bool?) -> Int32 { value.map { $0 ? Int32(1) : Int32(0) } ?? unset }
            let handle = CICU_collatorOpen(
                locale.identifier, options.strength ?? unset, flag(options.numeric), options.caseFirst ?? unset, flag(options.shifted), &status)
            guard let handle, status <= 0 else {
                throw ICUStatusError(status: status).parlanceError(.internal, "ICU cannot open a collator for \(locale.identifier)")
            }
            return ICUCollator(handle: handle)
        }
    }

    package static var cachedCount: Int { cache.count }

    private init(handle: OpaquePointer) { self.handle = handle }
    deinit { CICU_collatorClose(handle) }

    /// The attributes in effect: the options given, else the locale's keywords and tailoring.
    package var effectiveOptions: Options {
        var values: [Int32] = [0, 0, 0, 0]
        var status: Int32 = 0
        CICU_collatorAttributes(handle, &values, &status)
        return Options(strength: values[0], numeric: values[1] != 0, caseFirst: values[2], shifted: values[3] != 0)
    }

    /// -1, 0 or 1 as ICU (`ucol_strcollUTF8`) compares two strings of at most
    /// ``maximumTextLength`` bytes each.
    @inline(__always)
    package func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int32 {
        var status: Int32 = 0
        return a.withMemoryRebound(to: CChar.self) { a in
            b.withMemoryRebound(to: CChar.self) { b in
                CICU_collatorCompareUTF8(handle, a.baseAddress, Int32(a.count), b.baseAddress, Int32(b.count), &status)
            }
        }
    }

    /// -1 or 1 when the first code points of `a` and `b` decide their order, 0 when ICU must
    /// compare them.
    ///
    /// ICU compares the strings' primary weights before any other level. The shim's table
    /// (`CICU_collatorFirstPrimaries`, made from ICU's collation elements and sort keys on the
    /// first call) gives, for a first code point below U+0250 that maps to exactly one non-zero
    /// primary weight (reordered, not shifted away, not a digit, no leading combining class),
    /// that weight; it is the string's first primary weight when the next code point is ASCII
    /// (combining class 0: no normalization or discontiguous contraction reaches back) and
    /// continues no contraction or prefix mapping of the first. Two such first weights that
    /// differ order the strings, whatever the strength, case level, case order or French
    /// accents. The tests and `parlance bench --verify-collation` compare every answer with
    /// `ucol_strcollUTF8`.
    @inline(__always)
    package func compareFirstPrimaries(_ a: String, _ b: String) -> Int32 {
        var contracting: UnsafePointer<UInt64>?
        guard let primaries = CICU_collatorFirstPrimaries(handle, &contracting), let contracting else { return 0 }
        let left = a.utf8.withContiguousStorageIfAvailable { Self.firstPrimary($0, primaries, contracting) } ?? 0
        guard left != 0 else { return 0 }
        let right = b.utf8.withContiguousStorageIfAvailable { Self.firstPrimary($0, primaries, contracting) } ?? 0
        guard right != 0, left != right else { return 0 }
        return left < right ? -1 : 1
    }

    /// The first primary weight of UTF-8 `text` from the table, or 0 when the table does not
    /// decide it.
    @inline(__always)
    private static func firstPrimary(_ text: UnsafeBufferPointer<UInt8>, _ primaries: UnsafePointer<UInt32>, _ contracting: UnsafePointer<UInt64>)
        -> UInt32
    {
        let count = text.count
        guard count > 0 else { return 0 }
        let lead = text[0]
        let scalar: Int
        let width: Int
        if lead < 0x80 {
            scalar = Int(lead)
            width = 1
        } else if lead >= 0xC2, Int(lead) < 0xC0 + Int(CICU_COLLATION_FIRST_PRIMARY_LIMIT) >> 6, count >= 2, text[1] & 0xC0 == 0x80 {
            scalar = Int(lead & 0x1F) << 6 | Int(text[1] & 0x3F)
            width = 2
        } else {
            return 0
        }
        let primary = primaries[scalar]
        guard primary != 0, count > width else { return primary }
        let next = text[width]
        guard next < 0x80, (contracting[2 * scalar + Int(next >> 6)] >> UInt64(next & 63)) & 1 == 0 else { return 0 }
        return primary
    }

    /// ICU's sort key of a UTF-8 text, without the terminating zero byte, written from the
    /// shim's table of ICU's collation elements (`CICU_collatorTableSortKey`, made and checked
    /// against `ucol_getSortKey` once the collator has been asked for 64 keys), or nil when the table does not
    /// decide the text: it decides texts of at most 256 bytes made of code points below
    /// U+0250 that map to at most four collation elements each, with no contraction or prefix
    /// mapping between two of them, at strength primary, secondary or tertiary without case
    /// level or French secondary order. The key is written to the stack and copied once into
    /// an array of its own length. The tests and `parlance bench --verify-collation` compare
    /// every such key with ICU's.
    @inline(__always)
    package func tableSortKey(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let count = text.count
        guard count <= Int(CICU_COLLATION_TABLE_KEY_MAX_TEXT_LENGTH) else { return nil }
        let capacity = Int(CICU_collationTableKeyCapacity(Int32(count)))
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratch -> [UInt8]? in
            let length = text.withMemoryRebound(to: CChar.self) { text in
                CICU_collatorTableSortKey(handle, text.baseAddress, Int32(count), scratch.baseAddress, Int32(capacity))
            }
            guard length >= 0 else { return nil }
            return [UInt8](UnsafeBufferPointer(rebasing: scratch[..<Int(length)]))
        }
    }

    /// How many code points below U+0250 the sort key table writes (0 when the collator's
    /// options leave every key to ICU), and how many pairs of adjacent code points below
    /// U+0250 it leaves to ICU as parts of a contraction or prefix mapping.
    package var tableSortKeyCoverage: (codePoints: Int, pairs: Int) {
        var codePoints: Int32 = 0
        var pairs: Int32 = 0
        CICU_collatorTableSortKeyCoverage(handle, &codePoints, &pairs)
        return (Int(codePoints), Int(pairs))
    }

    /// ICU's sort key (`ucol_getSortKey`, never the table) of a text of at most
    /// ``maximumTextLength`` bytes, without ICU's terminating zero byte: written by ICU into
    /// the array's own storage (one allocation; a key longer
    /// than the first estimate costs a second round of the size ICU reported).
    package func sortKey(_ text: UnsafeBufferPointer<UInt8>) throws(ICUStatusError) -> [UInt8] {
        // Keys are about 1–3 bytes per UTF-8 byte at the default strength.
        var capacity = min(text.count * 3 + 16, Int(Int32.max))
        for _ in 0..<3 {
            var outcome = WrittenKey.failed(0)
            let key = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                outcome = writeICUSortKey(text, into: buffer)
                if case .written(let length) = outcome { count = length } else { count = 0 }
            }
            switch outcome {
            case .written: return key
            case .needs(let needed): capacity = needed
            case .failed(let status): throw ICUStatusError(status: status)
            }
        }
        throw ICUStatusError(status: CICU_STATUS_BUFFER_OVERFLOW)
    }

    /// What ``writeSortKey(_:into:)`` did.
    package enum WrittenKey {
        /// The key is in the buffer: this many bytes (without ICU's terminating zero byte).
        case written(Int)
        /// The buffer is too small: a buffer of this many bytes holds the key.
        case needs(Int)
        /// ICU failed with this status.
        case failed(Int32)
    }

    /// Writes the sort key of a text of at most ``maximumTextLength`` bytes into `buffer`: from
    /// the table (see ``tableSortKey(_:)``) when it decides the text and the buffer has the
    /// room it asks for, else by ICU, which writes a terminating zero byte after the key (so
    /// the buffer needs one more byte).
    @inline(__always)
    package func writeSortKey(_ text: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>) -> WrittenKey {
        // The table of ICU's collation elements writes most short Latin texts' keys (see
        // tableSortKey) when the buffer has the room it asks for.
        if !FormattingPaths.icuOnly, text.count <= Int(CICU_COLLATION_TABLE_KEY_MAX_TEXT_LENGTH),
            buffer.count >= Int(CICU_collationTableKeyCapacity(Int32(text.count)))
        {
            let length = text.withMemoryRebound(to: CChar.self) { text in
                CICU_collatorTableSortKey(handle, text.baseAddress, Int32(text.count), buffer.baseAddress, Int32(clamping: buffer.count))
            }
            if length >= 0 { return .written(Int(length)) }
        }
        return writeICUSortKey(text, into: buffer)
    }

    /// Writes ICU's sort key (`ucol_getSortKey`, never the table) of a text of at most
    /// ``maximumTextLength`` bytes into `buffer` (ICU writes a terminating zero byte after it,
    /// so the buffer needs one more byte).
    @inline(__always)
    private func writeICUSortKey(_ text: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>) -> WrittenKey {
        var status: Int32 = 0
        let capacity = Int32(clamping: buffer.count)
        let length = text.withMemoryRebound(to: CChar.self) { text in
            CICU_collatorSortKey(handle, text.baseAddress, Int32(text.count), buffer.baseAddress, capacity, &status)
        }
        if status <= 0 { return .written(Int(length)) }
        if status == CICU_STATUS_BUFFER_OVERFLOW, length > capacity { return .needs(Int(length)) }
        return .failed(status)
    }

    /// The matches of `pattern` in `text` (both UTF-8, at most ``maximumTextLength`` bytes, the
    /// pattern not empty) as (start, end) UTF-16 offsets, left to right, at most `limit` of them
    /// when `limit` > 0.
    package func search(_ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, limit: Int32) throws(ICUStatusError) -> [(Int, Int)] {
        var capacity = limit > 0 ? Int(limit) : 16
        for _ in 0..<3 {
            var status: Int32 = 0
            var count: Int32 = 0
            let pairs = [Int32](unsafeUninitializedCapacity: capacity * 2) { buffer, written in
                count = pattern.withMemoryRebound(to: CChar.self) { pattern in
                    text.withMemoryRebound(to: CChar.self) { text in
                        CICU_collatorSearch(
                            handle, pattern.baseAddress, Int32(pattern.count), text.baseAddress, Int32(text.count), limit, buffer.baseAddress,
                            Int32(capacity), &status)
                    }
                }
                written = status <= 0 ? Int(count) * 2 : 0
            }
            if status <= 0 {
                return stride(from: 0, to: pairs.count, by: 2).map { (Int(pairs[$0]), Int(pairs[$0 + 1])) }
            }
            guard status == CICU_STATUS_BUFFER_OVERFLOW, Int(count) > capacity else { throw ICUStatusError(status: status) }
            capacity = Int(count)
        }
        throw ICUStatusError(status: CICU_STATUS_BUFFER_OVERFLOW)
    }
}

extension Collator.Strength {
    /// The shim's constant for this strength.
    package var icu: Int32 {
        switch self {
        case .primary: CICU_COLLATION_PRIMARY
        case .secondary: CICU_COLLATION_SECONDARY
        case .tertiary: CICU_COLLATION_TERTIARY
        case .quaternary: CICU_COLLATION_QUATERNARY
        case .identical: CICU_COLLATION_IDENTICAL
        }
    }

    /// The strength for a shim constant, nil for another value.
    package init?(icu: Int32) {
        guard let match = Self.allCases.first(where: { $0.icu == icu }) else { return nil }
        self = match
    }
}

extension Collator.CaseFirst {
    /// The shim's constant for this value.
    package var icu: Int32 {
        switch self {
        case .upper: CICU_COLLATION_CASE_FIRST_UPPER
        case .lower: CICU_COLLATION_CASE_FIRST_LOWER
        case .off: CICU_COLLATION_CASE_FIRST_OFF
        }
    }

    /// The value for a shim constant, nil for another value.
    package init?(icu: Int32) {
        guard let match = Self.allCases.first(where: { $0.icu == icu }) else { return nil }
        self = match
    }
}
