import Foundation
import Parlance
import ParlanceTestSupport
import Testing

/// Parts of formatted values (ECMA-402's `formatToParts`) from ICU's field positions.
///
/// The exact expectations below are ICU 72's output for these values, split as ECMA-402
/// splits it (each UTF-16 unit takes the innermost field's type, adjacent units of one type
/// join); the sweeps check, over every locale ICU ships, that the parts describe exactly the
/// text the styles write (their compiled fast paths included) and that every digit sits in a
/// numeric part.
@Suite("Format parts")
struct FormatPartsTests {
    private typealias Part = FormatPart

    private static func kinds(_ parts: [FormatPart]) -> [String] { parts.map { "\($0.kind.rawValue):\($0.value)" } }

    @Test func germanCurrency() throws {
        let style = CurrencyFormatStyle<DecimalNumber>(currency: try CurrencyCode("EUR"), locale: "de")
        let parts = style.parts.format(try DecimalNumber("1234.5"))
        #expect(Self.kinds(parts) == ["integer:1", "group:.", "integer:234", "decimal:,", "fraction:50", "literal:\u{00A0}", "currency:€"])
        #expect(parts.map(\.value).joined() == style.format(try DecimalNumber("1234.5")))
        #expect(parts.allSatisfy { $0.source == nil && $0.unit == nil })
    }

