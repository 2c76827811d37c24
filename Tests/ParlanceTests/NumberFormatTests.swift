import Foundation
import ParlanceTestSupport
import Testing

@testable import Parlance

@Suite("Number options compile to ICU skeletons (ICU-free oracle)")
struct NumberOptionsSkeletonFormatTests {
    @Test(arguments: [
        (NumberOptions(), ""),
        (NumberOptions(style: .percent), "percent scale/100"),
        (NumberOptions.currency("EUR"), "currency/EUR"),
        (NumberOptions.currency("USD", display: .isoCode, accounting: true), "currency/USD unit-width-iso-code sign-accounting"),
        (NumberOptions.currency("JPY", display: .name), "currency/JPY unit-width-full-name"),
        (NumberOptions.unit("length-kilometer", width: .wide), "measure-unit/length-kilometer unit-width-full-name"),
        (NumberOptions(notation: .compactShort), "compact-short"),
        (NumberOptions(notation: .engineering, precision: .significantDigits(min: 2, max: 4)), "engineering @@##"),
        (NumberOptions(precision: .fractionDigits(min: 2, max: 2), grouping: .off), ".00 group-off"),
        (NumberOptions(precision: .fractionDigits(min: 0, max: 3), roundingMode: .halfUp), ".### rounding-mode-half-up"),
        (NumberOptions(signDisplay: .exceptZero, numberingSystem: "arab"), "sign-except-zero numbering-system/arab"),
        (NumberOptions(precision: .integer, grouping: .min2), "precision-integer group-min2"),
    ])
    func skeleton(options: NumberOptions, expected: String) {
        #expect(options.skeleton == expected)
    }

    @Test func everyOptionCompilesInICU() throws {
        // Every enum case produces a skeleton ICU accepts.
        let en = LocaleID("en")
        var all: [NumberOptions] = []
        for notation in NumberOptions.Notation.allCases { all.append(NumberOptions(notation: notation)) }
        for mode in NumberOptions.RoundingMode.allCases { all.append(NumberOptions(roundingMode: mode)) }
        for grouping in NumberOptions.Grouping.allCases { all.append(NumberOptions(grouping: grouping)) }
        for sign in NumberOptions.SignDisplay.allCases { all.append(NumberOptions(signDisplay: sign)) }
        for display in NumberOptions.CurrencyDisplay.allCases { all.append(.currency("EUR", display: display)) }
        for width in NumberOptions.UnitWidth.allCases { all.append(.unit("mass-kilogram", width: width)) }
        all.append(NumberOptions(precision: .unlimited))
        for options in all {
            let text = try NumberFormat(locale: en, options: options).format(-1234.5)
            #expect(!text.isEmpty, "\(options.skeleton)")
        }
    }

    @Test func malformedTypedPartsAreRejected() {
        #expect(throws: ParlanceError.self) { try NumberFormat(locale: "en", options: .currency("EURO")) }
        #expect(throws: ParlanceError.self) { try NumberFormat(locale: "en", options: .currency("EU group-off")) }
        #expect(throws: ParlanceError.self) { try NumberFormat(locale: "en", options: .unit("length meter")) }
        #expect(throws: ParlanceError.self) { try NumberFormat(locale: "en", options: NumberOptions(precision: .fractionDigits(min: 3, max: 1))) }
        #expect(throws: ParlanceError.self) { try NumberFormat(locale: "en", options: NumberOptions(precision: .significantDigits(min: 0, max: 1))) }
        do {
            _ = try NumberFormat(locale: "en", options: .unit("length-parsec-per-fortnight"))
            Issue.record("an unknown unit must be rejected")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidSkeleton)
        } catch {
            Issue.record("not a ParlanceError: \(error)")
        }
    }
}

