import Parlance
import ParlanceVerification
import Testing

/// Compiled compact notation against ICU's own `unumf` output: a reduced run of the sweep
/// `parlance bench --verify-compact` runs in full (every ICU locale).
@Suite("Compiled compact notation equals ICU")
struct CompiledCompactFormatTests {
    /// 16 locales: plural-dependent patterns (French, Italian, Russian, Polish, Arabic, Welsh),
    /// four-digit scaled numbers (Japanese 万, Chinese), Indian grouping (Hindi), other digits
    /// (Arabic, Persian, Burmese), then every n-th ICU locale.
    static let locales = sampleLocales(
        named: ["de", "en", "fr", "it", "ru", "pl", "ar", "cy", "ja", "zh", "hi", "fa", "my"], count: 16, offset: 7)

    @Test("16 locales × short and long: 0 mismatches, every formatter compiled")
    func reducedSweep() {
        let report = CompactVerification(locales: Self.locales, valuesPerFormatter: 400).run()
        print(
            "compact sweep: \(report.formatters) formatters, \(report.compiledFormatters) compiled, \(report.compared) compared, \(report.leftToICU) left to ICU, fallbacks \(report.fallbackFormatters), mismatches \(report.mismatchCount)"
        )
        #expect(report.formatters == 16 * 2)
        #expect(report.mismatchCount == 0, "\(report.mismatches.joined(separator: "\n"))")
        #expect(report.compiledFormatters == report.formatters, "\(report.fallbackExamples)")
        #expect(report.leftToICU * 4 < report.compared)
    }

    @Test("boundaries, carries into the next multiplier, plural patterns and signs, as ICU writes them")
    func edgeCases() throws {
        let cases: [(String, String, Double)] = [
            ("de", "compact-short", 1234), ("de", "compact-short", 12_345.67), ("de", "compact-short", 999_999.5),
            ("de", "compact-short", -1_500_000), ("de", "compact-long", 1_000_000), ("de", "compact-long", 2_000_000),
            ("en", "compact-short", 999.95), ("en", "compact-short", 9999.5), ("en", "compact-short", 999_950), ("en", "compact-short", 1150),
            ("en", "compact-short", 1250), ("en", "compact-short", -0.0), ("en", "compact-short", 0.000_123_45), ("en", "compact-long", 1e14),
            ("fr", "compact-long", 1_000_000), ("fr", "compact-long", 1_200_000), ("fr", "compact-long", 2_000_000),
            ("ru", "compact-long", 21_000), ("ru", "compact-long", 22_000), ("ru", "compact-long", 25_000), ("ru", "compact-long", 1_500),
            ("ja", "compact-short", 12_345_678), ("ja", "compact-short", 99_995_000), ("ar", "compact-long", -3_000),
            ("cy", "compact-long", 2_000_000), ("hi", "compact-short", 123_456_789), ("fr", "compact-long", 1000),
            ("fr", "compact-long", -1000), ("it", "compact-long", 1000), ("it", "compact-long", -1000), ("it", "compact-long", 1500),
        ]
        for (locale, skeleton, value) in cases {
            let icu = try ICUNumberFormatter(skeleton: skeleton, locale: LocaleID(locale))
            let compiled = try #require(icu.compiledCompact, "\(locale) \(skeleton): \(String(describing: icu.compactFallback))")
            #expect(compiled.format(value) == icu.formatThroughICU(value), "\(locale) \(skeleton) \(value)")
            #expect(try NumberFormat(locale: LocaleID(locale), skeleton: skeleton).format(value) == icu.formatThroughICU(value))
        }
        // What CLDR's data says, independently of both implementations (German puts a no-break
        // space before "Mio."; French and Italian write 1,000 as the word alone).
        let deShort = try NumberFormat(locale: "de", options: NumberOptions(notation: .compactShort))
        #expect(deShort.format(1234.0) == "1234" && deShort.format(-1_500_000.0) == "-1,5\u{A0}Mio.")
        let enShort = try NumberFormat(locale: "en", options: NumberOptions(notation: .compactShort))
        #expect(enShort.format(999_950.0) == "1M" && enShort.format(1150) == "1.2K")
        let frLong = try NumberFormat(locale: "fr", options: NumberOptions(notation: .compactLong))
        #expect(frLong.format(2_000_000) == "2 millions" && frLong.format(1000) == "mille" && frLong.format(-1000) == "-1 millier")
        let itLong = try NumberFormat(locale: "it", options: NumberOptions(notation: .compactLong))
        #expect(itLong.format(1000) == "mille" && itLong.format(-1000) == "-mille" && itLong.format(2000) == "2 mila")
    }

    @Test("values past the compiled range, non-finite values and other options are ICU's")
    func outsideTheCompiledRange() throws {
        let icu = try ICUNumberFormatter(skeleton: "compact-short", locale: "de")
        let compiled = try #require(icu.compiledCompact)
        #expect(compiled.format(1e15) == nil && compiled.format(.nan) == nil && compiled.format(-.infinity) == nil)
        // 999,949,999,999,999 rounds up to 10^15: ICU's.
        #expect(compiled.format(999_949_999_999_999) == nil)
        #expect(icu.format(999_949_999_999_999.0) == icu.formatThroughICU(999_949_999_999_999.0))
        #expect(icu.format(Int64.max) == icu.formatThroughICU(Int64.max))
        #expect(icu.format(Double.nan) == icu.formatThroughICU(Double.nan))
        for skeleton in ["compact-short currency/EUR", "compact-long .00", "compact-short group-off", "compact-short sign-always"] {
            let other = try ICUNumberFormatter(skeleton: skeleton, locale: "de")
            #expect(other.compiledCompact == nil && other.compactFallback == .skeleton, "\(skeleton)")
        }
    }
}
