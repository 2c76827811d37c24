/// Joins items into a list the way a locale writes it: "a, b, and c", "a, b y c", "a, b ou c".
///
/// ```swift
/// try ListFormat(locale: "es").format(["a", "b", "c"])              // "a, b y c"
/// try ListFormat(locale: "en", type: .or).format(["tea", "coffee"]) // "tea or coffee"
/// try ListFormat(locale: "en", type: .units, width: .narrow).format(["5 ft", "2 in"]) // "5 ft 2 in"
/// ```
package struct ListFormat: Hashable, Sendable {

    package typealias Width = ListWidth

    /// The locale whose list patterns are used.
    public let locale: LocaleID
    /// and / or / units.
    public let type: ListType
    /// wide / short / narrow.
    public let width: Width
    let icu: ICUListFormatter

    /// A list formatter (cached per locale, type and width).
    public init(locale: LocaleID, type: ListType = .and, width: Width = .wide) throws {
        self.locale = locale
        self.type = type
        self.width = width
        self.icu = try ICUListFormatter.cached(locale: locale, type: type.icu, width: width.icu)
    }

    /// The items joined; `[]` is `""` and one item is itself.
    public func format(_ items: [String]) -> String { icu.format(items) }

    public static func == (lhs: ListFormat, rhs: ListFormat) -> Bool {
        lhs.locale == rhs.locale && lhs.type == rhs.type && lhs.width == rhs.width
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(locale)
        hasher.combine(type)
        hasher.combine(width)
    }
}

/// What the list means.
public enum ListType: String, Hashable, Sendable, Codable, CaseIterable {
    case and, or, units
}

/// How long the connecting words are.
public enum ListWidth: String, Hashable, Sendable, Codable, CaseIterable {
    case wide, short, narrow
}
