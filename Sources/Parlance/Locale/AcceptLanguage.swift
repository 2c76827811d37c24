/// A parsed HTTP `Accept-Language` header (RFC 9110 section 12.5.4), lenient as servers must be.
///
/// The header is a comma-separated list of language ranges, each with an optional weight
/// `;q=` between 0 and 1 (at most three decimals). Parsing never fails:
/// - ranges with `q=0` are excluded ("not acceptable");
/// - the wildcard `*` is ignored (it names no locale to match);
/// - malformed parts are ignored: an ill-formed range, a bad or repeated `q`, a parameter
///   without `=`, an empty part;
/// - the rest are ordered by weight, highest first, keeping header order among equal weights.
///
/// ```swift
/// let header = AcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")
/// header.locales.map(\.languageTag)   // ["fr-CH", "fr", "en", "de"]
/// AcceptLanguage("**;q=abc, en").locales.map(\.languageTag)   // ["en"]
/// ```
public struct AcceptLanguage: Hashable, Sendable {
    /// One acceptable language range and its weight.
    public struct Entry: Hashable, Sendable {
        /// The range as written, e.g. `"fr-CH"`.
        public let range: String
        /// The range as a locale.
        public let locale: LocaleID
        /// The weight, 0 < quality ≤ 1 (1 when the header gave none).
        public let quality: Double
    }

    /// The acceptable ranges, best first (stable among equal weights).
    public let entries: [Entry]

    /// The acceptable locales, best first.
    public var locales: [LocaleID] { entries.map(\.locale) }

    /// The longest header parsed; the rest of a longer one is ignored, never an error.
    package static let maximumLength = 64 * 1024

    /// Parses a header value; never fails (see the type's discussion for what is ignored).
    ///
    /// ```swift
    /// AcceptLanguage("da, en-GB;q=0.8, en;q=0.7").locales.map(\.languageTag)
    /// // ["da", "en-GB", "en"]
    /// ```
    public init(_ header: String) {
        var parsed: [Entry] = []
        for part in header.utf8.prefix(Self.maximumLength).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true) {
            if let entry = Self.parse(part) { parsed.append(entry) }
        }
        // Stable: the sort key includes the original position.
        entries = parsed.enumerated()
            .sorted { $0.element.quality != $1.element.quality ? $0.element.quality > $1.element.quality : $0.offset < $1.offset }
            .map(\.element)
    }

    private static func parse(_ part: Substring.UTF8View.SubSequence) -> Entry? {
        let pieces = part.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map(trimmed)
        guard let rangeBytes = pieces.first, !rangeBytes.isEmpty else { return nil }
        var quality = 1.0
        var sawQuality = false
        for parameter in pieces.dropFirst() {
            let sides = parameter.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard sides.count == 2 else { return nil }
            let name = trimmed(sides[0])
            let value = trimmed(sides[1])
            guard !name.isEmpty, name.allSatisfy(isTokenCharacter) else { return nil }
            if name.count == 1, name.first! | 0x20 == UInt8(ascii: "q") {
                guard !sawQuality, let q = qValue(value) else { return nil }
                quality = q
                sawQuality = true
            }
            // Other parameters are not defined for Accept-Language; a well-formed one is ignored.
        }
        guard quality > 0 else { return nil }
        let range = String(decoding: rangeBytes, as: UTF8.self)
        if range == "*" { return nil }
        // A language range is 1*8ALPHA *("-" 1*8alphanum); the locale parser checks the rest.
        guard rangeBytes.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "-") }),
            let locale = try? LocaleID(range)
        else { return nil }
        return Entry(range: range, locale: locale, quality: quality)
    }

    /// RFC 9110 `qvalue`: `0[.ddd]` or `1[.000]`.
    private static func qValue(_ bytes: ArraySlice<UInt8>) -> Double? {
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        let rest = bytes.dropFirst()
        if rest.isEmpty { return first == UInt8(ascii: "1") ? 1 : 0 }
        guard rest.first == UInt8(ascii: "."), rest.count <= 4 else { return nil }
        let decimals = rest.dropFirst()
        guard decimals.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        if first == UInt8(ascii: "1") {
            return decimals.allSatisfy({ $0 == UInt8(ascii: "0") }) ? 1 : nil
        }
        var thousandths = 0
        for (position, digit) in decimals.enumerated() {
            thousandths += Int(digit - UInt8(ascii: "0")) * [100, 10, 1][position]
        }
        return Double(thousandths) / 1000
    }

    private static func trimmed<C: Collection>(_ bytes: C) -> ArraySlice<UInt8> where C.Element == UInt8 {
        let array = ArraySlice(bytes)
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let start = array.firstIndex(where: { !isSpace($0) }),
            let end = array.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return array[start...end]
    }

    private static func isAlphanumeric(_ c: UInt8) -> Bool {
        (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    private static func isTokenCharacter(_ c: UInt8) -> Bool {
        isAlphanumeric(c) || "!#$%&'*+-.^_`|~".utf8.contains(c)
    }
}
