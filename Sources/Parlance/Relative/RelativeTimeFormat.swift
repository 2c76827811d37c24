#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Formats relative times ("in 3 days", "yesterday", "2 hr. ago") for a locale.
///
/// ```swift
/// let fr = try RelativeTimeFormat(locale: "fr", numeric: .auto)
/// try fr.format(-1, .day)                       // "hier"
/// try RelativeTimeFormat(locale: "en").format(3, .day)            // "in 3 days"
/// try RelativeTimeFormat(locale: "en", style: .short).format(-2, .hour) // "2 hr. ago"
/// ```
package struct RelativeTimeFormat: Hashable, Sendable {
    package typealias Unit = RelativeTimeUnit

    package typealias Numeric = RelativeTimeNumeric

    package typealias Style = RelativeTimeStyle

    /// The locale whose relative-time patterns are used.
    public let locale: LocaleID
    /// long / short / narrow.
    public let style: Style
    /// `always` ("in 1 day") or `auto` ("tomorrow").
    public let numeric: Numeric
    let icu: ICURelativeFormatter

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

    package typealias UnitSelection = RelativeTimeUnitSelection

    /// `date` relative to `reference` in calendar units of a time zone: days count calendar
    /// days (yesterday is the previous local date, whatever the hour or a DST change), months
    /// count calendar months ("last month" from March 1 is any day of February), years
    /// calendar years, quarters calendar quarters, weeks whole weeks of calendar days; hours,
    /// minutes and seconds are elapsed time. See ``calendarDifference(from:to:in:unit:)`` for
    /// the choice of unit.
    ///
    /// ```swift
    /// let auto = try RelativeTimeFormat(locale: "en", numeric: .auto)
    /// // 2024-03-01 00:30 and 2024-02-29 23:50 in Europe/Paris: 40 minutes apart.
    /// try auto.format(date, relativeTo: now, in: "Europe/Paris", unit: .fixed(.day))   // "yesterday"
    /// ```
    ///
    /// - Throws: ``ParlanceError/Code/invalidTimeZone`` for an unknown zone;
    ///   ``ParlanceError/Code/invalidTime`` for an instant outside ICU's calendars.
    public func format(_ date: Date, relativeTo reference: Date, in timeZone: String, unit: UnitSelection = .automatic) throws -> String {
        let (value, chosen) = try Self.calendarDifference(from: reference, to: date, in: timeZone, unit: unit)
        return try format(Double(value), chosen)
    }

    /// The signed count and unit ``format(_:relativeTo:in:unit:)`` writes for `date` seen from
    /// `reference` in `timeZone` (negative: `date` is earlier).
    ///
    /// With ``UnitSelection/automatic``, with Δt the elapsed time, Δd the difference of the
    /// local calendar dates, Δm of the local (year, month)s and Δy of the local years:
    /// seconds when |Δt| < 1 minute, minutes when |Δt| < 1 hour, hours when Δd = 0 (same local
    /// date), days when |Δd| < 7, weeks (Δd / 7, toward zero) when |Δd| < 28 or Δm = 0,
    /// months when |Δm| < 12, years beyond. Elapsed units count whole units toward zero.
    public static func calendarDifference(
        from reference: Date, to date: Date, in timeZone: String, unit: UnitSelection = .automatic
    ) throws -> (value: Int, unit: Unit) {
        try calendarDifferenceTyped(
            fromMillis: reference.timeIntervalSince1970 * 1000, toMillis: date.timeIntervalSince1970 * 1000, zone: timeZone, unit: unit)
    }

    /// ``calendarDifference(from:to:in:unit:)`` over epoch milliseconds, with its error type.
    package static func calendarDifferenceTyped(
        fromMillis reference: Double, toMillis date: Double, zone: String, unit selection: UnitSelection
    ) throws(ParlanceError) -> (value: Int, unit: Unit) {
        let from = try ICUCalendar.localFields(millis: reference, zone: zone)
        let to = try ICUCalendar.localFields(millis: date, zone: zone)
        let seconds = (date - reference) / 1000
        func elapsed(_ size: Double) -> Int { Int((seconds / size).rounded(.towardZero)) }
        let days: Int = to.julianDay - from.julianDay
        let months: Int = (to.year - from.year) * 12 + (to.month - from.month)
        let years: Int = to.year - from.year
        let quarters: Int = (to.year - from.year) * 4 + ((to.month - 1) / 3 - (from.month - 1) / 3)
        func value(_ unit: Unit) -> Int {
            switch unit {
            case .second: elapsed(1)
            case .minute: elapsed(60)
            case .hour: elapsed(3600)
            case .day: days
            case .week: days / 7
            case .month: months
            case .quarter: quarters
            case .year: years
            }
        }
        let unit: Unit
        switch selection {
        case .fixed(let fixed):
            unit = fixed
        case .automatic:
            if abs(seconds) < 60 {
                unit = .second
            } else if abs(seconds) < 3600 {
                unit = .minute
            } else if days == 0 {
                unit = .hour
            } else if abs(days) < 7 {
                unit = .day
            } else if abs(days) < 28 || months == 0 {
                unit = .week
            } else if abs(months) < 12 {
                unit = .month
            } else {
                unit = .year
            }
        }
        return (value(unit), unit)
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

/// The unit of the offset.
public enum RelativeTimeUnit: String, Hashable, Sendable, Codable, CaseIterable {
    case year, quarter, month, week, day, hour, minute, second
}

/// Whether numbers are always used ("in 1 day") or words where the locale has them ("tomorrow").
public enum RelativeTimeNumeric: String, Hashable, Sendable, Codable, CaseIterable {
    case always, auto
}

/// How long the unit names are.
public enum RelativeTimeStyle: String, Hashable, Sendable, Codable, CaseIterable {
    case long, short, narrow
}

/// The unit a relative time counts in when it is measured in a time zone's calendar
/// (`RelativeTimeFormatStyle.calendar(in:unit:)`): the best one for the distance, or a fixed one (as
/// Foundation's `Date.RelativeFormatStyle` with one allowed field).
public enum RelativeTimeUnitSelection: Hashable, Sendable, Codable {
    /// The best unit in calendar terms: seconds, minutes and hours under a day, then days,
    /// weeks, months and years as the calendar counts them.
    case automatic
    /// Always this unit ("in 0 days", "3 months ago").
    case fixed(RelativeTimeUnit)
}
