import Foundation
import Testing

@testable import Parlance

/// Durations in weeks, days and sub-second units: choice of units, rounding, unit count, sign
/// and the numeric style. Expected strings follow CLDR's English patterns (short "{0} hr",
/// "{0} min", "{0} sec", "{0} ms", "{0} day(s)", wide "{0} day(s)"/"{0} hour(s)", unit lists
/// "{0}, {1}", durationUnit "h:mm:ss", minus sign "-").
@Suite("Durations: units, rounding, numeric")
struct DurationUnitsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var style: DurationStyle
        var units: Set<DurationUnit>
        var count: Int?
        var seconds: Double
        var expected: String
        init(_ style: DurationStyle, _ units: Set<DurationUnit>, _ count: Int?, _ seconds: Double, _ expected: String) {
            (self.style, self.units, self.count, self.seconds, self.expected) = (style, units, count, seconds, expected)
        }
        var testDescription: String { "\(style) \(units.sorted().map(\.rawValue)) \(count.map(String.init) ?? "-") \(seconds) → \(expected)" }
    }

    @Test(arguments: [
        // 1 d 23 h 59 min 40 s rounded to minutes carries into 2 days.
        Case(.short, [.days, .hours, .minutes], nil, 172_780.0, "2 days"),
        Case(.wide, [.days, .hours], nil, 183_600, "2 days, 3 hours"),
        Case(.wide, [.weeks, .days], nil, 8 * 86_400, "1 week, 1 day"),
        // The last unit shown is rounded: 1 h 2 min 5 s to two units.
        Case(.short, [.hours, .minutes, .seconds], 2, 3725, "1 hr, 2 min"),
        Case(.short, [.hours, .minutes, .seconds], 2, 3690, "1 hr, 2 min"),
        // 59 min 59.5 s rounds to 1 h, which moves the window up.
        Case(.short, [.hours, .minutes, .seconds], 1, 3599.5, "1 hr"),
        Case(.short, [.hours, .minutes, .seconds], 1, 5399, "1 hr"),
        Case(.short, [.hours, .minutes, .seconds], 1, 5400, "2 hr"),
        Case(.short, [.seconds, .milliseconds], nil, 1.5, "1 sec, 500 ms"),
        Case(.short, [.milliseconds], nil, 0.0004, "0 ms"),
        Case(.short, [.milliseconds], nil, 0.0005, "1 ms"),
        Case(.short, [.hours, .minutes], nil, -3725, "-1 hr, 2 min"),
        // Numeric: days fold into hours; sub-second units are the seconds' fraction.
        Case(.numeric, [.days, .hours, .minutes, .seconds], nil, 90_061, "25:01:01"),
        Case(.numeric, [.hours, .minutes, .seconds, .milliseconds], nil, 3723.5, "1:02:03.5"),
        Case(.numeric, [.hours, .minutes, .seconds, .milliseconds], nil, 3723.25, "1:02:03.25"),
        Case(.numeric, [.hours, .minutes, .seconds, .milliseconds], nil, 3723.0004, "1:02:03"),
        Case(.numeric, [.hours, .minutes, .seconds], nil, -3723, "-1:02:03"),
        Case(.numeric, [.hours, .minutes], nil, 3723, "1:02"),
        Case(.numeric, [.minutes, .seconds], nil, 3723, "62:03"),
        Case(.numeric, [.seconds], nil, 303, "5:03"),
        Case(.numeric, [.hours], nil, 5400, "2:00"),
    ])
    func formats(_ test: Case) throws {
        let format = try DurationFormat(locale: "en", style: test.style, units: test.units, maximumUnitCount: test.count)
        let text = try format.format(seconds: test.seconds)
        #expect(text == test.expected, "\(text.debugDescription)")
    }

    @Test func exactDurations() throws {
        let nanos = try DurationFormat(locale: "en", style: .short, units: [.seconds, .milliseconds, .microseconds, .nanoseconds])
        #expect(try nanos.format(.seconds(1) + .nanoseconds(2_003_004)) == "1 sec, 2 ms, 3 μs, 4 ns")
        let numeric = try DurationFormat(locale: "en", style: .numeric, units: [.hours, .minutes, .seconds, .nanoseconds])
        #expect(try numeric.format(.seconds(3723) + .nanoseconds(123_456_789)) == "1:02:03.123456789")
        // Attoseconds round half away from zero to nanoseconds.
        #expect(try nanos.format(Duration(secondsComponent: 0, attosecondsComponent: 1_500_000_000)) == "2 ns")
        #expect(try DurationFormat(locale: "en").format(.seconds(Int64.max / 2)).hasPrefix("1,281,023,894,007,"))
    }

    @Test func invalidSettings() {
        #expect(throws: ParlanceError.self) { try DurationFormat(locale: "en", units: []) }
        #expect(throws: ParlanceError.self) { try DurationFormat(locale: "en", maximumUnitCount: 0) }
        #expect(throws: ParlanceError.self) { try DurationFormatStyle().units([]) }
    }

    @Test func style() throws {
        let days = try DurationFormatStyle(style: .wide).units([.days, .hours]).locale("en")
        #expect(Duration.seconds(183_600).formatted(days) == "2 days, 3 hours")
        let data = try JSONEncoder().encode(days)
        #expect(try JSONDecoder().decode(DurationFormatStyle.self, from: data) == days)
        // A style encoded before units existed decodes with the default units.
        let old = try JSONDecoder().decode(DurationFormatStyle.self, from: Data(#"{"locale":"en","style":"short"}"#.utf8))
        #expect(old.units == [.hours, .minutes, .seconds])
        #expect(Duration.seconds(3900).formatted(old) == "1 hr, 5 min")
    }
}
