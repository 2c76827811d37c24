#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Compares, sorts and searches strings in a locale's order, with ICU's collation: Swedish `ä`
/// after `z`, German phonebook `ä` as `ae`, Chinese pinyin or stroke order, numbers by value.
///
/// A `Collator` is a `SortComparator`, so it sorts with Foundation's `sorted(using:)`:
///
/// ```swift
/// ["z", "ä", "a"].sorted(using: Collator(locale: "sv"))                 // ["a", "z", "ä"]
/// ["item 10", "item 2"].sorted(using: .parlance.collation.numeric(true)) // ["item 2", "item 10"]
/// Collator(locale: "de-u-co-phonebk").compare("Äpfel", "Affe")            // .orderedAscending
/// try Collator(locale: "fr", strength: .primary).firstRange(of: "e", in: "café") // the "é"
/// ```
///
/// The locale's `-u-co-` (collation type), `-u-kn-` (numeric), `-u-ks-` (strength) and `-u-kf-`
/// (case first) keywords are honoured; a keyword value ICU does not know is ignored, as
/// ECMA-402 ignores it. Each typed option that is set overrides the locale's keyword or
/// tailoring; an option left `nil` keeps it (Danish sorts upper case first unless
/// ``caseFirst`` is given).
///
/// Limits: ICU is given texts of at most ``maximumTextLength`` bytes of UTF-8 (16 MiB).
/// ``sortKey(_:)`` and the searches throw for a longer text; ``compare(_:_:)``, which cannot
/// throw, compares the first ``maximumTextLength`` bytes of such a text (cut at a character
/// boundary) and then, when those are equal, the byte counts.
///
/// `Sendable` note: a `Collator` holds a shared ICU collator that is configured once when it
/// is opened and afterwards used only through ICU's const calls, which are safe from any
/// thread; searches run on a private clone.
public struct Collator: SortComparator, Hashable, Sendable, Codable {
    /// Which differences count, from base letters only to every code point.
    public enum Strength: String, Hashable, Sendable, Codable, CaseIterable {
        /// Base letters only: `a` = `á` = `A` (ECMA-402 sensitivity "base").
        case primary
        /// Base letters and accents: `a` = `A` ≠ `á` ("accent").
        case secondary
        /// Letters, accents and case: the default ("variant" with case).
        case tertiary
        /// Also punctuation that ``ignorePunctuation`` made ignorable at the first three levels.
        case quaternary
        /// Also any code point difference left (NFD code point order as a last resort).
        case identical
    }

    /// Which case sorts first when two strings differ only in case.
    public enum CaseFirst: String, Hashable, Sendable, Codable, CaseIterable {
        /// Upper case first: `A` < `a`.
        case upper
        /// Lower case first: `a` < `A`.
        case lower
        /// The Unicode collation's own tertiary order (lower case first for Latin).
        case off
    }

    /// The options a collator compares with, once the locale's keywords and tailoring and the
    /// typed options are applied (as ECMA-402's `resolvedOptions`).
    public struct ResolvedOptions: Hashable, Sendable {
        public let strength: Strength
        public let numeric: Bool
        public let caseFirst: CaseFirst
        public let ignorePunctuation: Bool
    }

    /// The longest text, in UTF-8 bytes, that ICU is given: 16 MiB (see the limits above).
    public static let maximumTextLength = ICUCollator.maximumTextLength

    /// The locale whose order is used, with its `-u-co-`, `-u-kn-`, `-u-ks-`, `-u-kf-` keywords.
    public private(set) var locale: LocaleID
    /// The strength; `nil` keeps the locale's (tertiary unless `-u-ks-` says otherwise).
    public private(set) var strength: Strength?
    /// Whether digits sort by numeric value (`item 2` < `item 10`); `nil` keeps the locale's.
    public private(set) var numeric: Bool?
    /// Which case sorts first; `nil` keeps the locale's.
    public private(set) var caseFirst: CaseFirst?
    /// Whether spaces and punctuation are ignored (ICU's alternate handling "shifted"); `nil`
    /// keeps the locale's (Thai ignores them by default).
    public private(set) var ignorePunctuation: Bool?
    /// Ascending (`.forward`) or descending (`.reverse`) for ``compare(_:_:)`` and sorting.
    public var order: SortOrder

