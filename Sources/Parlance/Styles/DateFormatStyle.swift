#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// An ICU date skeleton ("yMMMd", "jm", "GyMMMEd"), checked with ICU where it enters.
///
/// ```swift
/// let skeleton = try DateSkeleton(validating: "yMMMd")
/// ```
public struct DateSkeleton: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The skeleton text.
    public let text: String

    /// A skeleton ICU finds a pattern for (in the root locale; skeleton fields do not depend on
    /// the locale).
    ///
    /// - Throws: ``ParlanceError/Code/invalidSkeleton``.
    public init(validating text: String) throws {
        _ = try ICUDateFormatter.cached(locale: .root, spec: .skeleton(text), zone: "UTC")
        self.text = text
    }

    /// A literal skeleton; one ICU rejects is a programmer error (a precondition failure).
    public init(stringLiteral text: String) {
        self = ValidatedText.literal(text, "date skeleton") { try DateSkeleton(validating: $0) }
    }

    /// The skeleton text.
    public var description: String { text }

    public init(from decoder: any Decoder) throws {
        self = try ValidatedText.decode(from: decoder) { try DateSkeleton(validating: $0) }
    }

    public func encode(to encoder: any Encoder) throws { try ValidatedText.encode(text, to: encoder) }
}

/// Dates and times as a Foundation `FormatStyle`: an ICU skeleton or date/time styles, in a
/// locale (its `-u-ca-` calendar and `-u-hc-` hour cycle honoured) and a time zone.
///
/// ```swift
/// let date = Date(timeIntervalSince1970: 1_700_000_000)
/// date.formatted(.parlance.date(skeleton: "yMMMd").locale("en-US").timeZone(try TimeZoneID("America/New_York")))
/// // "Nov 14, 2023"
/// date.formatted(.parlance.date(skeleton: "GyMMMd").locale("ja-JP-u-ca-japanese"))    // "令和5年11月14日"
/// date.formatted(.parlance.dateTime(date: .medium, time: .short).locale("de"))       // "14.11.2023, 22:13"
/// ```
///
/// Dates outside ICU's calendar range (about ±140 million years around 1970) are clamped to
/// its ends; Foundation's `Date` can hold them, ICU cannot format them.
public struct DateFormatStyle: ParlanceFormatStyle {
    /// What the pattern is derived from.
    public enum Pattern: Sendable, Hashable, Codable {
        /// ICU's best pattern for a skeleton in the locale.
        case skeleton(DateSkeleton)
        /// The locale's date and time styles (not both `.none`).
        case styles(date: DateStyle, time: DateStyle)
    }

    /// The locale the date is written for.
    public private(set) var locale: LocaleID
    /// The time zone the date is shown in (UTC by default).
    public private(set) var timeZone: TimeZoneID
    /// The pattern's source.
    public let pattern: Pattern

    /// A style from a skeleton.
    public init(skeleton: DateSkeleton, locale: LocaleID = .root, timeZone: TimeZoneID = .utc) {
        self.locale = locale
        self.timeZone = timeZone
        self.pattern = .skeleton(skeleton)
    }

    /// A style from date and time styles; both `.none` means the date at `.medium`.
    public init(date: DateStyle, time: DateStyle, locale: LocaleID = .root, timeZone: TimeZoneID = .utc) {
        self.locale = locale
        self.timeZone = timeZone
        self.pattern = .styles(date: date == .none && time == .none ? .medium : date, time: time)
    }

    var spec: ICUDateFormatter.Spec {
        switch pattern {
        case .skeleton(let skeleton): .skeleton(skeleton.text)
        case .styles(let date, let time): .styles(date: date.icu, time: time.icu)
        }
    }

    /// Formats the date.
    public func format(_ value: Date) -> String {
        let formatter: ICUDateFormatter
        do {
            formatter = try ICUDateFormatter.cached(locale: locale, spec: spec, zone: timeZone.identifier)
        } catch {
            preconditionFailure("ICU rejected a validated date style for \(locale.identifier): \(error)")
        }
        let millis = min(max(value.timeIntervalSince1970 * 1000, ICUDateFormatter.minimumMillis), ICUDateFormatter.maximumMillis)
        do {
            return try formatter.format(millis: millis.isNaN ? 0 : millis)
        } catch {
            preconditionFailure("ICU failed to format a date within its range: \(error)")
        }
    }

