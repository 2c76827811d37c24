#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Everyday formatting for one locale and time zone in one value: it hands out Parlance's
/// format styles already set to that locale and zone, and formats with them.
///
/// Every style is total (invalid settings were rejected where they entered), so nothing here
/// can fail or fall back: there is no `"\(number)"` when ICU is unhappy.
///
/// ```swift
/// let de = try Formatters(locale: "de-DE", timeZone: TimeZoneID("Europe/Berlin"))
/// de.formatNumber(1234.5, fractionDigits: 1)               // "1.234,5"
/// de.formatCurrency(DecimalNumber(1234), currency: "EUR")  // "1.234,00 €"
/// de.formatPercent(0.25)                                   // "25 %"
/// de.formatFileSize(1_500_000)                             // "1,5 MB"
/// de.formatList(["a", "b", "c"])                           // "a, b und c"
/// de.formatDate(Date(timeIntervalSince1970: 0))            // "01.01.1970"
/// 1234.5.formatted(de.number)                              // "1.234,5"
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
    /// Dates from a skeleton in this locale and zone.
    public func date(skeleton: DateSkeleton) -> DateFormatStyle { DateFormatStyle(skeleton: skeleton, locale: locale, timeZone: timeZone) }
    /// Dates and times from styles in this locale and zone.
    public func dateTime(date: DateFormat.Style = .medium, time: DateFormat.Style = .short) -> DateFormatStyle {
        DateFormatStyle(date: date, time: time, locale: locale, timeZone: timeZone)
    }
    /// Relative times in this locale.
    public func relative(to reference: Date? = nil, style: RelativeTimeFormat.Style = .long) -> RelativeTimeFormatStyle {
        RelativeTimeFormatStyle(reference: reference, style: style, numeric: .auto, locale: locale)
    }
    /// Lists in this locale.
    public func list(type: ListFormat.ListType = .and, width: ListFormat.Width = .wide) -> ListFormatStyle<[String]> {
        ListFormatStyle(type: type, width: width, locale: locale)
    }
    /// File sizes in this locale.
    public func byteCount(base: ByteCountFormat.Base = .decimal) -> ByteCountFormatStyle { ByteCountFormatStyle(base: base, locale: locale) }
    /// Durations in this locale.
    public func duration(style: DurationFormat.Style = .short) -> DurationFormatStyle { DurationFormatStyle(style: style, locale: locale) }

    // MARK: One-call conveniences (each formats with the style above)

    /// The date alone in a style (default medium: "Jan 1, 1970").
    public func formatDate(_ date: Date, style: DateFormat.Style = .medium) -> String {
        dateTime(date: style == .none ? .medium : style, time: .none).format(date)
    }

    /// The time alone in a style (default short: "12:00 AM").
    public func formatTime(_ date: Date, style: DateFormat.Style = .short) -> String {
        dateTime(date: .none, time: style == .none ? .short : style).format(date)
    }

    /// Date and time (defaults medium and short: "Jan 1, 1970, 12:00 AM").
    public func formatDateTime(_ date: Date, dateStyle: DateFormat.Style = .medium, timeStyle: DateFormat.Style = .short) -> String {
        dateTime(date: dateStyle, time: timeStyle).format(date)
    }

    /// A date relative to `reference` (default now), words where the locale has them:
    /// "yesterday", "in 3 hours".
    public func formatRelative(_ date: Date, to reference: Date = Date(), style: RelativeTimeFormat.Style = .long) -> String {
        relative(to: reference, style: style).format(date)
    }

    /// A number with exactly `fractionDigits` fraction digits (clamped to 0…999), grouped per
    /// locale, rounded half-even.
    public func formatNumber(_ number: Double, fractionDigits: Int = 0) -> String {
        self.number.precision(.fractionDigits(min: fractionDigits, max: fractionDigits)).format(number)
    }

    /// An integer, grouped per locale: hi-IN "12,34,567".
    public func formatInteger(_ number: Int) -> String {
        NumberFormatStyle<Int>(locale: locale).format(number)
    }

    /// A fraction as a percentage: 0.25 → "25%" (en), "25 %" (de).
    public func formatPercent(_ value: Double) -> String { percent.format(value) }

    /// Money in an ISO 4217 currency with its own fraction digits, from an exact amount:
    /// de EUR 1234.5 → "1.234,50 €".
    public func formatCurrency<Value: ExactAmount>(_ amount: Value, currency code: CurrencyCode) -> String {
        CurrencyFormatStyle<Value>(currency: code, locale: locale).format(amount)
    }

    /// A file size in 1000-based units (`.binary` for 1024): "1.5 MB".
    public func formatFileSize(_ bytes: Int64, base: ByteCountFormat.Base = .decimal) -> String {
        byteCount(base: base).format(bytes)
    }

    /// A duration: "1 hr, 5 min" (short, the default) or "1:05:00" (numeric).
    public func formatDuration(_ duration: Duration, style: DurationFormat.Style = .short) -> String {
        self.duration(style: style).format(duration)
    }

    /// Items joined as the locale writes a list: es "a, b y c".
    public func formatList(_ items: [String], type: ListFormat.ListType = .and, width: ListFormat.Width = .wide) -> String {
        list(type: type, width: width).format(items)
    }
}