    /// The shared ICU collator for these settings.
    var icu: ICUCollator

    /// The shared ICU collator, for the verification sweep and the bench.
    package var icuCollator: ICUCollator { icu }

    /// A collator for `locale` (root, CLDR's base order, when not given) with options that
    /// override the locale's keywords when set.
    public init(
        locale: LocaleID = .root, strength: Strength? = nil, numeric: Bool? = nil, caseFirst: CaseFirst? = nil,
        ignorePunctuation: Bool? = nil, order: SortOrder = .forward
    ) {
        self.locale = locale
        self.strength = strength
        self.numeric = numeric
        self.caseFirst = caseFirst
        self.ignorePunctuation = ignorePunctuation
        self.order = order
        self.icu = Self.open(locale: locale, strength: strength, numeric: numeric, caseFirst: caseFirst, ignorePunctuation: ignorePunctuation)
    }

    private static func open(locale: LocaleID, strength: Strength?, numeric: Bool?, caseFirst: CaseFirst?, ignorePunctuation: Bool?)
        -> ICUCollator
    {
        let options = ICUCollator.Options(strength: strength?.icu, numeric: numeric, caseFirst: caseFirst?.icu, shifted: ignorePunctuation)
        // ICU opens a collator for every well-formed id (unknown ones get root data), so the
        // root fallback and the failure below are reached only when ICU's data is missing.
        if let collator = try? ICUCollator.cached(locale: locale, options: options) { return collator }
        do {
            return try ICUCollator.cached(locale: .root, options: options)
        } catch {
            preconditionFailure("ICU cannot open its root collator: \(error)")
        }
    }

    // MARK: Settings

    /// The collator for another locale, with the same options.
    public func locale(_ locale: LocaleID) -> Collator {
        Collator(locale: locale, strength: strength, numeric: numeric, caseFirst: caseFirst, ignorePunctuation: ignorePunctuation, order: order)
    }

    /// The collator for a Foundation locale (a malformed Foundation identifier is root).
    public func locale(_ locale: Locale) -> Collator { self.locale(LocaleID.forStyle(locale)) }

    /// The collator with another strength (`nil`: the locale's).
    public func strength(_ strength: Strength?) -> Collator {
        Collator(locale: locale, strength: strength, numeric: numeric, caseFirst: caseFirst, ignorePunctuation: ignorePunctuation, order: order)
    }

    /// The collator with numeric ordering on or off (`nil`: the locale's).
    public func numeric(_ numeric: Bool?) -> Collator {
        Collator(locale: locale, strength: strength, numeric: numeric, caseFirst: caseFirst, ignorePunctuation: ignorePunctuation, order: order)
    }

    /// The collator with another case order (`nil`: the locale's).
    public func caseFirst(_ caseFirst: CaseFirst?) -> Collator {
        Collator(locale: locale, strength: strength, numeric: numeric, caseFirst: caseFirst, ignorePunctuation: ignorePunctuation, order: order)
    }

    /// The collator ignoring punctuation and spaces or not (`nil`: the locale's).
    public func ignorePunctuation(_ ignorePunctuation: Bool?) -> Collator {
        Collator(locale: locale, strength: strength, numeric: numeric, caseFirst: caseFirst, ignorePunctuation: ignorePunctuation, order: order)
    }

    /// The options in effect: those set here, else the locale's keywords and tailoring.
    public var resolvedOptions: ResolvedOptions {
        let options = icu.effectiveOptions
        return ResolvedOptions(
            strength: options.strength.flatMap(Strength.init(icu:)) ?? .tertiary, numeric: options.numeric ?? false,
            caseFirst: options.caseFirst.flatMap(CaseFirst.init(icu:)) ?? .off, ignorePunctuation: options.shifted ?? false)
    }

    // MARK: Comparing

    /// How `lhs` sorts against `rhs` in this collator's order (reversed when ``order`` is
    /// `.reverse`): `.orderedSame` for strings equal at the collator's strength.
    public func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        // The first code points decide when ICU's first primary weights of the two differ (see
        // ICUCollator.compareFirstPrimaries); otherwise ICU compares.
        var result = icu.compareFirstPrimaries(lhs, rhs)
        if result == 0 { result = Self.withUTF8(lhs) { a in Self.withUTF8(rhs) { b in compareUTF8(a, b) } } }
        let ordered: ComparisonResult = result < 0 ? .orderedAscending : result > 0 ? .orderedDescending : .orderedSame
        guard order == .reverse else { return ordered }
        switch ordered {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }

