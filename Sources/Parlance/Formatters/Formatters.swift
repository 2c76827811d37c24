#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Parlance's format styles already set to one locale and time zone: what a language manager
/// state or a request hands out, so that code formatting for a user does not repeat the locale.
///
/// Every style is total (invalid settings were rejected where they entered), so nothing here
/// can fail or fall back: there is no `"\(number)"` when ICU is unhappy. Each accessor is a
/// style to pass to `formatted(_:)` and to adjust with the style's own modifiers.
///
/// ```swift
/// let de = Formatters(locale: "de-DE", timeZone: try TimeZoneID("Europe/Berlin"))
/// 1234.5.formatted(de.number.precision(.fractionDigits(min: 1, max: 1)))  // "1.234,5"
/// try DecimalNumber("1234").formatted(de.currency("EUR"))     // "1.234,00 €"
/// 0.25.formatted(de.percent)                                  // "25 %"
/// Int64(1_500_000).formatted(de.byteCount())                  // "1,5 MB"
/// ["a", "b", "c"].formatted(de.list())                        // "a, b und c"
/// Date(timeIntervalSince1970: 0).formatted(de.dateTime(time: .none))  // "01.01.1970"
/// ```
public struct Formatters: Hashable, Sendable {
    /// The locale everything is written for.
    public let locale: LocaleID
    /// The time zone dates and times are shown in.
    public let timeZone: TimeZoneID

    /// Formatters for a locale and time zone (default UTC).
    public init(locale: LocaleID, timeZone: TimeZoneID = .utc) {
        self.locale = locale
        self.timeZone = timeZone
    }

    // MARK: Styles

    /// Plain numbers in this locale.
    public var number: NumberFormatStyle<Double> { NumberFormatStyle(locale: locale) }
    /// Percentages in this locale.
    public var percent: NumberFormatStyle<Double> { NumberFormatStyle(locale: locale, kind: .percent) }
    /// Money in `currency` in this locale.
    public func currency<Value: ExactAmount>(_ currency: CurrencyCode, as: Value.Type = DecimalNumber.self) -> CurrencyFormatStyle<Value> {
        CurrencyFormatStyle(currency: currency, locale: locale)
    }
    /// Money in the currency with ISO 4217 code `code` ("EUR") in this locale.
    ///
    /// - Throws: ``ParlanceError`` with code ``ParlanceError/Code/invalidArgument`` when `code`
    ///   is not three letters.
    public func currency<Value: ExactAmount>(_ code: String, as: Value.Type = DecimalNumber.self) throws -> CurrencyFormatStyle<Value> {
        CurrencyFormatStyle(currency: try CurrencyCode(code), locale: locale)
    }
    /// Dates from a skeleton in this locale and zone.
    public func date(skeleton: DateSkeleton) -> DateFormatStyle { DateFormatStyle(skeleton: skeleton, locale: locale, timeZone: timeZone) }
    /// Dates and times from styles in this locale and zone.
    public func dateTime(date: DateStyle = .medium, time: DateStyle = .short) -> DateFormatStyle {
        DateFormatStyle(date: date, time: time, locale: locale, timeZone: timeZone)
    }
    /// Relative times in this locale.
    public func relative(to reference: Date? = nil, style: RelativeTimeStyle = .long) -> RelativeTimeFormatStyle {
        RelativeTimeFormatStyle(reference: reference, style: style, numeric: .auto, locale: locale)
    }
    /// Lists in this locale.
    public func list(type: ListType = .and, width: ListWidth = .wide) -> ListFormatStyle<[String]> {
        ListFormatStyle(type: type, width: width, locale: locale)
    }
    /// File sizes in this locale.
    public func byteCount(base: ByteCountBase = .decimal) -> ByteCountFormatStyle { ByteCountFormatStyle(base: base, locale: locale) }
    /// Durations in this locale.
    public func duration(style: DurationStyle = .short) -> DurationFormatStyle { DurationFormatStyle(style: style, locale: locale) }
}
