import Foundation
import Parlance
import Testing

/// The format styles: Foundation `FormatStyle` values, expected strings from CLDR 42 data as
/// published in CLDR's charts and ICU's own tests (not computed with ICU here).
@Suite("Format styles")
struct FormatStyleTests {
    @Test("numbers through .formatted(.parlance…)")
    func numbers() throws {
        #expect(1234.5.formatted(.parlance.number.locale("de")) == "1.234,5")
        #expect(1234567.formatted(.parlance.number.locale("hi-IN")) == "12,34,567")
        #expect(1234.formatted(.parlance.compact().locale("en")) == "1.2K")
        #expect(1234.formatted(.parlance.compact(.compactLong).locale("en")) == "1.2 thousand")
        #expect(0.25.formatted(.parlance.percent.locale("en")) == "25%")
        #expect(0.25.formatted(.parlance.percent.locale("fr")) == "25\u{A0}%")
        #expect(1234.5.formatted(.parlance.scientific.locale("en")) == "1.2345E3")
        #expect(Float(0.5).formatted(.parlance.number.locale("de")) == "0,5")
        #expect(
            try DecimalNumber("12345678901234567890.5").formatted(.parlance.number.locale("fr"))
                == "12\u{202F}345\u{202F}678\u{202F}901\u{202F}234\u{202F}567\u{202F}890,5")
        #expect(UInt64.max.formatted(.parlance.number.locale("en")) == "18,446,744,073,709,551,615")
        #expect(Decimal(string: "0.1")!.formatted(.parlance.number.locale("en")) == "0.1")
    }

    @Test("modifiers: precision (clamped), grouping, sign, rounding, skeleton")
    func modifiers() throws {
        let style = NumberFormatStyle<Double>(locale: "en").precision(.fractionDigits(min: 2, max: 2)).grouping(.off)
        #expect(style.skeleton == ".00 group-off")
        #expect(style.format(1234.5) == "1234.50")
        #expect(NumberFormatStyle<Double>(locale: "en").precision(.fractionDigits(min: 5, max: 1)).format(1) == "1.00000")
        #expect(NumberFormatStyle<Double>(locale: "en").precision(.fractionDigits(min: -3, max: 5000)).skeleton.count == 1000)
        #expect(NumberFormatStyle<Int>(locale: "en").sign(.always).format(5) == "+5")
        #expect(NumberFormatStyle<Double>(locale: "en").precision(.integer).rounded(.down).format(2.9) == "2")
        let skeleton = try NumberSkeleton(validating: "currency/USD .00 sign-accounting")
        #expect((-3.5).formatted(.parlance.number.skeleton(skeleton).locale("en")) == "($3.50)")
        #expect(throws: ParlanceError.self) { try NumberSkeleton(validating: "currency/") }
        #expect(throws: ParlanceError.self) { try NumberSkeleton(validating: "precision-bogus") }
    }

    @Test("money is exact; strict currency codes")
    func money() throws {
        #expect(try DecimalNumber("1234.5").formatted(try .parlance.currency(code: "EUR").locale("de")) == "1.234,50\u{A0}€")
        #expect(5.formatted(try .parlance.currency(code: "JPY").locale("ja")) == "￥5")
        #expect(try DecimalNumber("-3.5").formatted(try .parlance.currency(code: "USD").accounting().locale("en")) == "($3.50)")
        #expect(12.formatted(try .parlance.currency(code: "EUR", display: .isoCode).locale("en")) == "EUR\u{A0}12.00")
        // 0.1 + 0.2 as decimals is exactly 0.3; no binary double is involved.
        #expect(try DecimalNumber("0.30000000000000000001").formatted(try .parlance.currency(code: "USD").locale("en")) == "$0.30")
        #expect(throws: ParlanceError.self) { try DecimalNumber(Decimal.nan) }
        #expect(throws: ParlanceError.self) { try DecimalNumber("NaN") }
        #expect(throws: ParlanceError.self) { try DecimalNumber("Infinity") }
        #expect(try CurrencyCode("eur").code == "EUR")
        #expect(try CurrencyCode("XYZ").code == "XYZ")
        #expect(throws: ParlanceError.self) { try CurrencyCode("XYZ", strict: true) }
        #expect(try CurrencyCode("DEM", strict: true).code == "DEM")
        #expect(throws: ParlanceError.self) { try CurrencyCode("EU") }
    }

    @Test("strict locales: ICU must have data")
    func strictLocales() throws {
        #expect(LocaleID("xx").hasICUData == false)
        #expect(throws: ParlanceError.self) { try LocaleID("xx", strict: true) }
        #expect(try LocaleID("en-ZZ", strict: true).languageTag == "en-ZZ")
        #expect(try LocaleID("de-CH", strict: true).hasICUData)
        #expect(try LocaleID("und", strict: true).isRoot)
    }

    @Test("units and byte counts")
    func units() throws {
        #expect(12.5.formatted(try .parlance.measurement("length-kilometer", width: .wide).locale("fr")) == "12,5\u{A0}kilomètres")
        #expect(Int64(1_500_000).formatted(.parlance.byteCount.locale("de")) == "1,5 MB")
        #expect(throws: ParlanceError.self) { try MeasureUnit("length-parsec-bogus") }
    }

    @Test("dates, relative times, lists, durations")
    func others() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let newYork = try TimeZoneID("America/New_York")
        #expect(date.formatted(.parlance.date(skeleton: "yMMMd").locale("en-US").timeZone(newYork)) == "Nov 14, 2023")
        #expect(date.formatted(.parlance.date(skeleton: "GyMMMd").locale("ja-JP-u-ca-japanese")) == "令和5年11月14日")
        #expect(try TimeZoneID(TimeZone(identifier: "Asia/Kolkata")!).identifier == "Asia/Kolkata")
        #expect(throws: ParlanceError.self) { try TimeZoneID("Mars/Olympus") }
        #expect(throws: ParlanceError.self) { try DateSkeleton(validating: "") }
        let yesterday = date.addingTimeInterval(-86_400)
        #expect(yesterday.formatted(.parlance.relative(to: date, numeric: .auto).locale("fr")) == "hier")
        #expect(["a", "b", "c"].formatted(.parlance.list.locale("es")) == "a, b y c")
        #expect(["a", "b"].formatted(.parlance.list(type: .or).locale("fr")) == "a ou b")
        #expect(Duration.seconds(3900).formatted(.parlance.duration.locale("en")) == "1 hr, 5 min")
        #expect(Duration.seconds(3900).formatted(.parlance.duration(style: .numeric).locale("en")) == "1:05:00")
        // Out of ICU's range: clamped, never a trap.
        let beyond = Date(timeIntervalSince1970: 1e18).formatted(.parlance.date(skeleton: "y"))
        let atLimit = Date(timeIntervalSince1970: 183_882_168_921_600).formatted(.parlance.date(skeleton: "y"))
        #expect(beyond == atLimit && beyond.filter(\.isNumber).count >= 7, "\(beyond) vs \(atLimit)")
    }

    @Test("styles are Codable and Hashable values; decoding validates")
    func codable() throws {
        let style = NumberFormatStyle<Double>(locale: "de").precision(.fractionDigits(min: 1, max: 1))
        let data = try JSONEncoder().encode(style)
        let back = try JSONDecoder().decode(NumberFormatStyle<Double>.self, from: data)
        #expect(back == style)
        #expect(back.format(2) == "2,0")
        let tampered = String(decoding: data, as: UTF8.self).replacingOccurrences(of: #"".0""#, with: #""currency\/""#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(NumberFormatStyle<Double>.self, from: Data(tampered.utf8)) }
        let dates: Set<DateFormatStyle> = [DateFormatStyle(skeleton: "yMd"), DateFormatStyle(skeleton: "yMd"), DateFormatStyle(skeleton: "jm")]
        #expect(dates.count == 2)
    }

    @Test("Foundation interop: Locale and a Foundation FormatStyle context")
    func foundation() throws {
        #expect(try LocaleID(Locale(identifier: "de_CH")).languageTag == "de-CH")
        #expect(LocaleID("sr-Latn-RS").foundationLocale.identifier == "sr_Latn_RS")
        #expect(NumberFormatStyle<Double>().locale(Locale(identifier: "de_DE")).format(1.5) == "1,5")
        func viaFoundation<S: FormatStyle>(_ style: S, _ value: S.FormatInput) -> S.FormatOutput { style.format(value) }
        #expect(viaFoundation(NumberFormatStyle<Int>(locale: "en"), 1000) == "1,000")
    }
}