    @Test func numberKinds() throws {
        let en = NumberFormatStyle<Double>(locale: "en")
        #expect(Self.kinds(en.parts.format(-1234.5)) == ["minusSign:-", "integer:1", "group:,", "integer:234", "decimal:.", "fraction:5"])
        #expect(Self.kinds(en.sign(.always).parts.format(5)) == ["plusSign:+", "integer:5"])
        #expect(Self.kinds(en.parts.format(.infinity)) == ["infinity:∞"])
        #expect(Self.kinds(en.parts.format(-.infinity)) == ["minusSign:-", "infinity:∞"])
        #expect(Self.kinds(en.parts.format(.nan)) == ["nan:NaN"])
        #expect(Self.kinds(NumberFormatStyle<Double>(locale: "en", kind: .percent).parts.format(0.25)) == ["integer:25", "percentSign:%"])
        #expect(Self.kinds(en.notation(.compactShort).parts.format(1_234_567)) == ["integer:1", "decimal:.", "fraction:2", "compact:M"])
        #expect(
            Self.kinds(en.notation(.scientific).parts.format(-0.00012)) == [
                "minusSign:-", "integer:1", "decimal:.", "fraction:2", "exponentSeparator:E", "exponentMinusSign:-", "exponentInteger:4",
            ])
        let kilometres = MeasurementFormatStyle<Double>(unit: try MeasureUnit("length-kilometer"), width: .wide, locale: "fr")
        #expect(Self.kinds(kilometres.parts.format(12.5)) == ["integer:12", "decimal:,", "fraction:5", "literal:\u{00A0}", "unit:kilomètres"])
        // Arabic digits and the Arabic decimal separator are still integer, decimal, fraction.
        #expect(
            Self.kinds(NumberFormatStyle<Double>(locale: "ar-EG").parts.format(1234.5)) == ["integer:١", "group:٬", "integer:٢٣٤", "decimal:٫", "fraction:٥"])
    }

    @Test func germanDate() throws {
        let style = DateFormatStyle(date: .full, time: .short, locale: "de", timeZone: try TimeZoneID("Europe/Berlin"))
        let date = Date(timeIntervalSince1970: 1_699_952_700)  // 2023-11-14T09:05:00Z
        let parts = style.parts.format(date)
        #expect(
            Self.kinds(parts) == [
                "weekday:Dienstag", "literal:, ", "day:14", "literal:. ", "month:November", "literal: ", "year:2023", "literal: um ",
                "hour:10", "literal::", "minute:05",
            ])
        #expect(parts.map(\.value).joined() == style.format(date))
    }

    @Test func dateKinds() throws {
        let date = Date(timeIntervalSince1970: 1_699_999_500.25)  // 2023-11-14T22:05:00.250Z
        let english = DateFormatStyle(skeleton: "GyMMMEdhmsSSSz", locale: "en", timeZone: .utc).parts.format(date)
        #expect(
            Self.kinds(english) == [
                "weekday:Tue", "literal:, ", "month:Nov", "literal: ", "day:14", "literal:, ", "year:2023", "literal: ", "era:AD", "literal:, ",
                "hour:10", "literal::", "minute:05", "literal::", "second:00", "literal:.", "fractionalSecond:250", "literal:\u{202F}",
                "dayPeriod:PM", "literal: ", "timeZoneName:UTC",
            ])
        // The Chinese calendar writes a related Gregorian year and a cyclic year name.
        let chinese = DateFormatStyle(date: .full, time: .none, locale: "zh-u-ca-chinese", timeZone: .utc).parts.format(date)
        #expect(Self.kinds(chinese) == ["relatedYear:2023", "yearName:癸卯", "literal:年", "month:十月", "day:初二", "weekday:星期二"])
    }

    @Test func relativeTime() throws {
        let reference = Date(timeIntervalSince1970: 1_700_000_000)
        let english = RelativeTimeFormatStyle(reference: reference, locale: "en")
        let parts = english.parts.format(reference.addingTimeInterval(3 * 86_400))
        #expect(parts == [Part(kind: .literal, value: "in "), Part(kind: .integer, value: "3", unit: "day"), Part(kind: .literal, value: " days")])
        let yesterday = RelativeTimeFormatStyle(reference: reference, numeric: .auto, locale: "fr").parts.format(reference.addingTimeInterval(-86_400))
        #expect(yesterday == [Part(kind: .literal, value: "hier")])
        let hours = RelativeTimeFormatStyle(reference: reference, locale: "de").parts.format(reference.addingTimeInterval(-5 * 3600))
        #expect(hours == [Part(kind: .literal, value: "vor "), Part(kind: .integer, value: "5", unit: "hour"), Part(kind: .literal, value: " Stunden")])
    }

    @Test func lists() {
        let spanish = ListFormatStyle<[String]>(locale: "es").parts.format(["a", "b", "c"])
        #expect(Self.kinds(spanish) == ["element:a", "literal:, ", "element:b", "literal: y ", "element:c"])
        // Each item is its own element, even where two items' texts would touch.
        let chinese = ListFormatStyle<[String]>(locale: "zh").parts.format(["一", "二", "三"])
        #expect(chinese.filter { $0.kind == .element }.map(\.value) == ["一", "二", "三"])
        #expect(ListFormatStyle<[String]>(locale: "en").parts.format([]) == [])
    }

    @Test func ranges() throws {
        let euros = try NumberRangeFormat(locale: "en", skeleton: "currency/EUR")
        let parts = try euros.formatParts(3, 5)
        #expect(
            parts.map { "\($0.kind.rawValue):\($0.value):\($0.source!.rawValue)" } == [
                "currency:€:startRange", "integer:3:startRange", "decimal:.:startRange", "fraction:00:startRange", "literal: – :shared",
                "currency:€:endRange", "integer:5:endRange", "decimal:.:endRange", "fraction:00:endRange",
            ])
        // Both ends alike: one approximate value, all shared.
        let same = try euros.formatParts(5, 5)
        #expect(same.first?.kind == .approximatelySign && same.allSatisfy { $0.source == .shared })

        let stay = try DateIntervalFormat(locale: "en", skeleton: "yMMMd")
        let nights = try stay.formatParts(from: Date(timeIntervalSince1970: 1_699_920_000), to: Date(timeIntervalSince1970: 1_700_179_200))
        #expect(
            nights.map { "\($0.kind.rawValue):\($0.value):\($0.source!.rawValue)" } == [
                "month:Nov:shared", "literal: :shared", "day:14:startRange", "literal:\u{2009}–\u{2009}:shared", "day:17:endRange",
                "literal:, :shared", "year:2023:shared",
            ])
        #expect(
            nights.map(\.value).joined() == (try stay.format(from: Date(timeIntervalSince1970: 1_699_920_000), to: Date(timeIntervalSince1970: 1_700_179_200))))
    }

    @Test func attributedRuns() throws {
        let text = NumberFormatStyle<Int>(locale: "en").attributed.format(1234)
        #expect(String(text.characters) == "1,234")
        let runs = text.runs.map { (String(text[$0.range].characters), $0.parlanceFormatPart) }
        #expect(runs.map(\.0) == ["1", ",", "234"])
        #expect(runs.map(\.1) == [.integer, .group, .integer])
        let interval = AttributedString(parts: try NumberRangeFormat(locale: "en").formatParts(3, 5))
        #expect(interval.runs.map(\.parlanceFormatPartSource) == [.startRange, .shared, .endRange])
    }

    /// Every digit of a number's text lies in a numeric part (never `literal`), and the parts
    /// spell the text the style writes, in every locale ICU ships.
    @Test(arguments: Shards.all)
    func numbersInEveryLocale(shard: Int) throws {
        let values: [Double] = [-1234567.891, 0.5, 42, 1e21]
        var checked = 0
        for locale in Shards.slice(LocaleID.availableLocales, shard: shard) {
            let styles: [NumberFormatStyle<Double>] = [
                NumberFormatStyle(locale: locale), NumberFormatStyle(locale: locale, kind: .percent),
                NumberFormatStyle(locale: locale).notation(.compactShort), NumberFormatStyle(locale: locale).notation(.scientific),
            ]
            let money = CurrencyFormatStyle<DecimalNumber>(currency: try CurrencyCode("EUR"), locale: locale)
            for style in styles {
                for value in values {
                    let parts = style.parts.format(value)
                    try #require(parts.map(\.value).joined() == style.format(value), "\(locale) \(value)")
                    try #require(Self.digitsAreNumeric(parts), "\(locale) \(value): \(parts)")
                    checked += 1
                }
            }
            for style in [NumberFormatStyle<Int>(locale: locale), NumberFormatStyle<Int>(locale: locale).notation(.compactLong)] {
                for value in [-1_234_567, 0, 9_007_199_254_740_993] {
                    let parts = style.parts.format(value)
                    try #require(parts.map(\.value).joined() == style.format(value), "\(locale) \(value)")
                    try #require(Self.digitsAreNumeric(parts), "\(locale) \(value): \(parts)")
                }
            }
            let amount = try DecimalNumber("-98765.43")
            let parts = money.parts.format(amount)
            try #require(parts.map(\.value).joined() == money.format(amount), "\(locale)")
            try #require(parts.contains { $0.kind == .currency }, "\(locale): \(parts)")
            try #require(parts.contains { $0.kind == .minusSign }, "\(locale): \(parts)")
            checked += 1
        }
        #expect(checked > 1000)
    }

    /// Dates, relative times and lists: the parts spell the text (compiled paths included) in
    /// every locale, and dates name their year, month and day.
    @Test(arguments: Shards.all)
    func datesListsAndRelativeTimesInEveryLocale(shard: Int) throws {
        let date = Date(timeIntervalSince1970: 1_699_999_500)
        let reference = Date(timeIntervalSince1970: 1_700_000_000)
        let locales = Shards.slice(LocaleID.availableLocales, shard: shard)
        #expect(locales.count > 150)
        for locale in locales {
            let dateStyle = DateFormatStyle(skeleton: "yMMMdjms", locale: locale, timeZone: .utc)
            let dateParts = dateStyle.parts.format(date)
            try #require(dateParts.map(\.value).joined() == dateStyle.format(date), "\(locale)")
            for kind in [FormatPart.Kind.year, .month, .day, .minute] {
                try #require(dateParts.contains { $0.kind == kind || (kind == .year && $0.kind == .relatedYear) }, "\(locale) \(kind): \(dateParts)")
            }
            let full = DateFormatStyle(date: .full, time: .full, locale: locale, timeZone: try TimeZoneID("America/New_York"))
            let fullParts = full.parts.format(date)
            try #require(fullParts.map(\.value).joined() == full.format(date), "\(locale)")
            try #require(fullParts.contains { $0.kind == .timeZoneName }, "\(locale): \(fullParts)")

            let list = ListFormatStyle<[String]>(locale: locale)
            let items = ["Ana", "Bo", "Cy", "Di"]
            let listParts = list.parts.format(items)
            try #require(listParts.map(\.value).joined() == list.format(items), "\(locale)")
            try #require(listParts.filter { $0.kind == .element }.map(\.value) == items, "\(locale): \(listParts)")

            let relative = RelativeTimeFormatStyle(reference: reference, locale: locale)
            let later = reference.addingTimeInterval(3 * 86_400)
            let relativeParts = relative.parts.format(later)
            try #require(relativeParts.map(\.value).joined() == relative.format(later), "\(locale)")
            try #require(relativeParts.contains { $0.kind == .integer && $0.unit == "day" }, "\(locale): \(relativeParts)")
        }
    }

    private static func digitsAreNumeric(_ parts: [FormatPart]) -> Bool {
        parts.allSatisfy { part in
            part.kind != .literal || !part.value.unicodeScalars.contains { $0.properties.numericType == .decimal }
        }
    }
}
