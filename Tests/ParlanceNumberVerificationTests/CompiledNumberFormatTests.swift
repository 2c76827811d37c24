import Parlance
import ParlanceVerification
import Testing

/// Compiled number formats against ICU's own `unumf_formatDouble`/`unumf_formatInt`:
/// a reduced run of the sweep `parlance bench --verify-numbers` runs in full (every ICU locale,
/// 1,000,000 values each).
@Suite("Compiled number formats equal ICU")
struct CompiledNumberFormatTests {
    /// 30 locales: the bench's and ones with non-Latin digits, bidi marks in their affixes,
    /// Indian grouping, minimum grouping 2, currency before or after the number, then every
    /// n-th ICU locale.
    static let locales: [LocaleID] = {
        let named = [
            "de", "en", "en-IN", "hi", "ar", "ar-EG", "fa", "he", "bn", "mr", "my", "ne", "es", "pl", "pt-PT", "de-CH", "de-AT", "fr", "nl",
            "ja", "sw", "ff-Adlm",
        ]
        var locales = named.compactMap { try? LocaleID($0) }
        let all = LocaleID.availableLocales.sorted { $0.identifier < $1.identifier }
        let step = max(1, all.count / (30 - locales.count))
        for index in stride(from: 5, to: all.count, by: step) where locales.count < 30 {
            if !locales.contains(all[index]) { locales.append(all[index]) }
        }
        return locales
    }()

    @Test("30 locales × 16 skeletons × ~10,000 values: 0 mismatches, mostly compiled")
    func reducedSweep() {
        let verification = NumberVerification(locales: Self.locales, valuesPerLocale: 10_000)
        let report = verification.run()
        print(
            "number sweep: \(report.formatters) formatters, \(report.compiledFormatters) compiled, \(report.compared) formats compared, \(report.leftToICU) left to ICU, fallbacks \(report.fallbackFormatters) \(report.fallbackSkeletons), mismatches \(report.mismatchCount)"
        )
        #expect(Self.locales.count == 30)
        #expect(report.formatters >= 30 * NumberVerification.skeletons.count)
        #expect(report.mismatchCount == 0, "\(report.mismatches.joined(separator: "\n"))")
        // Most formatters take the compiled path.
        #expect(report.compiledFormatters * 10 >= report.formatters * 9)
        #expect(report.compared > 300_000)
        // NaN and the infinities were seen and left to ICU.
        #expect(report.leftToICU >= report.compiledFormatters * 3)
    }

    @Test("the bench's skeletons are compiled; units, notations and sign displays go to ICU")
    func coverage() throws {
        for skeleton in ["", "currency/EUR", "percent scale/100", ".00 group-off", "precision-integer group-min2"] {
            let formatter = try ICUNumberFormatter(skeleton: skeleton, locale: "de")
            #expect(formatter.compiled != nil, "\(skeleton): \(String(describing: formatter.fallback))")
        }
        for skeleton in [
            "compact-short", "measure-unit/length-meter", "sign-always", "@@#", "scientific", "currency/EUR unit-width-iso-code", "rounding-mode-up",
        ] {
            let formatter = try ICUNumberFormatter(skeleton: skeleton, locale: "de")
            #expect(formatter.compiled == nil, "\(skeleton)")
            #expect(formatter.fallback == .skeleton)
        }
        // Swiss franc cash rounding is not the standard usage: CHF compiles with 2 digits.
        let chf = try ICUNumberFormatter(skeleton: "currency/CHF", locale: "de-CH")
        #expect(chf.compiled?.rounding.maxFraction == 2)
        #expect(chf.compiled?.format(1.03) == chf.formatThroughICU(1.03))
        let yen = try ICUNumberFormatter(skeleton: "currency/JPY", locale: "ja")
        #expect(yen.compiled?.rounding.maxFraction == 0)
    }

    @Test("what the compiler read from ICU: digits, separators, Indian grouping, minimum grouping")
    func layout() throws {
        let hindi = try #require(try ICUNumberFormatter(skeleton: "", locale: "en-IN").compiled)
        #expect(hindi.layout.primaryGroup == 3)
        #expect(hindi.layout.secondaryGroup == 2)
        #expect(hindi.format(1_234_567.5) == "12,34,567.5")
        let spanish = try #require(try ICUNumberFormatter(skeleton: "", locale: "es").compiled)
        #expect(spanish.layout.minimumGrouping == 2)
        #expect(spanish.format(1234) == "1234")
        #expect(spanish.format(12345) == "12.345")
        let arabic = try #require(try ICUNumberFormatter(skeleton: "", locale: "ar-EG").compiled)
        #expect(arabic.layout.digits[3] == Array("٣".utf8))
        #expect(arabic.format(-1234.5) == "\u{61C}-١٬٢٣٤٫٥")
    }

    @Test("NumberFormat and the FormatStyle path use the compiled formatter and agree with ICU")
    func publicAPI() throws {
        let format = try NumberFormat(locale: "de", options: .currency("EUR"))
        let icu = try ICUNumberFormatter(skeleton: "currency/EUR", locale: "de")
        for value in [0, 1234.5, -0.005, 0.015, 1e21, -1e-9] {
            #expect(format.format(value) == icu.formatThroughICU(value))
        }
        #expect(format.format(1234.5) == "1.234,50\u{A0}€")
        #expect(format.format(Double.nan) == icu.formatThroughICU(Double.nan))
        #expect(format.format(-Double.infinity) == icu.formatThroughICU(-Double.infinity))
        #expect(format.format(Int.min) == icu.formatThroughICU(Int64.min))
        var percent = NumberOptions()
        percent.style = .percent
        #expect(try NumberFormat(locale: "de", options: percent).format(0.125) == "12,5\u{A0}%")
        #expect(try NumberFormat(locale: "de").format(2.5) == "2,5")
        #expect(try NumberFormat(locale: "de", skeleton: "precision-integer").format(2.5) == "2")
        #expect(try NumberFormat(locale: "de", skeleton: "precision-integer").format(-0.4) == "-0")
    }
}
