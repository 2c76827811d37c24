import Foundation
import Testing

@testable import Parlance

@Suite("ISO 8601 times (strict)")
struct ISO8601TimeFormatTests {
    @Test(arguments: [
        ("2023-11-14T22:13:20Z", 1_700_000_000_000.0),
        ("2023-11-14T22:13:20z", 1_700_000_000_000),
        ("2023-11-14T23:13:20.5+01:00", 1_700_000_000_500),
        ("2023-11-14T23:13:20.500+0100", 1_700_000_000_500),
        ("2023-11-14T17:43:20-04:30", 1_700_000_000_000),
        ("2023-11-14T22:13Z", 1_699_999_980_000),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59.999Z", -1),
        ("2024-02-29T00:00:00Z", 1_709_164_800_000),
        ("0001-01-01T00:00:00Z", -62_135_596_800_000),
    ])
    func accepted(text: String, millis: Double) throws {
        #expect(try ISO8601Time.epochMilliseconds(text) == millis)
    }

    @Test(arguments: [
        "", "2023-11-14", "2023-11-14T22:13:20", "2023-11-14 22:13:20Z", "2023-13-01T00:00Z",
        "2023-02-29T00:00Z", "2023-11-31T00:00Z", "2023-11-14T24:00Z", "2023-11-14T22:60Z",
        "2023-11-14T22:13:61Z", "2023-11-14T22:13:20.Z", "2023-11-14T22:13:20+24:00",
        "2023-11-14T22:13:20+01", "23-11-14T22:13Z", "2023-11-14T22:13:20Zjunk", "２０２３-11-14T22:13Z",
    ])
    func rejected(text: String) {
        do {
            _ = try ISO8601Time.epochMilliseconds(text)
            Issue.record("\(text.debugDescription) must be rejected")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidTime)
        } catch {
            Issue.record("not a ParlanceError: \(error)")
        }
    }
}

@Suite("DateFormat: known CLDR/ICU outputs")
struct DateFormatSpotTests {
    static let instant = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z

    @Test(arguments: [
        ("en-US", "yMMMd", "UTC", "Nov 14, 2023"),
        ("de", "yMMMd", "UTC", "14. Nov. 2023"),
        ("en", "yMMMdjm", "Asia/Kolkata", "Nov 15, 2023, 3:43\u{202F}AM"),
        ("ja-JP-u-ca-japanese", "yMMMd", "UTC", "令和5年11月14日"),
        ("th-TH-u-ca-buddhist", "yMMMd", "UTC", "14 พ.ย. 2566"),
        ("en-u-hc-h23", "jm", "UTC", "22:13"),
        ("en-US", "jm", "America/New_York", "5:13\u{202F}PM"),
        ("fa", "yMMMd", "UTC", "۲۳ آبان ۱۴۰۲"),
    ])
    func skeletons(locale: String, skeleton: String, zone: String, expected: String) throws {
        let text = try DateFormat(locale: LocaleID(locale), skeleton: skeleton, timeZone: zone).format(Self.instant)
        #expect(Array(text.unicodeScalars) == Array(expected.unicodeScalars), "\(text.debugDescription)")
    }

    @Test func patternsAndHourCycles() throws {
        #expect(try DateFormat(locale: "en", skeleton: "jm").pattern == "h:mm\u{202F}a")
        #expect(try DateFormat(locale: "en-u-hc-h23", skeleton: "jm").pattern == "HH:mm")
        #expect(try DateFormat(locale: "de", skeleton: "jm").pattern == "HH:mm")
        #expect(try DateFormat(locale: "en", skeleton: "yMMMd").pattern == "MMM d, y")
    }

