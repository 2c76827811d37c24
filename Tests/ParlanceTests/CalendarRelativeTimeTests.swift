import Foundation
import Testing

@testable import Parlance

/// Relative time between two instants in calendar units of a time zone. Expected values are
/// reasoned from the calendar (local dates and months of both instants, DST days of 23 and 25
/// hours) and CLDR's English relative-time strings ("yesterday", "last month", "in {0} days").
@Suite("Relative time in calendar units")
struct CalendarRelativeTimeTests {
    static func date(_ iso: String) throws -> Date {
        Date(timeIntervalSince1970: try ISO8601Time.epochMilliseconds(iso) / 1000)
    }

    @Test(arguments: [
        // New York's spring-forward day (2024-03-10) has 23 hours: 23 h apart is yesterday.
        ("2024-03-10T00:30-05:00", "2024-03-11T00:30-04:00", "America/New_York", "yesterday"),
        // Its fall-back day (2024-11-03) has 25 hours: 26 h apart spans two calendar days.
        ("2024-11-02T23:30-04:00", "2024-11-04T00:30-05:00", "America/New_York", "2 days ago"),
        // 1 hour elapsed across the spring-forward gap, same local date (clocks 01:30 → 03:30).
        ("2024-03-10T01:30-05:00", "2024-03-10T03:30-04:00", "America/New_York", "1 hour ago"),
        // Under an hour apart: minutes, though the local date changed.
        ("2024-02-29T23:50+01:00", "2024-03-01T00:30+01:00", "Europe/Paris", "40 minutes ago"),
        // 25 hours, previous calendar day.
        ("2024-02-29T09:00Z", "2024-03-01T10:00Z", "UTC", "yesterday"),
        // Same local date, 2.5 hours: whole hours toward zero.
        ("2024-03-10T17:30Z", "2024-03-10T20:00Z", "UTC", "2 hours ago"),
        ("2024-03-12T01:00Z", "2024-03-10T12:00Z", "UTC", "in 2 days"),
        // 8 and 15 days in the same month: whole weeks of calendar days.
        ("2024-03-12T12:00Z", "2024-03-20T12:00Z", "UTC", "last week"),
        ("2024-03-05T12:00Z", "2024-03-20T12:00Z", "UTC", "2 weeks ago"),
        // Month ends: 29 days back is the previous calendar month (not "4 weeks ago")…
        ("2024-02-01T12:00Z", "2024-03-01T12:00Z", "UTC", "last month"),
        // … and 30 days back from March 1 is January: two calendar months.
        ("2024-01-31T12:00Z", "2024-03-01T12:00Z", "UTC", "2 months ago"),
        ("2024-02-29T12:00Z", "2024-03-31T12:00Z", "UTC", "last month"),
        ("2024-08-15T12:00Z", "2024-03-31T12:00Z", "UTC", "in 5 months"),
        // 18 calendar months back: years by calendar year (2024 from 2026).
        ("2024-12-31T12:00Z", "2026-06-15T12:00Z", "UTC", "2 years ago"),
        ("2024-12-31T23:59:50Z", "2025-01-01T00:00:30Z", "UTC", "40 seconds ago"),
    ])
    func automatic(_ time: String, _ reference: String, _ zone: String, _ expected: String) throws {
        let format = try RelativeTimeFormat(locale: "en", numeric: .auto)
        #expect(try format.format(Self.date(time), relativeTo: Self.date(reference), in: zone) == expected)
    }

