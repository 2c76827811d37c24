import Foundation
import Testing

@testable import Parlance

/// Locale information (week, hour cycles, calendars, collations, numbering systems, time zones)
/// and supported values, against CLDR 41's supplemental data (CLDRData/week-data.json,
/// CLDRData/supported-values.json) with the known CLDR 42 changes listed beside them.
@Suite("Locale: information and supported values")
struct LocaleInfoTests {
    // MARK: Week and hour cycle against CLDR

    /// Every territory of CLDR's weekData, through the locale `und-<territory>` (ICU takes the
    /// week of the id's region).
    @Test("weekData: every territory")
    func weekData() throws {
        let fixture = WeekDataFixture.shared
        var differences: Set<ObservedDifference> = []
        var checked = 0
        for (territory, expected) in fixture.weekData {
            let locale = try LocaleID("und-\(territory)")
            let week = try locale.weekInfo
            let actual = WeekDataFixture.Week(
                firstDay: week.firstDay.rawValue, weekend: week.weekend.map(\.rawValue), minimalDays: week.minimalDays)
            checked += 1
            if actual != expected {
                differences.insert(ObservedDifference(key: "weekInfo \(territory)", cldr41: Self.text(expected), icu72: Self.text(actual)))
            }
        }
        #expect(checked == fixture.weekData.count && checked > 150)
        Self.expectKnown(differences, LocaleInfoKnownDifferences.load("week-data-known-differences.json"), prefix: "weekInfo ")
    }

    /// Every region and locale of CLDR's timeData: the preferred hour cycle is ICU's default
    /// one. A region goes through `und-<region>`, a locale ("fr_CA") as it is.
    @Test("timeData: every region and locale")
    func hourCycles() throws {
        let fixture = WeekDataFixture.shared
        var differences: Set<ObservedDifference> = []
        for (region, expected) in fixture.hourCycles {
            let locale = try LocaleID(region.contains("_") ? region : "und-\(region)")
            let cycles = try locale.hourCycles
            #expect(cycles.count == 1)
            let actual = cycles.map(\.rawValue).joined(separator: " ")
            if actual != expected {
                differences.insert(ObservedDifference(key: "hourCycle \(region)", cldr41: expected, icu72: actual))
            }
        }
        #expect(fixture.hourCycles.count > 250)
        Self.expectKnown(differences, LocaleInfoKnownDifferences.load("week-data-known-differences.json"), prefix: "hourCycle ")
    }

    @Test("ECMA-402's examples: en-US and de")
    func examples() throws {
        let us = try LocaleID("en-US").weekInfo
        #expect(us == WeekInfo(firstDay: .sunday, weekend: [.saturday, .sunday], minimalDays: 1))
        let de = try LocaleID("de").weekInfo
        #expect(de == WeekInfo(firstDay: .monday, weekend: [.saturday, .sunday], minimalDays: 4))
        // CLDR 41 weekData: IR starts the week on Saturday and rests on Friday only.
        #expect(try LocaleID("fa-IR").weekInfo == WeekInfo(firstDay: .saturday, weekend: [.friday], minimalDays: 1))
        #expect(try LocaleID("en-US").hourCycles == [.h12])
        #expect(try LocaleID("de").hourCycles == [.h23])
        #expect(try LocaleID("en-US-u-hc-h23").hourCycles == [.h23])
        #expect(try LocaleID("ja-JP-u-hc-h11").hourCycles == [.h11])
        #expect(LocaleID.root.characterDirection == .leftToRight)
        #expect(LocaleID("ar").characterDirection == .rightToLeft)
    }

    // MARK: Lists

