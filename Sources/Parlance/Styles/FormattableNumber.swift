#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A number as it reaches ICU: a 64-bit integer, a binary double, or exact decimal digits.
///
/// Values of the types that conform to ``ParlanceFormattableNumber`` convert to it; the
/// representation is internal, so that the cheapest exact path is always taken.
public struct FormattableNumber: Sendable, Hashable {
    enum Storage: Sendable, Hashable {
        case int64(Int64)
        case double(Double)
        /// A valid decimal string (``DecimalString`` syntax, within its bounds).
        case decimal(String)
    }

    let storage: Storage

    init(_ storage: Storage) { self.storage = storage }

    /// Formats with a compiled formatter. Total: a decimal here has been validated.
    func format(with formatter: ICUNumberFormatter) -> String {
        switch storage {
        case .int64(let value): formatter.format(value)
        case .double(let value): formatter.format(value)
        case .decimal(let text): formatter.formatValidDecimal(text)
        }
    }
}

/// A number type Parlance's number styles format: the standard integer and floating-point
/// types, `Decimal` and ``DecimalNumber``.
public protocol ParlanceFormattableNumber: Sendable, Hashable, Codable {
    /// The value as Parlance hands it to ICU (exactly: integers and decimals never go
    /// through a `Double`).
    var formattableNumber: FormattableNumber { get }
}

extension ParlanceFormattableNumber where Self: FixedWidthInteger {
    public var formattableNumber: FormattableNumber {
        if let small = Int64(exactly: self) { return FormattableNumber(.int64(small)) }
        return FormattableNumber(.decimal(String(self)))
    }
}

extension Int: ParlanceFormattableNumber {}
extension Int8: ParlanceFormattableNumber {}
extension Int16: ParlanceFormattableNumber {}
extension Int32: ParlanceFormattableNumber {}
extension Int64: ParlanceFormattableNumber {}
extension UInt: ParlanceFormattableNumber {}
extension UInt8: ParlanceFormattableNumber {}
extension UInt16: ParlanceFormattableNumber {}
extension UInt32: ParlanceFormattableNumber {}
extension UInt64: ParlanceFormattableNumber {}

extension Double: ParlanceFormattableNumber {
    /// The binary double as ICU formats it (its shortest round-trip digits; NaN and the
    /// infinities in the locale's symbols).
    public var formattableNumber: FormattableNumber { FormattableNumber(.double(self)) }
}

extension Float: ParlanceFormattableNumber {
    /// The float widened to a `Double` (exact) and formatted as a double.
    public var formattableNumber: FormattableNumber { FormattableNumber(.double(Double(self))) }
}

extension Decimal: ParlanceFormattableNumber {
    /// The decimal digits exactly; a NaN `Decimal` formats as `Double.nan` does ("NaN").
    public var formattableNumber: FormattableNumber {
        if isNaN { return FormattableNumber(.double(.nan)) }
        return FormattableNumber(.decimal(description))
    }
}

extension DecimalNumber: ParlanceFormattableNumber {
    /// The decimal digits exactly.
    public var formattableNumber: FormattableNumber { FormattableNumber(.decimal(text)) }
}

/// A number type that is always exact and finite: what money is formatted from
/// (integers and ``DecimalNumber``; not `Double`, whose 0.1 is not 0.1, and not `Decimal`,
/// which can be NaN).
public protocol ExactAmount: ParlanceFormattableNumber {}

extension Int: ExactAmount {}
extension Int32: ExactAmount {}
extension Int64: ExactAmount {}
extension UInt: ExactAmount {}
extension UInt32: ExactAmount {}
extension UInt64: ExactAmount {}
extension DecimalNumber: ExactAmount {}
