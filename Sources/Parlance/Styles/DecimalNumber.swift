#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// An exact, finite decimal number: digits as written, never through a binary `Double`.
///
/// Made from a decimal string (`[+-]?digits[.digits][(e|E)[+-]?digits]`, validated where it
/// enters), any `BinaryInteger`, or a finite `Decimal`. Trailing fraction zeros are kept
/// (`"1.50"` is shown with two fraction digits by a style with automatic precision, and is
/// plural `other` in English).
///
/// ```swift
/// let price = try DecimalNumber("19.99")
/// try price.formatted(.parlance.currency(code: "EUR").locale("de"))   // "19,99 €"
/// DecimalNumber(12).text                                          // "12"
/// try DecimalNumber("1,5")                                        // throws invalid-number
/// ```
public struct DecimalNumber: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The decimal text, as given (validated).
    public let text: String

    /// A decimal from its text.
    ///
    /// - Throws: ``ParlanceError`` with code ``ParlanceError/Code/invalidNumber`` for anything
    ///   but `[+-]?digits[.digits][(e|E)[+-]?digits]` (`"1,5"`, `".5"`, `"NaN"`, `"Infinity"`), or
    ///   a decimal beyond Parlance's bounds (a million characters, exponent ±100,000).
    public init(_ text: String) throws {
        try DecimalString.validate(text)
        self.text = text
    }

    /// An integer, exactly.
    public init<I: BinaryInteger>(_ value: I) {
        self.text = String(value)
    }

    /// An integer literal: `let amount: DecimalNumber = 12`.
    public init(integerLiteral value: Int64) {
        self.text = String(value)
    }

    /// A `Decimal`, exactly.
    ///
    /// - Throws: ``ParlanceError/Code/invalidNumber`` for a NaN `Decimal`.
    public init(_ value: Decimal) throws {
        guard !value.isNaN else { throw ParlanceError(.invalidNumber, "a NaN Decimal is not a number") }
        self.text = value.description
    }

    /// The decimal text.
    public var description: String { text }

    public init(from decoder: any Decoder) throws {
        self = try ValidatedText.decode(from: decoder) { try DecimalNumber($0) }
    }

    public func encode(to encoder: any Encoder) throws { try ValidatedText.encode(text, to: encoder) }
}
