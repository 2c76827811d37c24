/// One argument of a localized format: a typed value, never a C variadic.
///
/// Formats from translations are untrusted, so arguments carry their type and every
/// conversion checks it: `%d` with a string argument is an error, never a reinterpretation
/// of memory. Literals make call sites short:
///
/// ```swift
/// let text = try LocalizedFormatter(locale: "ru").format("%@: %d", "Файлы", 1000)
/// // "Файлы: 1 000" (U+00A0 between the groups)
/// let price: LocalizationArgument = .decimal("1.50")   // keeps its two visible fraction digits
/// ```
public enum LocalizationArgument: Hashable, Sendable, CustomStringConvertible {
    /// A signed integer (`%d %i %u %ld %lld %x %o %c`, and `%f %e %g`, converted exactly).
    case int(Int64)
    /// A binary floating-point value (`%f %e %g`; `%@` prints its shortest round-trip form).
    case double(Double)
    /// An exact decimal string `[+-]?digits[.digits][(e|E)[+-]?digits]`, formatted without going
    /// through a binary double; its written fraction digits count for plural selection.
    case decimal(String)
    /// Text (`%@`, `%s`; `%c` when it is a single character).
    case string(String)

    /// The argument as `%@` prints it: text as is, numbers in their plain (unlocalized) form,
    /// as `NSNumber.description` does.
    public var description: String {
        switch self {
        case .int(let value): String(value)
        case .double(let value): Self.shortest(value)
        case .decimal(let value): value
        case .string(let value): value
        }
    }

    /// A short name of the argument's kind for error messages.
    var kindName: String {
        switch self {
        case .int: "an integer"
        case .double: "a floating-point number"
        case .decimal: "a decimal"
        case .string: "a string"
        }
    }

    static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}

extension LocalizationArgument: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral {
    /// An ``int(_:)`` argument from an integer literal.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// A ``double(_:)`` argument from a floating-point literal.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A ``string(_:)`` argument from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension LocalizationArgument {
    /// An ``int(_:)`` argument from any integer that fits in 64 bits (larger values become an
    /// exact ``decimal(_:)``).
    ///
    /// ```swift
    /// let count: Int = 21
    /// LocalizationArgument(count)  // .int(21)
    /// ```
    public init<I: BinaryInteger>(_ value: I) {
        if let small = Int64(exactly: value) {
            self = .int(small)
        } else {
            self = .decimal(String(value))
        }
    }
}

/// A value that can be passed where a ``LocalizationArgument`` is expected, so that
/// `arguments: [count]` compiles with `count: Int` (or `Double`, `String`, any integer).
///
/// ```swift
/// let count = 21
/// try catalog.localizedString("items.count", locale: "ru", arguments: [count])  // "21 элемент"
/// ```
public protocol LocalizationArgumentConvertible: Sendable {
    /// The argument this value stands for.
    var localizationArgument: LocalizationArgument { get }
}

extension LocalizationArgument: LocalizationArgumentConvertible {
    /// The argument itself.
    public var localizationArgument: LocalizationArgument { self }
}

extension Int: LocalizationArgumentConvertible {
    /// An ``LocalizationArgument/int(_:)`` argument.
    public var localizationArgument: LocalizationArgument { .int(Int64(self)) }
}

extension Int64: LocalizationArgumentConvertible {
    /// An ``LocalizationArgument/int(_:)`` argument.
    public var localizationArgument: LocalizationArgument { .int(self) }
}

extension Int32: LocalizationArgumentConvertible {
    /// An ``LocalizationArgument/int(_:)`` argument.
    public var localizationArgument: LocalizationArgument { .int(Int64(self)) }
}

extension UInt: LocalizationArgumentConvertible {
    /// An ``LocalizationArgument/int(_:)`` argument, or an exact decimal above `Int64.max`.
    public var localizationArgument: LocalizationArgument { LocalizationArgument(self) }
}

extension Double: LocalizationArgumentConvertible {
    /// A ``LocalizationArgument/double(_:)`` argument.
    public var localizationArgument: LocalizationArgument { .double(self) }
}

extension String: LocalizationArgumentConvertible {
    /// A ``LocalizationArgument/string(_:)`` argument.
    public var localizationArgument: LocalizationArgument { .string(self) }
}

extension Substring: LocalizationArgumentConvertible {
    /// A ``LocalizationArgument/string(_:)`` argument.
    public var localizationArgument: LocalizationArgument { .string(String(self)) }
}