    @Test func styles() throws {
        #expect(try DateFormat(locale: "de", dateStyle: .full, timeStyle: .none).format(Self.instant) == "Dienstag, 14. November 2023")
        #expect(try DateFormat(locale: "de", dateStyle: .full, timeStyle: .long).format(Self.instant) == "Dienstag, 14. November 2023 um 22:13:20 UTC")
        #expect(
            try DateFormat(locale: "en-US", dateStyle: .short, timeStyle: .short, timeZone: "Europe/Paris").format(Self.instant) == "11/14/23, 11:13\u{202F}PM")
        #expect(throws: ParlanceError.self) { try DateFormat(locale: "en", dateStyle: .none, timeStyle: .none) }
    }

    @Test(arguments: ["Mars/Olympus", "GMT+5", "", "utc ", "Europe/Pariss", "Etc/Unknown", String(repeating: "A", count: 5000)])
    func unknownTimeZones(zone: String) {
        do {
            _ = try DateFormat(locale: "en", skeleton: "yMd", timeZone: zone)
            Issue.record("\(zone.prefix(20)) must be rejected")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidTimeZone)
        } catch {
            Issue.record("not a ParlanceError: \(error)")
        }
    }

    @Test func knownTimeZonesCanonicalize() throws {
        #expect(try DateFormat.canonicalTimeZone("Asia/Kolkata") == "Asia/Calcutta")
        #expect(try DateFormat.canonicalTimeZone("UTC") == "Etc/UTC")
        #expect(try DateFormat.canonicalTimeZone("America/Argentina/Buenos_Aires") == "America/Buenos_Aires")
    }

    @Test(arguments: ["yMMMd!", "yyyy-MM-dd", "", "y'M", "ÿ", "\u{0}"])
    func invalidSkeletons(skeleton: String) {
        do {
            _ = try DateFormat(locale: "en", skeleton: skeleton)
            Issue.record("\(skeleton.debugDescription) must be rejected")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidSkeleton)
        } catch {
            Issue.record("not a ParlanceError: \(error)")
        }
    }

    @Test func outOfRangeTimes() throws {
        let format = try DateFormat(locale: "en", skeleton: "yMMMd")
        for bad in [Double.nan, .infinity, -.infinity, 1e18, -1e18, Double.greatestFiniteMagnitude] {
            do {
                _ = try format.format(epochMilliseconds: bad)
                Issue.record("\(bad) must be rejected")
            } catch let error as ParlanceError {
                #expect(error.code == .invalidTime)
            } catch {
                Issue.record("not a ParlanceError: \(error)")
            }
        }
        // The extremes ICU supports still format, in the right year: the proleptic Gregorian
        // calendar's mean year is exactly 365.2425 days, so the year is 1970 + ms / 31_556_952_000
        // (to within one year near a year boundary; these instants are mid-year).
        let late = try format.format(epochMilliseconds: 1.8e17)
        let lateYear = 1970 + Int((1.8e17 / 31_556_952_000).rounded(.down))
        #expect(late.filter(\.isNumber).hasSuffix(String(lateYear)), "\(late) in year \(lateYear)")
    }
}

@Suite("DateFormat over every ICU locale")
struct DateFormatSweepTests {
    @Test func everyLocaleFormats() throws {
        var failures: [String] = []
        // Distinct even with two-digit years.
        let instants: [Double] = [1_700_000_000_000, 0, -1_000_000_000_000, 1_000_000_000_000]
        for locale in LocaleID.availableLocales {
            let formats = [
                try DateFormat(locale: locale, skeleton: "yMMMMEEEEdjmmss", timeZone: "Europe/Berlin"),
                try DateFormat(locale: locale, skeleton: "yMd"),
                try DateFormat(locale: locale, dateStyle: .full, timeStyle: .full, timeZone: "America/Sao_Paulo"),
                try DateFormat(locale: locale, dateStyle: .short, timeStyle: .none),
            ]
            for format in formats {
                if format.pattern.isEmpty { failures.append("\(locale.identifier): empty pattern") }
                var seen = Set<String>()
                for instant in instants {
                    let text = try format.format(epochMilliseconds: instant)
                    if text.isEmpty || text.unicodeScalars.contains("\u{FFFD}") {
                        failures.append("\(locale.identifier) \(format.pattern): \(text.debugDescription)")
                    }
                    seen.insert(text)
                }
                // Four different days must give four different texts.
                if seen.count != instants.count { failures.append("\(locale.identifier) \(format.pattern): \(seen)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(10))")
    }
}
