import Foundation
import Parlance
import Testing

/// Every example of the `Parlance` guides (Parlance.docc) and README.md's opening example, as
/// written there, with the result they show.
/// (The catalog examples are in Tests/ParlanceLocalizationTests/ReadmeExamplesTests.swift.)
@Suite("Guide examples (Parlance)")
struct ReadmeParlanceExamplesTests {
    @Test("README.md's opening example")
    func opening() throws {
        #expect(1234.5.formatted(.parlance.number.locale("de")) == "1.234,5")
        let price = try DecimalNumber("19.99").formatted(.parlance.currency(code: "EUR").locale("fr"))
        #expect(price == "19,99\u{A0}€")
        #expect(["a", "b", "c"].formatted(.parlance.list.locale("es")) == "a, b y c")
        #expect(try PluralRules(locale: "ru").category(for: 21) == .one)
        let day = try Date(timeIntervalSince1970: 1_700_000_000)
            .formatted(.parlance.date(skeleton: "yMMMd").locale("en-US").timeZone("America/New_York"))
        #expect(day == "Nov 14, 2023")
    }

    @Test("Plural rules")
    func plurals() throws {
        let ru = try PluralRules(locale: "ru")
        #expect(ru.category(for: 21) == .one)
        #expect(ru.category(for: 5) == .many)
        #expect(try ru.category(for: "1.5") == .other)
        let en = try PluralRules(locale: "en")
        #expect(try en.category(for: "1") == .one)
        #expect(try en.category(for: "1.0") == .other)
        #expect(try PluralRules(locale: "en", type: .ordinal).category(for: 23) == .few)
        #expect(try PluralRules(locale: "ar").categories == [.zero, .one, .two, .few, .many, .other])
        #expect(en.category(for: 1.0) == .one)
        #expect(en.category(for: 1.0, visibleFractionDigits: 1) == .other)
    }

    @Test("Formatting")
    func formatting() throws {
        #expect(1234.5.formatted(.parlance.number.locale("de")) == "1.234,5")
        #expect(1234567.formatted(.parlance.number.locale("hi-IN")) == "12,34,567")
        #expect(1234.formatted(.parlance.compact().locale("en")) == "1.2K")
        #expect(0.25.formatted(.parlance.percent.locale("fr")) == "25\u{A0}%")
        let euros = try DecimalNumber("1234.5").formatted(.parlance.currency(code: "EUR").locale("de"))
        #expect(euros == "1.234,50\u{A0}€")
        #expect(
            try DecimalNumber("12345678901234567890.5").formatted(.parlance.number.locale("fr"))
                == "12\u{202F}345\u{202F}678\u{202F}901\u{202F}234\u{202F}567\u{202F}890,5")
        let distance = try 12.5.formatted(.parlance.measurement("length-kilometer", width: .wide).locale("fr"))
        #expect(distance == "12,5\u{A0}kilomètres")
        #expect(Int64(1_500_000).formatted(.parlance.byteCount.locale("de")) == "1,5 MB")
        #expect(Duration.seconds(3900).formatted(.parlance.duration.locale("en")) == "1 hr, 5 min")

        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let newYorkDay = try date.formatted(.parlance.date(skeleton: "yMMMd").locale("en-US").timeZone("America/New_York"))
        #expect(newYorkDay == "Nov 14, 2023")
        #expect(date.formatted(.parlance.date(skeleton: "GyMMMd").locale("ja-JP-u-ca-japanese")) == "令和5年11月14日")
        #expect(date.addingTimeInterval(-86_400).formatted(.parlance.relative(to: date, numeric: .auto).locale("fr")) == "hier")
        #expect(["a", "b", "c"].formatted(.parlance.list.locale("es")) == "a, b y c")

        #expect(1234.5.formatted(.parlance.number.precision(.fractionDigits(min: 2, max: 2)).grouping(.off).locale("en")) == "1234.50")
        #expect(try (-3.5).formatted(.parlance.number.skeleton(NumberSkeleton(validating: "currency/USD .00 sign-accounting")).locale("en")) == "($3.50)")