    /// ICU's comparison of two UTF-8 texts, -1, 0 or 1, with the documented rule for texts over
    /// ``maximumTextLength``.
    private func compareUTF8(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int32 {
        let limit = Self.maximumTextLength
        guard a.count > limit || b.count > limit else { return icu.compare(a, b) }
        let result = icu.compare(Self.prefix(a, limit), Self.prefix(b, limit))
        if result != 0 || a.count == b.count { return result }
        return a.count < b.count ? -1 : 1
    }

    /// The first bytes of `text`, at most `limit`, cut before a UTF-8 continuation byte.
    private static func prefix(_ text: UnsafeBufferPointer<UInt8>, _ limit: Int) -> UnsafeBufferPointer<UInt8> {
        guard text.count > limit else { return text }
        var end = limit
        while end > 0, text[end] & 0xC0 == 0x80 { end -= 1 }
        return UnsafeBufferPointer(rebasing: text[..<end])
    }

    /// The sort key of `text`: bytes that compare, lexicographically (a prefix first), as
    /// ``compare(_:_:)`` compares the texts with ``order`` `.forward`, for an index in a
    /// database (a `bytea` or `BLOB` column). Keys depend on the ICU version and the collator's
    /// settings: store them with both and rebuild them when either changes.
    ///
    /// - Throws: ``ParlanceError`` with code ``ParlanceError/Code/invalidArgument`` for a text
    ///   over ``maximumTextLength`` bytes.
    public func sortKey(_ text: String) throws(ParlanceError) -> [UInt8] {
        try Self.checkLength(text, "text")
        // Most short texts of Latin letters, digits, spaces and punctuation get their key from
        // the table of ICU's collation elements (see ICUCollator.tableSortKey); ICU writes the rest.
        if !FormattingPaths.icuOnly, let key = Self.withUTF8(text, { icu.tableSortKey($0) }) { return key }
        var failure: Int32 = 0
        let key: [UInt8]? = Self.withUTF8(text) { bytes in
            do throws(ICUStatusError) {
                return try icu.sortKey(bytes)
            } catch {
                failure = error.status
                return nil
            }
        }
        guard let key else { throw ICUStatusError(status: failure).parlanceError(.internal, "ICU cannot make a sort key") }
        return key
    }

    // MARK: Searching

    /// The ranges of `text` that match `pattern` at this collator's strength and options, left
    /// to right, not overlapping (ICU's `usearch`): at primary strength `"e"` finds `"é"`, `"E"`
    /// and `"e"`. An empty pattern matches nothing.
    ///
    /// - Throws: ``ParlanceError`` with code ``ParlanceError/Code/invalidArgument`` when
    ///   `pattern` or `text` is over ``maximumTextLength`` bytes.
    public func ranges(of pattern: String, in text: String) throws(ParlanceError) -> [Range<String.Index>] {
        try search(pattern, in: text, limit: 0)
    }

    /// The first range of `text` that matches `pattern` (see ``ranges(of:in:)``), or nil.
    ///
    /// - Throws: ``ParlanceError`` with code ``ParlanceError/Code/invalidArgument`` when
    ///   `pattern` or `text` is over ``maximumTextLength`` bytes.
    public func firstRange(of pattern: String, in text: String) throws(ParlanceError) -> Range<String.Index>? {
        try search(pattern, in: text, limit: 1).first
    }

    private func search(_ pattern: String, in text: String, limit: Int32) throws(ParlanceError) -> [Range<String.Index>] {
        try Self.checkLength(pattern, "pattern")
        try Self.checkLength(text, "text")
        if pattern.isEmpty || text.isEmpty { return [] }
        let result: Result<[(Int, Int)], ICUStatusError> = Self.withUTF8(pattern) { pattern in
            Self.withUTF8(text) { text in
                do throws(ICUStatusError) {
                    return .success(try icu.search(pattern, in: text, limit: limit))
                } catch {
                    return .failure(error)
                }
            }
        }
        let offsets: [(Int, Int)]
        do throws(ICUStatusError) {
            offsets = try result.get()
        } catch {
            throw error.parlanceError(.internal, "ICU cannot search the text")
        }
        return Self.ranges(utf16Offsets: offsets, in: text)
    }

    /// String ranges for (start, end) UTF-16 offsets in ascending order, found in one pass over
    /// the text's UTF-16 view (a character outside the BMP takes two units). An offset inside
    /// a surrogate pair, which ICU does not report, is moved to the pair's start.
    static func ranges(utf16Offsets offsets: [(Int, Int)], in text: String) -> [Range<String.Index>] {
        let utf16 = text.utf16
        var index = utf16.startIndex
        var offset = 0
        func position(_ target: Int) -> String.Index {
            let clamped = min(max(target, 0), utf16.count)
            index = utf16.index(index, offsetBy: clamped - offset)
            offset = clamped
            if let aligned = String.Index(index, within: text.unicodeScalars) { return aligned }
            return utf16.index(before: index)
        }
        var ranges: [Range<String.Index>] = []
        ranges.reserveCapacity(offsets.count)
        for (start, end) in offsets {
            let lower = position(start)
            let upper = position(max(end, start))
            ranges.append(lower..<upper)
        }
        return ranges
    }

    // MARK: Helpers

    private static func checkLength(_ text: String, _ name: String) throws(ParlanceError) {
        let count = text.utf8.count
        guard count <= maximumTextLength else {
            throw ParlanceError(.invalidArgument, "the \(name) has \(count) bytes of UTF-8; a collator takes at most \(maximumTextLength)")
        }
    }

    /// Runs `body` over the UTF-8 bytes of `text` (its own storage for a native string).
    @inline(__always)
    static func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    // MARK: Hashable, Codable

    public static func == (lhs: Collator, rhs: Collator) -> Bool {
        lhs.locale == rhs.locale && lhs.strength == rhs.strength && lhs.numeric == rhs.numeric && lhs.caseFirst == rhs.caseFirst
            && lhs.ignorePunctuation == rhs.ignorePunctuation && lhs.order == rhs.order
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(locale)
        hasher.combine(strength)
        hasher.combine(numeric)
        hasher.combine(caseFirst)
        hasher.combine(ignorePunctuation)
        hasher.combine(order == .forward)
    }

    private enum CodingKeys: String, CodingKey { case locale, strength, numeric, caseFirst, ignorePunctuation, order }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            locale: try container.decode(LocaleID.self, forKey: .locale),
            strength: try container.decodeIfPresent(Strength.self, forKey: .strength),
            numeric: try container.decodeIfPresent(Bool.self, forKey: .numeric),
            caseFirst: try container.decodeIfPresent(CaseFirst.self, forKey: .caseFirst),
            ignorePunctuation: try container.decodeIfPresent(Bool.self, forKey: .ignorePunctuation),
            order: try container.decodeIfPresent(SortOrder.self, forKey: .order) ?? .forward)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(locale, forKey: .locale)
        try container.encodeIfPresent(strength, forKey: .strength)
        try container.encodeIfPresent(numeric, forKey: .numeric)
        try container.encodeIfPresent(caseFirst, forKey: .caseFirst)
        try container.encodeIfPresent(ignorePunctuation, forKey: .ignorePunctuation)
        try container.encode(order, forKey: .order)
    }
}

/// The entry point of Parlance's collations, reached as `.parlance` wherever a
/// `SortComparator` of strings is expected: `names.sorted(using: .parlance.collation.locale("sv"))`.
public struct ParlanceCollationStyles: Sendable {
    init() {}

    /// The root collation (CLDR's base order); set the locale with `.locale("sv")`.
    public var collation: Collator { Collator() }

    /// A collation with options that override the locale's keywords when set.
    public func collation(strength: Collator.Strength? = nil, numeric: Bool? = nil, caseFirst: Collator.CaseFirst? = nil, ignorePunctuation: Bool? = nil)
        -> Collator
    {
        Collator(strength: strength, numeric: numeric, caseFirst: caseFirst, ignorePunctuation: ignorePunctuation)
    }
}

extension SortComparator where Self == Collator {
    /// Parlance's collations for `String`: `names.sorted(using: .parlance.collation.locale("sv"))`.
    public static var parlance: ParlanceCollationStyles { ParlanceCollationStyles() }
}