    /// The style for another locale.
    public func locale(_ locale: LocaleID) -> Self {
        var copy = self
        copy.locale = locale
        return copy
    }

    /// The style for a Foundation locale (a malformed Foundation identifier is root).
    public func locale(_ locale: Locale) -> Self { self.locale(LocaleID.forStyle(locale)) }

    /// The style in another time zone.
    public func timeZone(_ zone: TimeZoneID) -> Self {
        var copy = self
        copy.timeZone = zone
        return copy
    }

    /// The style in the time zone with IANA id `identifier` ("Europe/Berlin").
    ///
    /// - Throws: ``ParlanceError/Code/invalidTimeZone`` for an id ICU does not know.
    public func timeZone(_ identifier: String) throws -> Self {
        timeZone(try TimeZoneID(identifier))
    }
}

/// An IANA time zone id that ICU knows (never ICU's silent fallback to GMT for an unknown id).
///
/// ```swift
/// try TimeZoneID("Europe/Berlin")
/// try TimeZoneID(TimeZone(identifier: "Asia/Kolkata")!)
/// try TimeZoneID("Mars/Olympus")           // throws invalid-time-zone
/// ```
///
/// There is no string-literal form: whether a zone exists is a question for ICU's data, so a
/// literal could only trap on an unknown zone, while `try TimeZoneID("…")` reads as if it threw.
public struct TimeZoneID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The id as given (ICU resolves aliases itself).
    public let identifier: String

    /// Coordinated Universal Time.
    public static let utc = TimeZoneID(trusted: "UTC")

    /// A zone id.
    ///
    /// - Throws: ``ParlanceError/Code/invalidTimeZone`` for an id ICU does not know.
    public init(_ identifier: String) throws {
        _ = try ICUTimeZone.canonical(identifier)
        self.identifier = identifier
    }

    /// The zone of a Foundation `TimeZone`.
    ///
    /// - Throws: ``ParlanceError/Code/invalidTimeZone`` when ICU 72's database lacks the zone
    ///   (Foundation may bundle a newer database).
    public init(_ timeZone: TimeZone) throws {
        try self.init(timeZone.identifier)
    }

    init(trusted identifier: String) { self.identifier = identifier }

    /// The zone id.
    public var description: String { identifier }

    public init(from decoder: any Decoder) throws {
        self = try ValidatedText.decode(from: decoder) { try TimeZoneID($0) }
    }

    public func encode(to encoder: any Encoder) throws { try ValidatedText.encode(identifier, to: encoder) }
}

/// A date relative to a reference date as a Foundation `FormatStyle`, in the largest unit that
/// fits ("yesterday", "in 3 hours", "il y a 2 jours"): by fixed unit lengths, or, with
/// ``calendar(in:unit:)-(TimeZoneID,_)``, in calendar units of a time zone.
///
/// ```swift
/// let now = Date()
/// now.addingTimeInterval(-86_400).formatted(.parlance.relative(to: now, numeric: .auto).locale("fr"))  // "hier"
/// let local = try RelativeTimeFormatStyle(reference: now, numeric: .auto).calendar(in: "Europe/Paris")
/// ```
public struct RelativeTimeFormatStyle: ParlanceFormatStyle {
    /// The locale the phrase is written for.
    public private(set) var locale: LocaleID
    /// The date others are relative to; nil means the time of formatting.
    public let reference: Date?
    /// Long, short or narrow unit names.
    public let style: RelativeTimeStyle
    /// Numbers always, or words where the locale has them.
    public let numeric: RelativeTimeNumeric

    /// A relative-time style.
    public init(
        reference: Date? = nil, style: RelativeTimeStyle = .long, numeric: RelativeTimeNumeric = .always,
        locale: LocaleID = .root
    ) {
        self.locale = locale
        self.reference = reference
        self.style = style
        self.numeric = numeric
    }