@Suite("NumberFormat: known CLDR/ICU outputs")
struct NumberFormatSpotTests {
    @Test(arguments: [
        ("de", "", "1234.5", "1.234,5"),
        ("hi-IN", "", "1234567", "12,34,567"),
        ("ar-EG", "", "1234567", "\u{0661}\u{066C}\u{0662}\u{0663}\u{0664}\u{066C}\u{0665}\u{0666}\u{0667}"),
        ("fr", "", "1234567.5", "1\u{202F}234\u{202F}567,5"),
        ("de", "currency/EUR", "1234.5", "1.234,50\u{00A0}€"),
        ("en", "currency/USD", "1234.5", "$1,234.50"),
        ("ja", "currency/JPY", "1234.5", "￥1,234"),
        ("en", "compact-short", "1234", "1.2K"),
        ("en", "compact-long", "1234", "1.2 thousand"),
        ("en", "percent scale/100", "0.25", "25%"),
        ("de", "percent scale/100", "0.25", "25\u{00A0}%"),
        ("en", "scientific", "12345", "1.2345E4"),
        ("en", "measure-unit/length-kilometer unit-width-full-name", "5", "5 kilometers"),
        ("en", "currency/USD sign-accounting", "-5", "($5.00)"),
        ("es", "", "1234", "1234"),
        ("en", "precision-unlimited", "12345678901234567890.123456789", "12,345,678,901,234,567,890.123456789"),
        ("en", "", "0.1", "0.1"),
        ("en", ".00", "1.005", "1.00"),  // half-even on the exact decimal, not a binary double
        ("en", "currency/XYZ", "1", "XYZ\u{00A0}1.00"),  // ICU's defined output for an unknown code
    ])
    func known(locale: String, skeleton: String, number: String, expected: String) throws {
        let text = try NumberFormat(locale: LocaleID(locale), skeleton: skeleton).format(decimal: number)
        #expect(Array(text.unicodeScalars) == Array(expected.unicodeScalars), "\(locale) \(skeleton) \(number): \(text.debugDescription)")
    }

    @Test func typedInputsAgree() throws {
        let de = try NumberFormat(locale: "de")
        #expect(de.format(1234) == "1.234")
        #expect(de.format(1234.5) == "1.234,5")
        #expect(de.format(Decimal(string: "1234.5")!) == "1.234,5")
        #expect(try NumberFormat(locale: "en", options: NumberOptions(precision: .unlimited)).format(Decimal(string: "0.1")!) == "0.1")
    }

    @Test func nanAndInfinitiesAreICUsSymbols() throws {
        let en = try NumberFormat(locale: "en")
        #expect(en.format(Double.nan) == "NaN")
        #expect(en.format(Double.infinity) == "∞")
        #expect(en.format(-Double.infinity) == "-∞")
        #expect(en.format(Decimal.nan) == "NaN")
        #expect(try NumberFormat(locale: "de", options: .currency("EUR")).format(Double.infinity) == "∞\u{00A0}€")
    }

    @Test func hugeDecimalsKeepEveryDigit() throws {
        let digits = String((0..<1000).map { Character(String($0 % 9 + 1)) })
        let text = try NumberFormat(locale: "en").format(decimal: digits)
        #expect(text.filter { $0 != "," } == digits)
        let negative = try NumberFormat(locale: "de", skeleton: "precision-unlimited").format(decimal: "-0." + digits)
        #expect(negative == "-0," + digits)
        #expect(throws: ParlanceError.self) { try NumberFormat(locale: "en").format(decimal: "1e999999999") }
    }

    @Test(arguments: ["", "1,5", ".5", "5.", "NaN", "Infinity", "1e", "--1", "1 000", "0x10", "١٢"])
    func notADecimal(text: String) throws {
        do {
            _ = try NumberFormat(locale: "en").format(decimal: text)
            Issue.record("\(text.debugDescription) must be rejected")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidNumber)
        } catch {
            Issue.record("not a ParlanceError: \(error)")
        }
    }

    @Test(arguments: ["foo", "currency/EURO", "measure-unit/length-furlongs", ".0.0", "precision-increment/x"])
    func unknownSkeletonTokens(skeleton: String) {
        do {
            _ = try NumberFormat(locale: "en", skeleton: skeleton)
            Issue.record("\(skeleton) must be rejected")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidSkeleton)
        } catch {
            Issue.record("not a ParlanceError: \(error)")
        }
    }

    @Test func formattersAreCachedNotRecompiled() throws {
        // The same (locale, skeleton) yields the very same compiled ICU object every time
        // (other suites fill the cache meanwhile; a just-used entry is never the LRU victim).
        let first = try NumberFormat(locale: "sv", skeleton: "currency/SEK")
        for value in 0..<100 {
            let again = try NumberFormat(locale: "sv", skeleton: "currency/SEK")
            #expect(again.icu === first.icu)
            #expect(again.format(value) == first.format(value))
        }
        // Typed options reach the same cache entry as the equivalent skeleton.
        #expect(try NumberFormat(locale: "sv", options: .currency("SEK")).icu === first.icu)
    }
}

@Suite("NumberFormat over every ICU locale")
struct NumberFormatSweepTests {
    static let skeletons = [
        "", "currency/EUR", "percent scale/100", "compact-short", "compact-long",
        "measure-unit/length-kilometer unit-width-full-name", "scientific", "currency/JPY unit-width-iso-code",
    ]

