import Parlance
import ParlanceVerification
import Testing

/// Compiled relative-time formats against ICU's own `ureldatefmt`: a reduced run of the sweep
/// `parlance bench --verify-relative` runs in full (every ICU locale).
@Suite("Compiled relative times equal ICU")
struct CompiledRelativeFormatTests {
    /// 16 locales: several plural systems (Welsh, Arabic, Polish, Russian, French), a pattern
    /// without the number (Arabic "one"), other digits (Arabic, Persian, Burmese), minimum
    /// grouping digits that the relative formatter ignores (Spanish, Polish), then every n-th
    /// ICU locale.
    static let locales = sampleLocales(
        named: ["de", "en", "ar", "pl", "ru", "fr", "es", "cy", "fa", "my", "he", "hi"], count: 16, offset: 5)

    @Test("16 locales × 3 styles × 8 units × always/auto: 0 mismatches, most formatters compiled")
    func reducedSweep() {
        let verification = RelativeVerification(locales: Self.locales, randomValues: 40)
        let report = verification.run()
        print(
            "relative sweep: \(report.formatters) formatters, \(report.compiledFormatters) compiled, \(report.compared) calls compared, \(report.leftToICU) left to ICU, fallbacks \(report.fallbackFormatters), mismatches \(report.mismatchCount)"
        )
        #expect(report.formatters == 16 * 3)
        #expect(report.mismatchCount == 0, "\(report.mismatches.joined(separator: "\n"))")
        #expect(report.compiledFormatters * 10 >= report.formatters * 9)
        // Every call is compared but those from 10^15 on, which the compiled path leaves to ICU.
        #expect(report.compared + report.leftToICU == report.compiledFormatters * 8 * 2 * report.valuesPerFormatter)
        #expect(report.leftToICU * 10 < report.compared)
    }

    @Test("signs, zeros, rounding, named offsets and a pattern without the number, as ICU writes them")
    func edgeCases() throws {
        let cases: [(String, RelativeTimeStyle, RelativeTimeNumeric, Double, RelativeTimeUnit)] = [
            ("de", .long, .always, -0.0, .day), ("de", .long, .always, 0, .day), ("de", .long, .always, 1.0005, .day),
            ("de", .long, .auto, 0.999, .day), ("de", .long, .auto, -0.004, .day), ("de", .long, .auto, -2.004, .day),
            ("de", .long, .auto, 2.1, .day), ("de", .long, .auto, 0, .second), ("en", .short, .auto, 0, .hour),
            ("ar", .long, .always, 1, .day), ("ar", .long, .always, -2, .day), ("es", .long, .always, 1234, .day),
            ("pl", .long, .always, -1234.5678, .year), ("fa", .narrow, .always, 1_234_567.125, .minute), ("cy", .long, .always, 3, .week),
        ]
        for (locale, style, numeric, value, unit) in cases {
            let format = try RelativeTimeFormat(locale: LocaleID(locale), style: style, numeric: numeric)
            let icu = try ICURelativeFormatter.cached(locale: LocaleID(locale), style: style.icu)
            #expect(icu.compiled != nil, "\(locale) \(style)")
            let theirs = try icu.formatThroughICU(value, unit: unit.icu, numericAuto: numeric == .auto)
            #expect(try format.format(value, unit) == theirs, "\(locale) \(style) \(numeric) \(value) \(unit)")
        }
        // What CLDR's data says, independently of both implementations.
        #expect(try RelativeTimeFormat(locale: "de", numeric: .auto).format(-1, .day) == "gestern")
        #expect(try RelativeTimeFormat(locale: "de").format(-0.0, .day) == "vor 0 Tagen")
        #expect(try RelativeTimeFormat(locale: "en").format(3, .day) == "in 3 days")
        #expect(try RelativeTimeFormat(locale: "en").format(1.5, .day) == "in 1.5 days")
    }

    @Test("values past the compiled range and non-finite values are ICU's")
    func outsideTheCompiledRange() throws {
        let icu = try ICURelativeFormatter.cached(locale: "de", style: RelativeTimeStyle.long.icu)
        let compiled = try #require(icu.compiled)
        #expect(compiled.format(1e15, unit: RelativeTimeUnit.day.icu, numericAuto: false) == nil)
        #expect(compiled.format(.nan, unit: RelativeTimeUnit.day.icu, numericAuto: false) == nil)
        #expect(
            try icu.format(-1e20, unit: RelativeTimeUnit.day.icu, numericAuto: false)
                == icu.formatThroughICU(-1e20, unit: RelativeTimeUnit.day.icu, numericAuto: false))
    }
}
