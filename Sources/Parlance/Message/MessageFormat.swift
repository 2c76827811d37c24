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
///
/// A formatter type rather than a `FormatStyle`: a message formats a set of named or numbered
/// arguments, not one value a style could be applied to. Most patterns run as a compiled plan
/// over the compiled plural rules and number formats, proven equal to ICU by `parlance bench
/// --verify-messages`; the rest go to ICU.
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
        // Names match as ICU matches them (UTF-16 units) only when they are ASCII: Swift's
        // `==` would also match canonically equivalent spellings.
        if let plan = icu.plan, icu.argumentNamesAreASCII {
            let names = icu.argumentNames
            if names.count == 1 {
                guard let value = arguments[names[0]] else { throw Self.missing(names[0]) }
                if let text = plan.format({ _ in value }) { return text }
            } else {
                var values: [MessageArgument] = []
                values.reserveCapacity(names.count)
                for name in names {
                    guard let value = arguments[name] else { throw Self.missing(name) }
                    values.append(value)
                }
                if let text = plan.format({ values[$0] }) { return text }
            }
        }
        return try formatThroughICU(arguments.map { ($0.key, $0.value) })
    }

    /// Formats with numbered arguments: element 0 is `{0}`.
    ///
    /// - Throws: as `format(_:)` with named arguments.
    public func format(_ arguments: [MessageArgument]) throws -> String {
        if let plan = icu.plan {
            var values: [MessageArgument] = []
            values.reserveCapacity(icu.argumentNames.count)
            for name in icu.argumentNames {
                // Numbered arguments are named by their number as text ("0", not "00").
                guard let index = Int(name), index >= 0, index < arguments.count, String(index) == name else { throw Self.missing(name) }
                values.append(arguments[index])
            }
            if let text = plan.format({ values[$0] }) { return text }
        }
        return try formatThroughICU(arguments.enumerated().map { (String($0.offset), $0.element) })
    }

    /// The formatting with its error type, for callers inside the package: the compiled plan
    /// when it covers the values, else ICU. The first of equal names counts, as in ICU.
    package func formatTyped(_ arguments: [(String, MessageArgument)]) throws(ParlanceError) -> String {
        if let plan = icu.plan, icu.argumentNamesAreASCII {
            var values: [MessageArgument] = []
            values.reserveCapacity(icu.argumentNames.count)
            for name in icu.argumentNames {
                guard let given = arguments.first(where: { $0.0 == name }) else { throw Self.missing(name) }
                values.append(given.1)
            }
            if let text = plan.format({ values[$0] }) { return text }
        }
        return try formatThroughICU(arguments)
    }

    /// The formatting always through ICU (the reference the plan is verified against).
    package func formatThroughICU(_ arguments: [(String, MessageArgument)]) throws(ParlanceError) -> String {
        let given = Set(arguments.map(\.0))
        if let missing = icu.argumentNames.first(where: { !given.contains($0) }) { throw Self.missing(missing) }
        return try icu.format(arguments.map { ($0.0, $0.1.icuValue) })
    }

    /// Whether the pattern compiled into a plan (``MessagePlan``), and why not when it did not.
    package var planFallback: MessagePlan.Fallback? { icu.planFallback }
    /// The compiled plan, when there is one.
    package var plan: MessagePlan? { icu.plan }

    private static func missing(_ name: String) -> ParlanceError {
        ParlanceError(.missingArgument, "the message uses the argument \(quoted(name)), which was not given")
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