    @Test(arguments: Shards.all)
    func everyLocaleFormatsAndParsesBack(shard: Int) throws {
        var failures: [String] = []
        var parsed = 0
        for locale in Shards.slice(LocaleID.availableLocales, shard: shard) {
            for skeleton in Self.skeletons {
                let formatter = try NumberFormat(locale: locale, skeleton: skeleton)
                for number in ["1234567.891", "-0.5", "0"] {
                    let text = try formatter.format(decimal: number)
                    if text.isEmpty || text.unicodeScalars.contains("\u{FFFD}") {
                        failures.append("\(locale.identifier) \(skeleton) \(number): \(text.debugDescription)")
                    }
                }
                // Double and exact decimal input agree when the double is exact.
                if formatter.format(1234.5) != (try formatter.format(decimal: "1234.5")) {
                    failures.append("\(locale.identifier) \(skeleton): double and decimal differ")
                }
            }
            // Parse back plain numbers where ICU parses: the value must survive.
            let plain = try NumberFormat(locale: locale)
            for number in ["1234567.891", "-0.5", "42"] {
                let text = try plain.format(decimal: number)
                guard let back = ICUNumberParser.parseDecimal(text, locale: locale) else {
                    failures.append("\(locale.identifier): ICU cannot parse its own \(text.debugDescription)")
                    continue
                }
                parsed += 1
                if Decimal(string: back.decimal) != Decimal(string: number) || back.consumed != text.utf16.count {
                    failures.append("\(locale.identifier): \(number) → \(text.debugDescription) → \(back)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(10))")
        #expect(parsed > 500)
    }

    @Test func groupingAndDigitsFollowTheLocaleData() throws {
        // Every locale whose default numbering system is Latin writes the digits 0-9 and only
        // those, as its grouping/decimal separators in between.
        for locale in LocaleID.availableLocales {
            let text = try NumberFormat(locale: locale, skeleton: "numbering-system/latn group-off").format(decimal: "1234567")
            #expect(text == "1234567", "\(locale.identifier): \(text.debugDescription)")
        }
    }
}

@Suite("Byte counts and durations")
struct ByteCountDurationFormatTests {
    @Test(arguments: [
        ("en", ByteCountBase.decimal, Int64(999), "999 bytes"),
        ("en", .decimal, 1, "1 byte"),
        ("en", .decimal, 1_500, "2 kB"),
        ("en", .decimal, 1_500_000, "1.5 MB"),
        ("en", .binary, 1_572_864, "1.5 MB"),
        ("de", .decimal, 2_350_000_000, "2,35\u{00A0}GB"),
        ("en", .decimal, Int64.max, "9,223.37 PB"),
        ("en", .decimal, -1_500_000, "-1.5 MB"),
    ])
    func byteCounts(locale: String, base: ByteCountBase, bytes: Int64, expected: String) throws {
        let text = try ByteCountFormat(locale: LocaleID(locale), base: base).format(bytes)
        #expect(Array(text.unicodeScalars) == Array(expected.unicodeScalars), "\(text.debugDescription)")
    }

    @Test(arguments: [
        ("en", DurationStyle.short, 3900.0, "1 hr, 5 min"),
        ("en", .numeric, 3900, "1:05:00"),
        ("en", .wide, 65, "1 minute, 5 seconds"),
        ("en", .narrow, 3661, "1h 1m 1s"),
        ("de", .wide, 65, "1 Minute, 5 Sekunden"),
        ("en", .short, 0, "0 sec"),
        ("en", .wide, -65, "-1 minute, 5 seconds"),
    ])
    func durations(locale: String, style: DurationStyle, seconds: Double, expected: String) throws {
        let text = try DurationFormat(locale: LocaleID(locale), style: style).format(seconds: seconds)
        #expect(text == expected, "\(text.debugDescription)")
    }

    @Test func badDurations() throws {
        let en = try DurationFormat(locale: "en")
        for bad in [Double.nan, .infinity, -.infinity, 1e300] {
            #expect(throws: ParlanceError.self) { try en.format(seconds: bad) }
        }
    }

    @Test func everyLocaleFormatsSizesAndDurations() throws {
        for locale in LocaleID.availableLocales {
            let size = ByteCountFormat(locale: locale).format(1_500_000)
            #expect(!size.isEmpty && !size.unicodeScalars.contains("\u{FFFD}"), "\(locale.identifier)")
            for style in DurationStyle.allCases {
                let text = try DurationFormat(locale: locale, style: style).format(seconds: 3723)
                #expect(!text.isEmpty && !text.unicodeScalars.contains("\u{FFFD}"), "\(locale.identifier) \(style)")
            }
        }
    }
}