        #expect(throws: ParlanceError.self) { try DecimalNumber("NaN") }
        #expect(throws: ParlanceError.self) { try TimeZoneID("Mars/Olympus") }
        #expect(throws: ParlanceError.self) { try CurrencyCode("XYZ", strict: true) }
        #expect(throws: ParlanceError.self) { try LocaleID("xx", strict: true) }
    }

    @Test("Locales, negotiation, direction")
    func locales() throws {
        let german: LocaleID = "de-CH"
        #expect(german.languageTag == "de-CH")
        let userInput = "en US"
        #expect(throws: ParlanceError.self) { try LocaleID(userInput) }
        #expect(try LocaleID(Locale(identifier: "sr_Latn_RS")).languageTag == "sr-Latn-RS")
        let mixedCase = "SR_latn_rs"
        #expect(try LocaleID(mixedCase).languageTag == "sr-Latn-RS")
        #expect(LocaleID("zh-TW").maximized.languageTag == "zh-Hant-TW")
        #expect(LocaleID("en-IN").fallbackChain.map(\.languageTag) == ["en-IN", "en-001", "en", "und"])
        #expect(LocaleID("ar").nativeDisplayName == "العربية")
        #expect(LocaleID("zh-Hant-TW").displayName(in: LocaleID("fr")) == "chinois (traditionnel, Taïwan)")
        #expect(LocaleID("und-HR").displayName(in: "en") == "Unknown language (Croatia)")

        let matcher = try LocaleMatcher(supported: ["en-US", "en-GB", "pt-BR"])
        #expect(matcher.bestMatch(acceptLanguage: "en-AU, pt;q=0.5").locale.languageTag == "en-GB")

        #expect(LocaleID("he").characterDirection == .rightToLeft)
        #expect(Bidi.baseDirection(of: "123 שלום") == .rightToLeft)
        #expect(Bidi.baseDirection(of: "123\nשלום") == .rightToLeft)
        #expect(Bidi.isolate("+1 555-0100", as: .leftToRight) == "\u{2066}+1 555-0100\u{2069}")
        #expect(DisplayWidth.of("日本語") == 6)
    }

    // MessagesAndRanges.md: durations in any units,
    // relative time in calendar units of a zone.
    @Test("Durations and calendar relative time")
    func durationsAndCalendarRelativeTime() throws {
        #expect(Duration.seconds(183_600).formatted(try DurationFormatStyle(style: .wide).units([.days, .hours]).locale("en")) == "2 days, 3 hours")
        #expect(
            Duration.seconds(3725).formatted(try DurationFormatStyle(style: .short).units([.hours, .minutes, .seconds], maximumUnitCount: 2).locale("en"))
                == "1 hr, 2 min")
        #expect(
            Duration.milliseconds(1500).formatted(try DurationFormatStyle(style: .short).units([.seconds, .milliseconds]).locale("en"))
                == "1 sec, 500 ms")
        #expect(
            Duration.milliseconds(3_723_500).formatted(
                try DurationFormatStyle(style: .numeric).units([.hours, .minutes, .seconds, .milliseconds]).locale("en")) == "1:02:03.5")
        #expect(
            Duration.seconds(90_061).formatted(try DurationFormatStyle(style: .numeric).units([.days, .hours, .minutes, .seconds]).locale("en"))
                == "25:01:01")

        let now = Date(timeIntervalSince1970: 1_710_131_400)  // 2024-03-11 00:30 in New York (EDT)
        let then = Date(timeIntervalSince1970: 1_710_048_600)  // 2024-03-10 00:30 (EST), 23 hours earlier
        let auto = RelativeTimeFormatStyle(reference: now, numeric: .auto, locale: "en")
        #expect(then.formatted(try auto.calendar(in: "America/New_York")) == "yesterday")
        #expect(then.formatted(auto) == "23 hours ago")
        #expect(then.formatted(try auto.calendar(in: "America/New_York", unit: .fixed(.month))) == "this month")
    }

    // Formatting.md: lists whose connector depends on the next word.
    @Test("List connectors")
    func listConnectors() {
        #expect(["Juan", "Isabel"].formatted(.parlance.list.locale("es")) == "Juan e Isabel")
        #expect(["siete", "ocho"].formatted(.parlance.list(type: .or).locale("es")) == "siete u ocho")
        #expect(["א", "ABC"].formatted(.parlance.list.locale("he")) == "א ו-ABC")
    }

    // FormatParts.md, as written there.
    @Test("Format parts")
    func formatParts() throws {
        let euros = try CurrencyFormatStyle<DecimalNumber>(currency: CurrencyCode("EUR"), locale: "de")
        #expect(
            euros.parts.format(try DecimalNumber("1234.5")).map { "\($0.kind):\($0.value)" } == [
                "integer:1", "group:.", "integer:234", "decimal:,", "fraction:50", "literal:\u{A0}", "currency:€",
            ])

        let date = Date(timeIntervalSince1970: 1_699_952_700)  // 2023-11-14T09:05:00Z
        let german = try DateFormatStyle(date: .full, time: .short, locale: "de", timeZone: TimeZoneID("Europe/Berlin"))
        #expect(german.parts.format(date).map(\.kind) == [.weekday, .literal, .day, .literal, .month, .literal, .year, .literal, .hour, .literal, .minute])

        let reference = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(
            RelativeTimeFormatStyle(reference: reference, locale: "en").parts.format(reference.addingTimeInterval(3 * 86_400)) == [
                FormatPart(kind: .literal, value: "in "), FormatPart(kind: .integer, value: "3", unit: "day"), FormatPart(kind: .literal, value: " days"),
            ])

        let range = try NumberRangeFormat(locale: "en", skeleton: "currency/EUR").formatParts(3, 5)
        #expect(range.map(\.value).joined() == "€3.00 – €5.00")
        #expect(range.map(\.source) == [.startRange, .startRange, .startRange, .startRange, .shared, .endRange, .endRange, .endRange, .endRange])
        let interval = try DateIntervalFormat(locale: "en", skeleton: "yMMMd")
            .formatParts(from: Date(timeIntervalSince1970: 1_699_920_000), to: Date(timeIntervalSince1970: 1_700_179_200))
        #expect(interval.map(\.source) == [.shared, .shared, .startRange, .shared, .endRange, .shared, .shared])

        let text = NumberFormatStyle<Int>(locale: "en").attributed.format(1234)
        #expect(text.runs.map { String(text[$0.range].characters) } == ["1", ",", "234"])
        #expect(text.runs.map(\.parlanceFormatPart) == [.integer, .group, .integer])
    }

    // README.md's Intl examples, as written there.
    @Test("README.md's Intl examples")
    func intl() throws {
        let swedish = ["Öberg", "Zander", "Åberg", "Abel"].sorted(using: Collator(locale: "sv"))
        #expect(swedish == ["Abel", "Zander", "Åberg", "Öberg"])
        let phonebook = ["Muller", "Müller", "Mueller"].sorted(using: Collator(locale: "de-u-co-phonebk"))
        #expect(phonebook == ["Mueller", "Müller", "Muller"])
        let thai = try Segmenter(locale: "th", granularity: .word).segments(of: "สวัสดีครับ").map(\.text)
        #expect(thai == ["สวัสดี", "ครับ"])
        let turkish = try "istanbul".uppercased(locale: "tr")
        #expect(turkish == "İSTANBUL")
        let money = try CurrencyFormatStyle<DecimalNumber>(currency: CurrencyCode("EUR"), locale: "de")
            .parts.format(DecimalNumber("1234.5")).map(\.kind)
        #expect(money == [.integer, .group, .integer, .decimal, .fraction, .literal, .currency])
        let day = DateFormatStyle(date: .full, time: .none, locale: "de")
            .parts.format(Date(timeIntervalSince1970: 1_700_000_000)).map(\.kind)
        #expect(day == [.weekday, .literal, .day, .literal, .month, .literal, .year])
        let american = try LocaleID("en-US").weekInfo
        #expect(american == WeekInfo(firstDay: .sunday, weekend: [.saturday, .sunday], minimalDays: 1))
        let german = try LocaleID("de").weekInfo
        #expect(german == WeekInfo(firstDay: .monday, weekend: [.saturday, .sunday], minimalDays: 4))
    }
}