/// Plural operands as the primitive; a `Double`'s visible fraction digits said explicitly.
/// Expected categories from CLDR 42's English and Russian rules (one: i = 1 and v = 0).
@Suite("Plural operands of doubles")
struct PluralDoubleTests {
    @Test("visible fraction digits of a Double")
    func visibleDigits() throws {
        let en = try PluralRules(locale: "en")
        #expect(en.category(for: 1.0) == .one)
        #expect(en.category(for: 1.0, visibleFractionDigits: 1) == .other)
        #expect(en.category(for: 1.0, visibleFractionDigits: 0) == .one)
        #expect(try PluralOperands(1.0, visibleFractionDigits: 1) == PluralOperands("1.0"))
        #expect(try PluralOperands(2.345, visibleFractionDigits: 2) == PluralOperands("2.34"))
        #expect(try PluralOperands(-0.5, visibleFractionDigits: 0) == PluralOperands("-0"))
        #expect(throws: ParlanceError.self) { try PluralOperands(.nan, visibleFractionDigits: 1) }
        #expect(throws: ParlanceError.self) { try PluralOperands(1, visibleFractionDigits: 1000) }
        let ru = try PluralRules(locale: "ru")
        #expect(ru.category(for: 21.0, visibleFractionDigits: 0) == .one)
        #expect(ru.category(for: 21.0, visibleFractionDigits: 1) == .other)
        #expect(en.category(for: try PluralOperands("1.0")) == .other)
    }
}
