#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Everyday formatting for one locale and time zone in one value: dates, times, relative
/// times, numbers, percentages, money, file sizes, durations and lists.
///
/// Every formatter behind it is compiled once per (locale, options) and cached process-wide,
/// so a `Formatters` value is cheap to make and safe to share across tasks.
///
/// ```swift
/// let de = try Formatters(locale: "de-DE", timeZone: "Europe/Berlin")
/// de.formatNumber(1234.5, fractionDigits: 1)          // "1.234,5"
/// try de.formatCurrency(1234.5, currencyCode: "EUR")  // "1.234,50 €"
/// de.formatPercent(0.25)                              // "25 %"
/// de.formatFileSize(1_500_000)                        // "1,5 MB"
/// de.formatList(["a", "b", "c"])                      // "a, b und c"
/// try de.formatDate(Date(timeIntervalSince1970: 0))   // "01.01.1970"
/// ```
public struct Formatters: Hashable, Sendable {
    /// The locale everything is written for.
    public let locale: LocaleID
    /// The IANA time zone dates and times are shown in.
    public let timeZone: String

    /// Formatters for a locale and time zone (default UTC).
    ///
    /// - Throws: ``ParlanceError/Code/invalidTimeZone`` for an unknown zone.
    public init(locale: LocaleID, timeZone: String = "UTC") throws(ParlanceError) {
        _ = try ICUTimeZone.canonical(timeZone)
        self.locale = locale
        self.timeZone = timeZone
    }

    /// Formatters for a locale id string.
    public init(locale: String, timeZone: String = "UTC") throws(ParlanceError) {
        try self.init(locale: LocaleID(locale), timeZone: timeZone)
    }

    // MARK: Dates

    /// The date alone in a style (default medium: "Jan 1, 1970").
    public func formatDate(_ date: Date, style: DateFormat.Style = .medium) throws(ParlanceError) -> String {
        try DateFormat(locale: locale, dateStyle: style == .none ? .medium : style, timeStyle: .none, timeZone: timeZone).format(date)
    }

    /// The time alone in a style (default short: "12:00 AM").
    public func formatTime(_ date: Date, style: DateFormat.Style = .short) throws(ParlanceError) -> String {
        try DateFormat(locale: locale, dateStyle: .none, timeStyle: style == .none ? .short : style, timeZone: timeZone).format(date)
    }

    /// Date and time (defaults medium and short: "Jan 1, 1970, 12:00 AM").
    public func formatDateTime(_ date: Date, dateStyle: DateFormat.Style = .medium, timeStyle: DateFormat.Style = .short) throws(ParlanceError) -> String {
        try DateFormat(locale: locale, dateStyle: dateStyle, timeStyle: timeStyle, timeZone: timeZone).format(date)
    }

    /// A date relative to `reference` (default now), words where the locale has them:
    /// "yesterday", "in 3 hours".
    public func formatRelative(_ date: Date, to reference: Date = Date(), style: RelativeTimeFormat.Style = .long) throws(ParlanceError) -> String {
        try RelativeTimeFormat(locale: locale, style: style, numeric: .auto).format(date, relativeTo: reference)
    }

    // MARK: Numbers

    /// A number with exactly `fractionDigits` fraction digits (0...999), grouped per locale.
    public func formatNumber(_ number: Double, fractionDigits: Int = 0) -> String {
        let digits = min(max(fractionDigits, 0), 999)
        return self.number(NumberOptions(precision: .fractionDigits(min: digits, max: digits)))?.format(number) ?? "\(number)"
    }

    /// An integer, grouped per locale: hi-IN "12,34,567".
    public func formatInteger(_ number: Int) -> String {
        self.number(NumberOptions())?.format(number) ?? "\(number)"
    }

    /// A fraction as a percentage: 0.25 → "25%" (en), "25 %" (de).
    public func formatPercent(_ value: Double) -> String {
        number(NumberOptions(style: .percent))?.format(value) ?? "\(value * 100)%"
    }

    /// Money in an ISO 4217 currency with its own fraction digits: de EUR 1234.5 → "1.234,50 €".
    ///
    /// - Throws: ``ParlanceError/Code/invalidArgument`` when `currencyCode` is not three letters.
    public func formatCurrency(_ amount: Double, currencyCode: String) throws(ParlanceError) -> String {
        try NumberFormat(locale: locale, options: .currency(currencyCode)).format(amount)
    }

    /// A file size in 1000-based units (`.binary` for 1024): "1.5 MB".
    public func formatFileSize(_ bytes: Int64, base: ByteCountFormat.Base = .decimal) -> String {
        ByteCountFormat(locale: locale, base: base).format(bytes)
    }

    /// A duration in seconds: "1 hr, 5 min" (short, the default) or "1:05:00" (numeric).
    public func formatDuration(_ seconds: Double, style: DurationFormat.Style = .short) throws(ParlanceError) -> String {
        try DurationFormat(locale: locale, style: style).format(seconds: seconds)
    }

    /// Items joined as the locale writes a list: es "a, b y c".
    public func formatList(_ items: [String], type: ListFormat.ListType = .and, width: ListFormat.Width = .wide) -> String {
        (try? ListFormat(locale: locale, type: type, width: width).format(items)) ?? items.joined(separator: ", ")
    }

    private func number(_ options: NumberOptions) -> NumberFormat? {
        try? NumberFormat(locale: locale, options: options)
    }
}