    /// The zone whose calendar days, months and years count; nil: fixed unit lengths (the
    /// largest unit that fits: seconds under a minute, minutes under an hour, hours under a day,
    /// days under a week, weeks under 30 days, months under 365 days, years beyond).
    public private(set) var calendarTimeZone: TimeZoneID?
    /// The unit in calendar mode; nil is ``RelativeTimeUnitSelection/automatic``.
    public private(set) var calendarUnit: RelativeTimeUnitSelection?

    /// The style counting in calendar units of `timeZone`: "yesterday" is the previous local
    /// date, "last month" the previous calendar month, hours, minutes and seconds elapsed time.
    public func calendar(in timeZone: TimeZoneID, unit: RelativeTimeUnitSelection = .automatic) -> Self {
        var copy = self
        copy.calendarTimeZone = timeZone
        copy.calendarUnit = unit
        return copy
    }

    /// The style counting in calendar units of the time zone with IANA id `identifier`.
    ///
    /// - Throws: ``ParlanceError/Code/invalidTimeZone`` for an id ICU does not know.
    public func calendar(in identifier: String, unit: RelativeTimeUnitSelection = .automatic) throws -> Self {
        calendar(in: try TimeZoneID(identifier), unit: unit)
    }

    /// Formats `value` relative to the reference, in fixed unit lengths or, in calendar mode
    /// (`calendar(in:unit:)`), in calendar units.
    /// A difference that is not finite (an infinite `Date`) is clamped to the largest finite
    /// one; in calendar mode instants are clamped to ICU's calendar range.
    public func format(_ value: Date) -> String {
        let (amount, unit) = amountAndUnit(value)
        do {
            return try ICURelativeFormatter.cached(locale: locale, style: style.icu).format(amount, unit: unit.icu, numericAuto: numeric == .auto)
        } catch {
            preconditionFailure("ICU failed a relative time for \(locale.identifier): \(error)")
        }
    }

    /// The amount and unit `value` is written in: the difference from the reference in the
    /// best unit, or in calendar units in calendar mode.
    func amountAndUnit(_ value: Date) -> (Double, RelativeTimeUnit) {
        if let zone = calendarTimeZone {
            func clamp(_ date: Date) -> Double {
                let millis = date.timeIntervalSince1970 * 1000
                return millis.isNaN ? 0 : min(max(millis, ICUDateFormatter.minimumMillis), ICUDateFormatter.maximumMillis)
            }
            do {
                let (amount, unit) = try RelativeTimeFormat.calendarDifferenceTyped(
                    fromMillis: clamp(reference ?? Date()), toMillis: clamp(value), zone: zone.identifier, unit: calendarUnit ?? .automatic)
                return (Double(amount), unit)
            } catch {
                preconditionFailure("ICU failed a calendar difference in \(zone.identifier): \(error)")
            }
        }
        let seconds = value.timeIntervalSince(reference ?? Date())
        return RelativeTimeFormat.bestUnit(seconds: seconds.isNaN ? 0 : min(max(seconds, -.greatestFiniteMagnitude), .greatestFiniteMagnitude))
    }

    /// The style for another locale.
    public func locale(_ locale: LocaleID) -> Self {
        var copy = self
        copy.locale = locale
        return copy
    }

    /// The style for a Foundation locale (a malformed Foundation identifier is root).
    public func locale(_ locale: Locale) -> Self { self.locale(LocaleID.forStyle(locale)) }
}

/// Lists as a Foundation `FormatStyle`: "a, b y c", "a, b ou c".
///
/// ```swift
/// ["a", "b", "c"].formatted(.parlance.list.locale("es"))                  // "a, b y c"
/// ["a", "b"].formatted(.parlance.list(type: .or).locale("fr"))            // "a ou b"
/// ```
public struct ListFormatStyle<Base: Sequence & Sendable & Hashable & Codable>: ParlanceFormatStyle where Base.Element == String {
    /// The locale the list is written for.
    public private(set) var locale: LocaleID
    /// and / or / units.
    public let type: ListType
    /// wide / short / narrow.
    public let width: ListWidth

