/// A CLDR plural category.
///
/// The cases are declared in CLDR's order (zero, one, two, few, many, other), which is also
/// the order of `allCases` and of ``PluralRules/categories``.
public enum PluralCategory: String, CaseIterable, Comparable, Codable, Hashable, Sendable {
    case zero, one, two, few, many, other

    /// Parses a CLDR category keyword such as `"few"`.
    public init?(keyword: some StringProtocol) {
        switch keyword {
        case "zero": self = .zero
        case "one": self = .one
        case "two": self = .two
        case "few": self = .few
        case "many": self = .many
        case "other": self = .other
        default: return nil
        }
    }

    /// The CLDR keyword, e.g. `"few"`.
    public var keyword: String { rawValue }

    /// The position in CLDR's order (zero 0 … other 5), for tables indexed by category.
    package var index: Int { order }

    private var order: Int {
        switch self {
        case .zero: 0
        case .one: 1
        case .two: 2
        case .few: 3
        case .many: 4
        case .other: 5
        }
    }

    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool { lhs.order < rhs.order }
}

/// Which CLDR plural rules to use: cardinal ("1 book, 2 books") or ordinal ("1st, 2nd").
public enum PluralRuleType: String, CaseIterable, Codable, Hashable, Sendable {
    /// Counting rules (CLDR `plurals.xml`).
    case cardinal
    /// Ordering rules (CLDR `ordinals.xml`).
    case ordinal
}
