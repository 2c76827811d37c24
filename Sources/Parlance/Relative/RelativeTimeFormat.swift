#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Formats relative times ("in 3 days", "yesterday", "2 hr. ago") for a locale.
///
/// ```swift
/// let fr = try RelativeTimeFormat(locale: "fr", numeric: .auto)
/// try fr.format(-1, .day)                       // "hier"
/// try RelativeTimeFormat(locale: "en").format(3, .day)            // "in 3 days"
/// try RelativeTimeFormat(locale: "en", style: .short).format(-2, .hour) // "2 hr. ago"
/// ```
public struct RelativeTimeFormat: Hashable, Sendable {
    /// The unit of the offset.
    public enum Unit: String, Hashable, Sendable, Codable, CaseIterable {
        case year, quarter, month, week, day, hour, minute, second
    }

    /// Whether numbers are always used ("in 1 day") or words where the locale has them ("tomorrow").
    public enum Numeric: String, Hashable, Sendable, Codable, CaseIterable {
        case always, auto
    }

    /// How long the unit names are.
    public enum Style: String, Hashable, Sendable, Codable, CaseIterable {
        case long, short, narrow
    }

    /// The locale whose relative-time patterns are used.
    public let locale: LocaleID
    /// long / short / narrow.
    public let style: Style
    /// `always` ("in 1 day") or `auto` ("tomorrow").
    public let numeric: Numeric
    private let icu: ICURelativeFormatter

    /// A relative-time formatter (cached per locale and style).
    public init(locale: LocaleID, style: Style = .long, numeric: Numeric = .always) throws {
        self.locale = locale
        self.style = style
        self.numeric = numeric
        self.icu = try ICURelativeFormatter.cached(locale: locale, style: style.icu)
    }

    /// `value` units from now: negative values are in the past.
    ///
    /// - Throws: ``ParlanceError/Code/invalidArgument`` for NaN or an infinity.
    public func format(_ value: Double, _ unit: Unit) throws -> String {
        guard value.isFinite else {
            throw ParlanceError(.invalidArgument, "a relative time needs a finite value, not \(value)")
        }
        return try icu.format(value, unit: unit.icu, numericAuto: numeric == .auto)
    }

    /// `value` units from now (integers are always valid).
    public func format(_ value: Int, _ unit: Unit) -> String {
        (try? icu.format(Double(value), unit: unit.icu, numericAuto: numeric == .auto)) ?? "\(value) \(unit.rawValue)"
    }

    /// `date` relative to `reference`, in the largest unit that fits (seconds under a minute,
    /// minutes under an hour, hours under a day, days under a week, weeks under 30 days,
    /// months under 365 days, years beyond), counting whole units toward zero.
    ///
    /// ```swift
    /// let now = Date()
    /// try RelativeTimeFormat(locale: "en", numeric: .auto).format(now.addingTimeInterval(-86_400), relativeTo: now) // "yesterday"
    /// ```
    public func format(_ date: Date, relativeTo reference: Date) throws -> String {
        let (value, unit) = Self.bestUnit(seconds: date.timeIntervalSince(reference))
        return try format(value, unit)
    }

    /// The unit and whole count `format(_:relativeTo:)` uses for a difference in seconds.
    public static func bestUnit(seconds: Double) -> (value: Double, unit: Unit) {
        let magnitude = abs(seconds)
        let steps: [(limit: Double, size: Double, unit: Unit)] = [
            (60, 1, .second), (3600, 60, .minute), (86_400, 3600, .hour), (7 * 86_400, 86_400, .day),
            (30 * 86_400, 7 * 86_400, .week), (365 * 86_400, 30 * 86_400, .month),
        ]
        for step in steps where magnitude < step.limit {
            return ((seconds / step.size).rounded(.towardZero) + 0, step.unit)
        }
        return ((seconds / (365 * 86_400)).rounded(.towardZero) + 0, .year)
    }

    public static func == (lhs: RelativeTimeFormat, rhs: RelativeTimeFormat) -> Bool {
        lhs.locale == rhs.locale && lhs.style == rhs.style && lhs.numeric == rhs.numeric
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(locale)
        hasher.combine(style)
        hasher.combine(numeric)
    }
}
