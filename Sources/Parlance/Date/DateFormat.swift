#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Formats dates and times for a locale, from an ICU date skeleton or date/time styles, in an
/// IANA time zone, in the locale's calendar (`-u-ca-` honoured) and hour cycle.
///
/// A skeleton lists the fields wanted ("yMMMd", "jm"); ICU picks the locale's best pattern for
/// it, as `DateFormat::createInstanceForSkeleton` does. The compiled formatter is cached per
/// (locale, skeleton or styles, time zone).
///
/// ```swift
/// let date = Date(timeIntervalSince1970: 1_700_000_000)
/// try DateFormat(locale: "en-US", skeleton: "yMMMd").format(date)             // "Nov 14, 2023"
/// try DateFormat(locale: "de", dateStyle: .full, timeStyle: .none).format(date) // "Dienstag, 14. November 2023"
/// try DateFormat(locale: "th-TH-u-ca-buddhist", skeleton: "y").format(date)    // "พ.ศ. 2566"
/// try DateFormat(locale: "en", skeleton: "jm", timeZone: "Asia/Tokyo").format(date) // "7:13 AM"
/// ```
package struct DateFormat: Hashable, Sendable {
    package typealias Style = DateStyle

    /// The locale dates are written for.
    public let locale: LocaleID
    /// The time zone id as given (validated against ICU's zone database).
    public let timeZone: String
    let icu: ICUDateFormatter

    /// A formatter for an ICU date skeleton such as `"yMMMd"`, `"jm"` or `"EEEEMMMMdjmm"`.
    ///
    /// - Parameters:
    ///   - locale: the locale the dates are written for (its `-u-ca-` calendar applies).
    ///   - skeleton: the fields wanted; ICU picks the locale's pattern for them.
    ///   - timeZone: an IANA zone id (`"Europe/Paris"`, `"UTC"`); default UTC.
    /// - Throws: ``ParlanceError/Code/invalidSkeleton`` when the skeleton has characters that
    ///   are not date fields or ICU rejects it; ``ParlanceError/Code/invalidTimeZone`` for an
    ///   unknown zone (never a silent GMT).
    public init(locale: LocaleID, skeleton: String, timeZone: String = "UTC") throws {
        _ = try ICUTimeZone.canonical(timeZone)
        self.locale = locale
        self.timeZone = timeZone
        self.icu = try ICUDateFormatter.cached(locale: locale, spec: .skeleton(skeleton), zone: timeZone)
    }

    /// A formatter for date and time styles (at least one not ``Style/none``).
    ///
    /// - Throws: ``ParlanceError/Code/invalidArgument`` when both styles are `none`;
    ///   ``ParlanceError/Code/invalidTimeZone`` for an unknown zone.
    public init(locale: LocaleID, dateStyle: Style, timeStyle: Style, timeZone: String = "UTC") throws {
        guard dateStyle != .none || timeStyle != .none else {
            throw ParlanceError(.invalidArgument, "a date format needs a date style or a time style other than none")
        }
        _ = try ICUTimeZone.canonical(timeZone)
        self.locale = locale
        self.timeZone = timeZone
        self.icu = try ICUDateFormatter.cached(locale: locale, spec: .styles(date: dateStyle.icu, time: timeStyle.icu), zone: timeZone)
    }

    /// The ICU pattern in use, e.g. `"MMM d, y"` for en `"yMMMd"`.
    public var pattern: String { icu.pattern }

    /// Formats a `Date`.
    ///
    /// - Throws: ``ParlanceError/Code/invalidTime`` for a date outside ICU's calendar range
    ///   (about ±5.8 million years), which ICU would otherwise clamp silently.
    public func format(_ date: Date) throws -> String {
        try icu.format(millis: date.timeIntervalSince1970 * 1000)
    }

    /// Formats milliseconds since 1970-01-01T00:00:00Z.
    ///
    /// - Throws: ``ParlanceError/Code/invalidTime`` for NaN, infinities or a time outside ICU's
    ///   calendar range.
    public func format(epochMilliseconds: Double) throws -> String {
        try icu.format(millis: epochMilliseconds)
    }

    /// ICU's canonical id for an IANA time zone id (`"Asia/Kolkata"` → `"Asia/Calcutta"`).
    ///
    /// ```swift
    /// try DateFormat.canonicalTimeZone("UTC")      // "Etc/UTC"
    /// try DateFormat.canonicalTimeZone("Mars/Base") // throws invalid-time-zone
    /// ```
    public static func canonicalTimeZone(_ id: String) throws -> String {
        try ICUTimeZone.canonical(id)
    }

    public static func == (lhs: DateFormat, rhs: DateFormat) -> Bool {
        lhs.locale == rhs.locale && lhs.timeZone == rhs.timeZone && lhs.pattern == rhs.pattern
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(locale)
        hasher.combine(timeZone)
        hasher.combine(pattern)
    }
}

/// A date or time style (ICU's `UDateFormatStyle`).
public enum DateStyle: String, Hashable, Sendable, Codable, CaseIterable {
    case none, full, long, medium, short
}