    /// A list style.
    public init(type: ListType = .and, width: ListWidth = .wide, locale: LocaleID = .root) {
        self.locale = locale
        self.type = type
        self.width = width
    }

    /// The items joined as the locale writes a list; no items is "".
    public func format(_ value: Base) -> String {
        do {
            return try ICUListFormatter.cached(locale: locale, type: type.icu, width: width.icu).format(Array(value))
        } catch {
            preconditionFailure("ICU cannot open a list formatter for \(locale.identifier): \(error)")
        }
    }

    /// The style for another locale.
    public func locale(_ locale: LocaleID) -> Self {
        var copy = self
        copy.locale = locale
        return copy
    }

    /// The style for a Foundation locale (a malformed Foundation identifier is root).
    public func locale(_ locale: Locale) -> Self { self.locale(LocaleID.forStyle(locale)) }
}

/// Durations as a Foundation `FormatStyle`: hours, minutes and seconds by default ("1 hr, 5 min",
/// "1:05:00"), or the units you choose (weeks down to nanoseconds).
///
/// ```swift
/// Duration.seconds(3900).formatted(.parlance.duration.locale("en"))   // "1 hr, 5 min"
/// let days = try DurationFormatStyle(style: .wide).units([.days, .hours])
/// Duration.seconds(183_600).formatted(days.locale("en"))             // "2 days, 3 hours"
/// ```
public struct DurationFormatStyle: ParlanceFormatStyle {
    /// The locale the duration is written for.
    public private(set) var locale: LocaleID
    /// wide / short / narrow / numeric.
    public let style: DurationStyle
    /// The units the duration may be written in (by default hours, minutes and seconds).
    public private(set) var units: Set<DurationUnit> = [.hours, .minutes, .seconds]
    /// In the unit styles, at most this many units counted from the largest non-zero one (nil:
    /// every allowed unit down to the smallest); the last unit shown is rounded. The numeric
    /// style shows all its positions and ignores it.
    public private(set) var maximumUnitCount: Int?

    /// A duration style.
    public init(style: DurationStyle = .short, locale: LocaleID = .root) {
        self.locale = locale
        self.style = style
    }

    /// The style with other units, rounded to the smallest of them.
    ///
    /// - Throws: ``ParlanceError/Code/invalidArgument`` for an empty set or a
    ///   `maximumUnitCount` below 1 (so that formatting never fails).
    public func units(_ units: Set<DurationUnit>, maximumUnitCount: Int? = nil) throws -> Self {
        _ = try DurationFormat(locale: .root, style: style, units: units, maximumUnitCount: maximumUnitCount)
        var copy = self
        copy.units = units
        copy.maximumUnitCount = maximumUnitCount
        return copy
    }

    private enum CodingKeys: String, CodingKey { case locale, style, units, maximumUnitCount }

    /// Decodes a style; `units` and `maximumUnitCount` may be absent (styles encoded before
    /// they existed), and are validated as ``units(_:maximumUnitCount:)`` does.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(style: try container.decode(DurationStyle.self, forKey: .style), locale: try container.decode(LocaleID.self, forKey: .locale))
        if let units = try container.decodeIfPresent(Set<DurationUnit>.self, forKey: .units) {
            self = try self.units(units, maximumUnitCount: try container.decodeIfPresent(Int.self, forKey: .maximumUnitCount))
        }
    }

    /// Formats the duration exactly (to the nanosecond), rounded to the smallest unit (whole
    /// seconds by default).
    public func format(_ value: Duration) -> String {
        do {
            return try DurationFormat(locale: locale, style: style, units: units, maximumUnitCount: maximumUnitCount).format(value)
        } catch {
            preconditionFailure("ICU failed a duration for \(locale.identifier): \(error)")
        }
    }

    /// The style for another locale.
    public func locale(_ locale: LocaleID) -> Self {
        var copy = self
        copy.locale = locale
        return copy
    }

    /// The style for a Foundation locale (a malformed Foundation identifier is root).
    public func locale(_ locale: Locale) -> Self { self.locale(LocaleID.forStyle(locale)) }
}
