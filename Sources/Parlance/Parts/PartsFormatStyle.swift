#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A Parlance style that can also describe what it writes: ECMA-402's `formatToParts`.
///
/// Every number, currency, measurement, date, relative-time and list style conforms; reach the
/// parts through ``parts`` (an array of ``FormatPart``) or ``attributed`` (an
/// `AttributedString` whose runs carry each part's kind).
///
/// ```swift
/// let style = NumberFormatStyle<Double>(locale: "de")
/// style.parts.format(-1234.5).map(\.kind)   // minusSign, integer, group, integer, decimal, fraction
/// ```
///
/// Parts always come from ICU's own formatting, so they describe exactly the text ICU writes;
/// the style's compiled fast path writes the same text (the `--verify-*` sweeps prove it).
public protocol ParlancePartsFormatStyle: ParlanceFormatStyle {
    /// The parts of `value`, whose values concatenated are `format(value)`.
    func formatParts(_ value: FormatInput) -> [FormatPart]
}

extension ParlancePartsFormatStyle {
    /// This style producing ``FormatPart``s instead of a `String`.
    public var parts: FormatPartsStyle<Self> { FormatPartsStyle(base: self) }
    /// This style producing an `AttributedString` whose runs carry their part's kind
    /// (``FormatPartAttribute``) and, in ranges, source (``FormatPartSourceAttribute``).
    public var attributed: AttributedFormatStyle<Self> { AttributedFormatStyle(base: self) }
}

/// A style's output as an array of ``FormatPart``s (``ParlancePartsFormatStyle/parts``).
public struct FormatPartsStyle<Base: ParlancePartsFormatStyle>: FormatStyle, Sendable {
    /// The style whose output is described.
    public let base: Base

    /// The parts of `value`.
    public func format(_ value: Base.FormatInput) -> [FormatPart] { base.formatParts(value) }

    /// The parts in another locale.
    public func locale(_ locale: Locale) -> Self { Self(base: base.locale(locale)) }
}

/// A style's output as an `AttributedString` (``ParlancePartsFormatStyle/attributed``): one run
/// per part, with ``FormatPartAttribute`` (and ``FormatPartSourceAttribute`` in ranges).
///
/// ```swift
/// let text = NumberFormatStyle<Int>(locale: "en").attributed.format(1234)
/// for run in text.runs { print(text[run.range], run.parlanceFormatPart!) }
/// // 1 integer, "," group, 234 integer
/// ```
public struct AttributedFormatStyle<Base: ParlancePartsFormatStyle>: FormatStyle, Sendable {
    /// The style whose output is attributed.
    public let base: Base

    /// The attributed text of `value`.
    public func format(_ value: Base.FormatInput) -> AttributedString {
        AttributedString(parts: base.formatParts(value))
    }

    /// The attributed text in another locale.
    public func locale(_ locale: Locale) -> Self { Self(base: base.locale(locale)) }
}

/// The ``FormatPart/Kind`` of an attributed run.
public enum FormatPartAttribute: CodableAttributedStringKey {
    public typealias Value = FormatPart.Kind
    public static let name = "Parlance.formatPart"
}

/// The ``FormatPart/Source`` of an attributed run in a range.
public enum FormatPartSourceAttribute: CodableAttributedStringKey {
    public typealias Value = FormatPart.Source
    public static let name = "Parlance.formatPartSource"
}

/// The unit of a relative time's number, on the runs of that number.
public enum FormatPartUnitAttribute: CodableAttributedStringKey {
    public typealias Value = String
    public static let name = "Parlance.formatPartUnit"
}

extension AttributeScopes {
    /// Parlance's attributes: the kind, source and unit of format parts.
    public var parlance: ParlanceAttributes.Type { ParlanceAttributes.self }

    /// Parlance's attributes: the kind, source and unit of format parts.
    public struct ParlanceAttributes: AttributeScope {
        /// The kind of a part.
        public let parlanceFormatPart: FormatPartAttribute
        /// The range end of a part.
        public let parlanceFormatPartSource: FormatPartSourceAttribute
        /// The unit of a relative time's number.
        public let parlanceFormatPartUnit: FormatPartUnitAttribute
    }
}

extension AttributeDynamicLookup {
    /// `run.parlanceFormatPart`, `run.parlanceFormatPartSource`, `run.parlanceFormatPartUnit`.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.ParlanceAttributes, T>) -> T {
        self[T.self]
    }
}

extension AttributedString {
    /// The parts' text, one run per part carrying its kind, source and unit.
    public init(parts: [FormatPart]) {
        var text = AttributedString()
        for part in parts {
            var container = AttributeContainer()
            container[FormatPartAttribute.self] = part.kind
            if let source = part.source { container[FormatPartSourceAttribute.self] = source }
            if let unit = part.unit { container[FormatPartUnitAttribute.self] = unit }
            text.append(AttributedString(part.value, attributes: container))
        }
        self = text
    }
}