    @Test(arguments: [
        // 40 minutes apart across midnight in Paris: the previous day and month there…
        ("2024-02-29T23:50+01:00", "2024-03-01T00:30+01:00", "Europe/Paris", RelativeTimeUnit.day, "yesterday"),
        ("2024-02-29T23:50+01:00", "2024-03-01T00:30+01:00", "Europe/Paris", .month, "last month"),
        // … but the same day and month in UTC (22:50Z and 23:30Z on February 29).
        ("2024-02-29T23:50+01:00", "2024-03-01T00:30+01:00", "UTC", .day, "today"),
        ("2024-02-29T23:50+01:00", "2024-03-01T00:30+01:00", "UTC", .month, "this month"),
        ("2024-12-31T23:59:50Z", "2025-01-01T00:00:30Z", "UTC", .year, "last year"),
        ("2024-03-31T23:00Z", "2024-04-01T00:00Z", "UTC", .quarter, "last quarter"),
        ("2024-11-02T23:30-04:00", "2024-11-04T00:30-05:00", "America/New_York", .hour, "26 hours ago"),
        ("2024-01-31T12:00Z", "2024-03-01T12:00Z", "UTC", .day, "30 days ago"),
        ("2024-01-31T12:00Z", "2024-03-01T12:00Z", "UTC", .week, "4 weeks ago"),
    ])
    func fixed(_ time: String, _ reference: String, _ zone: String, _ unit: RelativeTimeUnit, _ expected: String) throws {
        let format = try RelativeTimeFormat(locale: "en", numeric: .auto)
        #expect(try format.format(Self.date(time), relativeTo: Self.date(reference), in: zone, unit: .fixed(unit)) == expected)
    }

    @Test func numericAlwaysAndOtherLocales() throws {
        let time = try Self.date("2024-03-10T00:30-05:00")
        let reference = try Self.date("2024-03-11T00:30-04:00")
        // CLDR en "{0} day ago" (one), fr "hier" / "il y a {0} jour".
        #expect(try RelativeTimeFormat(locale: "en").format(time, relativeTo: reference, in: "America/New_York") == "1 day ago")
        #expect(try RelativeTimeFormat(locale: "fr", numeric: .auto).format(time, relativeTo: reference, in: "America/New_York") == "hier")
        #expect(try RelativeTimeFormat(locale: "fr").format(time, relativeTo: reference, in: "America/New_York") == "il y a 1 jour")
        // The fixed-length method sees 23 hours.
        #expect(try RelativeTimeFormat(locale: "en").format(time, relativeTo: reference) == "23 hours ago")
    }

    @Test func differences() throws {
        let difference = try RelativeTimeFormat.calendarDifference(
            from: Self.date("2024-03-01T12:00Z"), to: Self.date("2024-01-31T12:00Z"), in: "UTC")
        #expect(difference.value == -2 && difference.unit == .month)
    }

    @Test func errors() throws {
        let format = try RelativeTimeFormat(locale: "en")
        let now = try Self.date("2024-03-01T12:00Z")
        #expect(throws: ParlanceError.self) { try format.format(now, relativeTo: now, in: "Mars/Olympus_Mons") }
        do {
            _ = try format.format(now, relativeTo: now, in: "Mars/Olympus_Mons")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidTimeZone)
        }
        do {
            _ = try format.format(Date(timeIntervalSince1970: 1e16), relativeTo: now, in: "UTC")
            Issue.record("an instant beyond ICU's calendars was accepted")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidTime)
        }
    }

    @Test func formatStyle() throws {
        let reference = try Self.date("2024-03-11T00:30-04:00")
        let time = try Self.date("2024-03-10T00:30-05:00")
        let style = try RelativeTimeFormatStyle(reference: reference, numeric: .auto, locale: "en").calendar(in: "America/New_York")
        #expect(time.formatted(style) == "yesterday")
        #expect(time.formatted(try style.calendar(in: "America/New_York", unit: .fixed(.hour))) == "23 hours ago")
        // Without calendar mode: fixed unit lengths.
        #expect(time.formatted(RelativeTimeFormatStyle(reference: reference, numeric: .auto, locale: "en")) == "23 hours ago")
        let decoded = try JSONDecoder().decode(RelativeTimeFormatStyle.self, from: JSONEncoder().encode(style))
        #expect(decoded == style)
        #expect(Date.distantFuture.formatted(style).hasPrefix("in "))
    }
}
