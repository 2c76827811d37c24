#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// An ICU MessageFormat pattern compiled for a locale: the syntax FormatJS, i18next-icu,
/// Android and many translation platforms use, formatted by ICU 72 itself, byte for byte.
///
/// Plural, `selectordinal` and `select` arguments (nested to any depth), `#` in plural
/// branches, exact matches (`=0`), `offset:`, `number`/`date`/`time` arguments with styles and
/// skeletons (`{price, number, ::currency/EUR}`), apostrophe quoting, named and numbered
/// arguments.
///
/// ```swift
/// let files = try MessageFormat("{count, plural, =0 {No files} one {# file} other {# files}}", locale: "en")
/// try files.format(["count": 1])        // "1 file"
/// try files.format(["count": 1_000])    // "1,000 files"
/// try MessageFormat("{0}: {1, number, percent}", locale: "de").format(["Anteil", 0.25])  // "Anteil: 25 %"
/// ```
///
/// Patterns are untrusted input: a syntax error is ``ParlanceError/Code/invalidMessage`` with
/// its line and column, and formatting without an argument the pattern uses is
/// ``ParlanceError/Code/missingArgument``; nothing crashes.
public struct MessageFormat: Sendable, Hashable {
    /// The pattern as given.
    public let pattern: String
    /// The locale whose plural rules, digits and date patterns are used.
    public let locale: LocaleID
    private let icu: ICUMessageFormatter

    /// Compiles `pattern` for `locale` (compiled patterns are cached and shared).
    ///
    /// - Throws: ``ParlanceError/Code/invalidMessage`` for a pattern that is not valid ICU
    ///   MessageFormat; the message gives the line and column.
    public init(_ pattern: String, locale: LocaleID) throws {
        self.pattern = pattern
        self.locale = locale
        self.icu = try ICUMessageFormatter.compiled(pattern: pattern, locale: locale)
    }

    /// Every argument the pattern uses, nested ones included, in order of first use (numbered
    /// arguments as their number, `"0"`).
    public var argumentNames: [String] { icu.argumentNames }

    /// Formats with named arguments.
    ///
    /// ```swift
    /// try MessageFormat("{host} invites {guest}", locale: "en").format(["host": "Ana", "guest": "Bo"])
    /// ```
    /// - Throws: ``ParlanceError/Code/missingArgument`` when an argument the pattern uses is not
    ///   given; ``ParlanceError/Code/invalidArgument`` when a value does not fit its use (text
    ///   for a plural).
    public func format(_ arguments: [String: MessageArgument] = [:]) throws -> String {
        try formatTyped(arguments.map { ($0.key, $0.value) })
    }

    /// Formats with numbered arguments: element 0 is `{0}`.
    ///
    /// - Throws: as `format(_:)` with named arguments.
    public func format(_ arguments: [MessageArgument]) throws -> String {
        try formatTyped(arguments.enumerated().map { (String($0.offset), $0.element) })
    }

    /// The formatting with its error type, for callers inside the package.
    package func formatTyped(_ arguments: [(String, MessageArgument)]) throws(ParlanceError) -> String {
        let given = Set(arguments.map(\.0))
        if let missing = icu.argumentNames.first(where: { !given.contains($0) }) {
            throw ParlanceError(.missingArgument, "the message uses the argument \(quoted(missing)), which was not given")
        }
        return try icu.format(arguments.map { ($0.0, $0.1.icuValue) })
    }

    public static func == (lhs: MessageFormat, rhs: MessageFormat) -> Bool { lhs.pattern == rhs.pattern && lhs.locale == rhs.locale }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(locale)
    }
}

/// A value for a ``MessageFormat`` argument.
///
/// Literals convert: `["count": 3, "name": "Ana", "share": 0.25]`. A ``DecimalNumber`` keeps its
/// written fraction digits (`"1.50"` selects the plural of 1.50, not of 1.5); a `Date` is an
/// instant for `date` and `time` arguments.
public enum MessageArgument: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral {
    case text(String)
    case integer(Int64)
    case double(Double)
    case decimal(DecimalNumber)
    case date(Date)

    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .text(value) }

    var icuValue: ICUMessageValue {
        switch self {
        case .text(let text): .text(text)
        case .integer(let value): .integer(value)
        case .double(let value): .double(value)
        case .decimal(let value): .decimal(value.text)
        case .date(let date): .double((date.timeIntervalSince1970 * 1000).rounded())
        }
    }
}

extension MessageArgument {
    /// An epoch-milliseconds instant, as ICU takes dates (`date`/`time` arguments).
    package static func millis(_ value: Double) -> MessageArgument { .double(value) }
}