    /// CLDR 41 supplementalData calendarPreference: th → buddhist gregorian; JP → gregorian
    /// japanese; EG → gregorian coptic islamic islamic-civil islamic-tbla; a keyword is the
    /// one value.
    @Test("calendars, collations, numbering systems, time zones")
    func lists() throws {
        #expect(try LocaleID("th").calendars == ["buddhist", "gregory"])
        #expect(try LocaleID("ja-JP").calendars == ["gregory", "japanese"])
        #expect(try LocaleID("ar-EG").calendars == ["gregory", "coptic", "islamic", "islamic-civil", "islamic-tbla"])
        #expect(try LocaleID("ja-JP-u-ca-japanese").calendars == ["japanese"])
        #expect(try LocaleID("en-u-ca-gregory").calendars == ["gregory"])
        // CLDR 41 common/collation/de.xml has phonebook and eor/emoji come from root.xml.
        let de = try LocaleID("de").collations
        #expect(de.contains("phonebk") && !de.contains("standard") && !de.contains("search"))
        #expect(de == de.sorted())
        #expect(try LocaleID("de-u-co-phonebk").collations == ["phonebk"])
        // CLDR 41 common/collation/zh.xml: pinyin, stroke, zhuyin, unihan, big5han, gb2312han.
        let zh = try LocaleID("zh").collations
        for type in ["pinyin", "stroke", "zhuyin", "unihan"] { #expect(zh.contains(type), "\(zh)") }
        // CLDR 41 main/ar_EG.xml defaultNumberingSystem arab; th-u-nu-thai asks for thai.
        #expect(try LocaleID("ar-EG").numberingSystems == ["arab"])
        #expect(try LocaleID("en").numberingSystems == ["latn"])
        #expect(try LocaleID("th-u-nu-thai").numberingSystems == ["thai"])
        // common/bcp47/timezone.xml: India's one zone keeps its CLDR id.
        #expect(try LocaleID("en-IN").timeZones == ["Asia/Calcutta"])
        #expect(try LocaleID("en").timeZones == nil)
        let us = try #require(try LocaleID("en-US").timeZones)
        #expect(us.contains("America/New_York") && us.contains("Pacific/Honolulu") && us == us.sorted())
    }

    /// Every list of every locale ICU ships is well-formed: unique BCP 47 types, a region's
    /// zones all canonical location zones.
    @Test("every available locale answers")
    func everyLocale() throws {
        let zones = Set(try SupportedValues.values(for: .timeZone))
        for locale in LocaleID.availableLocales {
            let week = try locale.weekInfo
            #expect((1...7).contains(week.minimalDays) && !week.weekend.isEmpty, "\(locale)")
            #expect(try locale.hourCycles.count == 1)
            let calendars = try locale.calendars
            #expect(!calendars.isEmpty && Set(calendars).count == calendars.count, "\(locale): \(calendars)")
            #expect(try locale.numberingSystems.count == 1)
            if let regionZones = try locale.timeZones { #expect(Set(regionZones).isSubset(of: zones), "\(locale)") }
        }
    }

    // MARK: Supported values

    @Test("supported values: sorted by code unit, no duplicates", arguments: SupportedValues.Key.allCases)
    func sortedUnique(key: SupportedValues.Key) throws {
        let values = try SupportedValues.values(for: key)
        #expect(!values.isEmpty)
        let units = values.map { Array($0.utf16) }
        #expect(zip(units, units.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) }, "\(key)")
    }

    /// Each key's values against CLDR 41's own lists; every disagreement is a known difference.
    @Test("supported values against CLDR")
    func againstCLDR() throws {
        let fixture = SupportedValuesFixture.shared
        var differences: Set<ObservedDifference> = []
        let keys: [(SupportedValues.Key, [String])] = [
            (.calendar, fixture.calendar), (.collation, fixture.collation), (.currency, fixture.currency),
            (.numberingSystem, fixture.numberingSystem), (.timeZone, fixture.timeZone),
        ]
        for (key, cldr) in keys {
            let icu = Set(try SupportedValues.values(for: key))
            let cldr = Set(cldr)
            for value in icu.subtracting(cldr) {
                differences.insert(ObservedDifference(key: "\(key.rawValue) \(value)", cldr41: "absent", icu72: "present"))
            }
            for value in cldr.subtracting(icu) {
                differences.insert(ObservedDifference(key: "\(key.rawValue) \(value)", cldr41: "present", icu72: "absent"))
            }
            #expect(icu.intersection(cldr).count > cldr.count / 2, "\(key)")
        }
        Self.expectKnown(differences, LocaleInfoKnownDifferences.load("supported-values-known-differences.json"), prefix: "")
    }

    /// ECMA-402's 45 sanctioned units are CLDR unit ids (common/validity/unit.xml) without
    /// their category.
    @Test("units: ECMA-402's 45, each a CLDR unit")
    func units() throws {
        let units = try SupportedValues.values(for: .unit)
        #expect(units.count == 45)
        let cldr = SupportedValuesFixture.shared.cldrUnits
        for unit in units {
            #expect(cldr.contains { $0.hasSuffix("-" + unit) && $0.split(separator: "-", maxSplits: 1).last.map(String.init) == unit }, "\(unit)")
        }
    }

    /// Names, weeks and lists from many tasks at once equal the same calls made one by one
    /// (the shim keeps no state; the caches are locked). Run under ThreadSanitizer in CI.
    @Test("concurrent use")
    func concurrent() async throws {
        let locales: [LocaleID] = ["en-US", "de", "ar-EG", "ja-JP", "fr-CA", "th", "he-IL", "zh-TW"]
        @Sendable func answer(_ locale: LocaleID) throws -> String {
            let names = DisplayNames(locale: locale, style: .short)
            let parts = [
                try names.currency("EUR"), try names.region("419"), try names.calendar("gregory"),
                names.dateTimeField(.weekday), try names.unit("kilometer"), names.language("en-GB"),
            ]
            let week = try locale.weekInfo
            return parts.map { $0 ?? "nil" }.joined(separator: "|")
                + "|\(week.firstDay)|\(try locale.hourCycles)|\(try locale.calendars)|\(try locale.timeZones ?? [])"
        }
        let serial = try locales.map(answer)
        let parallel = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for _ in 0..<4 {
                for (index, locale) in locales.enumerated() {
                    group.addTask { (index, try answer(locale)) }
                }
            }
            var answers: [(Int, String)] = []
            for try await answer in group { answers.append(answer) }
            return answers
        }
        #expect(parallel.count == locales.count * 4)
        for (index, text) in parallel { #expect(text == serial[index]) }
    }

    // MARK: getCanonicalLocales

    @Test("canonicalLocales")
    func canonicalLocales() throws {
        #expect(try LocaleID.canonicalLocales(["EN-us", "iw", "en-US"]) == ["en-US", "he"])
        // CLDR's localeCanonicalization.txt rows through the same path (alias replacement).
        #expect(try LocaleID.canonicalLocales(["sh", "in-ID", "art-lojban"]) == ["sr-Latn", "id-ID", "jbo"])
        #expect(try LocaleID.canonicalLocales([]) == [])
        #expect(throws: ParlanceError.self) { try LocaleID.canonicalLocales(["en", "e n"]) }
    }

    /// Sources/Parlance/Parlance.docc/LocaleInformation.md's examples, as written there.
    @Test("LocaleInformation.md's examples")
    func guideExamples() throws {
        let en = DisplayNames(locale: "en")
        #expect(try en.region("419") == "Latin America")
        #expect(try en.script("Hant") == "Traditional")
        #expect(try en.currency("CAD") == "Canadian Dollar")
        #expect(try en.calendar("islamic-umalqura") == "Islamic Calendar (Umm al-Qura)")
        #expect(en.dateTimeField(.weekOfYear) == "week")
        #expect(en.language("en-GB") == "English (United Kingdom)")
        #expect(DisplayNames(locale: "en", languageDisplay: .dialect).language("en-GB") == "British English")
        #expect(DisplayNames(locale: "en", style: .short).language("en-US") == "English (US)")
        #expect(try DisplayNames(locale: "en", style: .short).currency("CAD") == "CA$")
        #expect(try DisplayNames(locale: "en", style: .narrow).currency("CAD") == "$")
        #expect(DisplayNames(locale: "de", style: .narrow).dateTimeField(.timeZoneName) == "Zeitz.")
        #expect(try en.unit("meter") == "meters")
        #expect(try DisplayNames(locale: "en", style: .short).unit("fluid-ounce") == "fl oz")
        #expect(try en.numberingSystem("arab") == "Arabic-Indic Digits")
        #expect(try en.region("XQ") == "XQ")
        #expect(try DisplayNames(locale: "en", fallback: .none).region("XQ") == nil)
        #expect(throws: ParlanceError.self) { try en.region("USA") }

        #expect(try LocaleID("en-US").weekInfo == WeekInfo(firstDay: .sunday, weekend: [.saturday, .sunday], minimalDays: 1))
        #expect(try LocaleID("de").weekInfo == WeekInfo(firstDay: .monday, weekend: [.saturday, .sunday], minimalDays: 4))
        #expect(try LocaleID("en-US").hourCycles == [.h12])
        #expect(try LocaleID("de").hourCycles == [.h23])
        #expect(try LocaleID("th").calendars == ["buddhist", "gregory"])
        #expect(try LocaleID("de-u-co-phonebk").collations == ["phonebk"])
        #expect(try LocaleID("ar-EG").numberingSystems == ["arab"])
        #expect(try LocaleID("en-IN").timeZones == ["Asia/Calcutta"])
        #expect(try LocaleID("en").timeZones == nil)
        #expect(LocaleID("ar").characterDirection == .rightToLeft)

        #expect(try SupportedValues.values(for: .calendar).contains("gregory"))
        #expect(try SupportedValues.values(for: .unit).count == 45)
        #expect(try LocaleID.canonicalLocales(["EN-us", "iw", "en-US"]) == ["en-US", "he"])
    }

    // MARK: Helpers

    static func text(_ week: WeekDataFixture.Week) -> String {
        "firstDay \(week.firstDay) weekend \(week.weekend.map(String.init).joined(separator: ",")) minimalDays \(week.minimalDays)"
    }

    /// Fails unless `found` is exactly the known differences whose key starts with `prefix`.
    static func expectKnown(
        _ found: Set<ObservedDifference>, _ known: LocaleInfoKnownDifferences, prefix: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = known.observed.filter { $0.key.hasPrefix(prefix) }
        #expect(
            found == expected,
            "new: \(found.subtracting(expected).sorted()) gone: \(expected.subtracting(found).sorted())",
            sourceLocation: sourceLocation)
    }
}
