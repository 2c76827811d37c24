#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The entry point of Parlance's number styles, reached as `.parlance` wherever a
/// `FormatStyle` for a number is expected: `x.formatted(.parlance.number.locale("de"))`.
public struct ParlanceNumberStyles<Value: ParlanceFormattableNumber>: Sendable {
    init() {}

    /// Plain numbers.
    public var number: NumberFormatStyle<Value> { NumberFormatStyle() }
    /// Fractions as percentages (0.25 → "25%").
    public var percent: NumberFormatStyle<Value> { NumberFormatStyle(kind: .percent) }
    /// Compact notation ("1.2K"; `.compactLong` for "1.2 thousand").
    public func compact(_ notation: NumberOptions.Notation = .compactShort) -> NumberFormatStyle<Value> {
        NumberFormatStyle().notation(notation == .compactLong ? .compactLong : .compactShort)
    }
    /// Scientific notation ("1.2345E3").
    public var scientific: NumberFormatStyle<Value> { NumberFormatStyle().notation(.scientific) }
    /// A measurement in a CLDR unit.
    public func measurement(_ unit: MeasureUnit, width: NumberOptions.UnitWidth = .short) -> MeasurementFormatStyle<Value> {
        MeasurementFormatStyle(unit: unit, width: width)
    }
    /// A measurement in the CLDR unit with ICU's id `unit` ("length-kilometer").
    ///
    /// - Throws: ``ParlanceError`` with code ``ParlanceError/Code/invalidArgument`` for a unit
    ///   ICU does not know.
    public func measurement(_ unit: String, width: NumberOptions.UnitWidth = .short) throws -> MeasurementFormatStyle<Value> {
        MeasurementFormatStyle(unit: try MeasureUnit(unit), width: width)
    }
}

extension ParlanceNumberStyles where Value: ExactAmount {
    /// Money in a currency, from an exact amount.
    public func currency(code: CurrencyCode, display: NumberOptions.CurrencyDisplay = .symbol) -> CurrencyFormatStyle<Value> {
        CurrencyFormatStyle(currency: code, display: display)
    }
    /// Money in the currency with ISO 4217 code `code` ("EUR", any case), from an exact amount.
    ///
    /// - Throws: ``ParlanceError`` with code ``ParlanceError/Code/invalidArgument`` when `code`
    ///   is not three letters.
    public func currency(code: String, display: NumberOptions.CurrencyDisplay = .symbol) throws -> CurrencyFormatStyle<Value> {
        CurrencyFormatStyle(currency: try CurrencyCode(code), display: display)
    }
}

extension ParlanceNumberStyles where Value == Int64 {
    /// File and memory sizes.
    public var byteCount: ByteCountFormatStyle { ByteCountFormatStyle() }
    /// File and memory sizes in 1024 steps (`.binary`) or 1000 steps.
    public func byteCount(base: ByteCountBase) -> ByteCountFormatStyle { ByteCountFormatStyle(base: base) }
}

// `.parlance` for each number type: an implicit member chain starts from the contextual
// style type and may end in any style of that input type.
extension ParlanceFormatStyle where Self == NumberFormatStyle<Double> {
    /// Parlance's styles for `Double`.
    public static var parlance: ParlanceNumberStyles<Double> { ParlanceNumberStyles() }
}
extension ParlanceFormatStyle where Self == NumberFormatStyle<Float> {
    /// Parlance's styles for `Float`.
    public static var parlance: ParlanceNumberStyles<Float> { ParlanceNumberStyles() }
}
extension ParlanceFormatStyle where Self == NumberFormatStyle<Int> {
    /// Parlance's styles for `Int`.
    public static var parlance: ParlanceNumberStyles<Int> { ParlanceNumberStyles() }
}
extension ParlanceFormatStyle where Self == NumberFormatStyle<Int32> {
    /// Parlance's styles for `Int32`.
    public static var parlance: ParlanceNumberStyles<Int32> { ParlanceNumberStyles() }
}
extension ParlanceFormatStyle where Self == NumberFormatStyle<Int64> {
    /// Parlance's styles for `Int64` (with ``ParlanceNumberStyles/byteCount``).
    public static var parlance: ParlanceNumberStyles<Int64> { ParlanceNumberStyles() }
}
extension ParlanceFormatStyle where Self == NumberFormatStyle<UInt> {
    /// Parlance's styles for `UInt`.
    public static var parlance: ParlanceNumberStyles<UInt> { ParlanceNumberStyles() }
}
extension ParlanceFormatStyle where Self == NumberFormatStyle<UInt64> {
    /// Parlance's styles for `UInt64`.
    public static var parlance: ParlanceNumberStyles<UInt64> { ParlanceNumberStyles() }
}
extension ParlanceFormatStyle where Self == NumberFormatStyle<Decimal> {
    /// Parlance's styles for `Decimal`.
    public static var parlance: ParlanceNumberStyles<Decimal> { ParlanceNumberStyles() }
}
extension ParlanceFormatStyle where Self == NumberFormatStyle<DecimalNumber> {
    /// Parlance's styles for ``DecimalNumber``.
    public static var parlance: ParlanceNumberStyles<DecimalNumber> { ParlanceNumberStyles() }
}

/// The entry point of Parlance's date styles: `date.formatted(.parlance.date(skeleton: "yMMMd"))`.
public struct ParlanceDateStyles: Sendable {
    init() {}

    /// A date from an ICU skeleton.
    public func date(skeleton: DateSkeleton) -> DateFormatStyle { DateFormatStyle(skeleton: skeleton) }
    /// A date and time from the locale's styles.
    public func dateTime(date: DateStyle = .medium, time: DateStyle = .short) -> DateFormatStyle {
        DateFormatStyle(date: date, time: time)
    }
    /// The date relative to now, or to `reference`.
    public func relative(
        to reference: Date? = nil, style: RelativeTimeStyle = .long, numeric: RelativeTimeNumeric = .always
    ) -> RelativeTimeFormatStyle {
        RelativeTimeFormatStyle(reference: reference, style: style, numeric: numeric)
    }
}

extension ParlanceFormatStyle where Self == DateFormatStyle {
    /// Parlance's styles for `Date`.
    public static var parlance: ParlanceDateStyles { ParlanceDateStyles() }
}

/// The entry point of Parlance's list styles: `items.formatted(.parlance.list)`.
public struct ParlanceListStyles<Base: Sequence & Sendable & Hashable & Codable>: Sendable where Base.Element == String {
    init() {}
    /// An "and" list at full width.
    public var list: ListFormatStyle<Base> { ListFormatStyle() }
    /// A list of a type and width.
    public func list(type: ListType, width: ListWidth = .wide) -> ListFormatStyle<Base> {
        ListFormatStyle(type: type, width: width)
    }
}

extension ParlanceFormatStyle where Self == ListFormatStyle<[String]> {
    /// Parlance's styles for `[String]`.
    public static var parlance: ParlanceListStyles<[String]> { ParlanceListStyles() }
}

/// The entry point of Parlance's duration styles: `duration.formatted(.parlance.duration)`.
public struct ParlanceDurationStyles: Sendable {
    init() {}
    /// Hours, minutes and seconds, short unit names.
    public var duration: DurationFormatStyle { DurationFormatStyle() }
    /// Hours, minutes and seconds at a width (or numeric "1:05:00").
    public func duration(style: DurationStyle) -> DurationFormatStyle { DurationFormatStyle(style: style) }
}

extension ParlanceFormatStyle where Self == DurationFormatStyle {
    /// Parlance's styles for `Duration`.
    public static var parlance: ParlanceDurationStyles { ParlanceDurationStyles() }
}
