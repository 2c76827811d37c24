import Foundation
import Testing

@testable import Parlance

@Suite("Relative time and lists: known CLDR/ICU outputs")
struct RelativeListFormatSpotTests {
    @Test(arguments: [
        ("fr", RelativeTimeStyle.long, RelativeTimeNumeric.auto, -1.0, RelativeTimeUnit.day, "hier"),
        ("fr", .long, .always, -1, .day, "il y a 1 jour"),
        ("en", .long, .always, 3, .day, "in 3 days"),
        ("en", .long, .auto, 1, .day, "tomorrow"),
        ("en", .long, .auto, 0, .year, "this year"),
        ("en", .short, .always, -2, .hour, "2 hr. ago"),
        ("en", .narrow, .always, -2, .hour, "2h ago"),
        ("de", .long, .auto, -2, .day, "vorgestern"),
        ("en", .long, .always, 1.5, .week, "in 1.5 weeks"),
        ("en", .long, .always, 2, .quarter, "in 2 quarters"),
    ])
    func relative(
        locale: String, style: RelativeTimeStyle, numeric: RelativeTimeNumeric,
        value: Double, unit: RelativeTimeUnit, expected: String
    ) throws {
        #expect(try RelativeTimeFormat(locale: LocaleID(locale), style: style, numeric: numeric).format(value, unit) == expected)
    }

    @Test func relativeToReference() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let en = try RelativeTimeFormat(locale: "en", numeric: .auto)
        #expect(try en.format(now.addingTimeInterval(-86_400), relativeTo: now) == "yesterday")
        #expect(try en.format(now.addingTimeInterval(3 * 3600 + 5), relativeTo: now) == "in 3 hours")
        #expect(try en.format(now.addingTimeInterval(-30), relativeTo: now) == "30 seconds ago")
        #expect(try en.format(now.addingTimeInterval(-20 * 86_400), relativeTo: now) == "2 weeks ago")
        #expect(try en.format(now.addingTimeInterval(800 * 86_400), relativeTo: now) == "in 2 years")
        #expect(RelativeTimeFormat.bestUnit(seconds: -59).unit == .second)
        #expect(RelativeTimeFormat.bestUnit(seconds: 7200).unit == .hour)
        #expect(RelativeTimeFormat.bestUnit(seconds: 60 * 86_400) == (2, .month))
        #expect(throws: ParlanceError.self) { try en.format(Double.nan, .day) }
        #expect(throws: ParlanceError.self) { try en.format(-Double.infinity, .day) }
    }

    @Test(arguments: [
        ("es", ListType.and, ListWidth.wide, ["a", "b", "c"], "a, b y c"),
        ("en", .and, .wide, ["a", "b", "c"], "a, b, and c"),
        ("en", .or, .wide, ["a", "b", "c"], "a, b, or c"),
        ("en", .and, .short, ["a", "b", "c"], "a, b, & c"),
        ("en", .units, .narrow, ["5 ft", "2 in"], "5 ft 2 in"),
        ("fr", .or, .wide, ["thé", "café"], "thé ou café"),
        ("de", .and, .wide, ["a", "b", "c"], "a, b und c"),
        ("zh", .and, .wide, ["甲", "乙", "丙"], "甲、乙和丙"),
        ("en", .and, .wide, [], ""),
        ("en", .and, .wide, ["solo"], "solo"),
        ("en", .and, .wide, ["", ""], " and "),
    ])
    func list(locale: String, type: ListType, width: ListWidth, items: [String], expected: String) throws {
        #expect(try ListFormat(locale: LocaleID(locale), type: type, width: width).format(items) == expected)
    }

    @Test func formattersSurface() throws {
        let de = Formatters(locale: "de-DE", timeZone: try TimeZoneID("Europe/Berlin"))
        let epoch = Date(timeIntervalSince1970: 0)
        #expect(epoch.formatted(de.dateTime(time: .none)) == "01.01.1970")
        #expect(epoch.formatted(de.dateTime(date: .none)) == "01:00")
        #expect(epoch.formatted(de.dateTime()) == "01.01.1970, 01:00")
        #expect(epoch.addingTimeInterval(-86_400).formatted(de.relative(to: epoch)) == "gestern")
        #expect(1234.5.formatted(de.number.precision(.fractionDigits(min: 1, max: 1))) == "1.234,5")
        #expect(1234.5.formatted(de.number.precision(.fractionDigits(min: 0, max: 0))) == "1.234")  // half-even
        #expect(0.25.formatted(de.percent) == "25\u{00A0}%")
        #expect(try DecimalNumber("1234.5").formatted(de.currency(try CurrencyCode("EUR"))) == "1.234,50\u{00A0}€")
        #expect(Int64(1_500_000).formatted(de.byteCount()) == "1,5 MB")
        #expect(Duration.seconds(3900).formatted(de.duration()) == "1 Std., 5 Min.")
        #expect(["a", "b", "c"].formatted(de.list()) == "a, b und c")
        #expect(throws: ParlanceError.self) { try TimeZoneID("Berlin") }
        #expect(throws: ParlanceError.self) { try CurrencyCode("€") }
    }
}

@Suite("Relative time and lists over every ICU locale")
struct RelativeListFormatSweepTests {
    @Test func everyLocale() throws {
        var failures: [String] = []
        for locale in LocaleID.availableLocales {
            let twelve = try NumberFormat(locale: locale).format(12)
            for style in RelativeTimeStyle.allCases {
                for numeric in RelativeTimeNumeric.allCases {
                    let format = try RelativeTimeFormat(locale: locale, style: style, numeric: numeric)
                    for unit in RelativeTimeUnit.allCases {
                        let past = format.format(-12, unit)
                        let future = format.format(12, unit)
                        let zero = format.format(0, unit)
                        for text in [past, future, zero] where text.isEmpty || text.unicodeScalars.contains("\u{FFFD}") {
                            failures.append("\(locale.identifier) \(style) \(unit): \(text.debugDescription)")
                        }
                        // Numeric output shows the number as the locale writes it (12: no dual or
                        // word forms such as ar "سنتين" or hi "परसों", which is both −2 and +2 days).
                        if numeric == .always, !past.contains(twelve) || !future.contains(twelve) {
                            failures.append("\(locale.identifier) \(style) \(unit): \(past) / \(future) lack \(twelve)")
                        }
                    }
                }
            }
            for type in ListType.allCases {
                for width in ListWidth.allCases {
                    let text = try ListFormat(locale: locale, type: type, width: width).format(["XA", "XB", "XC"])
                    // The items appear in order, each once.
                    let a = text.range(of: "XA")
                    let b = text.range(of: "XB")
                    let c = text.range(of: "XC")
                    if a == nil || b == nil || c == nil || !(a!.upperBound <= b!.lowerBound && b!.upperBound <= c!.lowerBound) {
                        failures.append("\(locale.identifier) \(type) \(width): \(text.debugDescription)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(10))")
    }
}
