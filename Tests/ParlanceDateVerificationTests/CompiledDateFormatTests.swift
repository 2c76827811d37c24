import Parlance
import ParlanceVerification
import Testing

/// Compiled date formats against ICU's own `udat_format`: a reduced run of the sweep
/// `parlance bench --verify-dates` runs in full (every ICU locale, every hour of two years).
@Suite("Compiled date formats equal ICU")
struct CompiledDateFormatTests {
    /// 30 locales: the bench's and ones with non-Latin digits, other calendars, RTL marks and
    /// 12/24-hour cycles, then every n-th ICU locale.
    static let locales = sampleLocales(
        named: [
            "de", "en", "en-US", "ar", "ar-EG", "fa", "th", "ja", "hi", "bn", "zh-Hant", "ru", "he", "ko", "mr", "my", "ne", "ff-Adlm",
            "es-419", "sr-Latn",
        ], count: 30, offset: 7)

    @Test("30 locales × skeletons and styles × 6 zones × ~250 instants: 0 mismatches, mostly compiled")
    func reducedSweep() {
        let verification = DateVerification(locales: Self.locales, hourStride: 211, rotateZones: false)
        let report = verification.run()
        print(
            "date sweep: \(report.formatters) formatters, \(report.compiledFormatters) compiled, \(report.compared) formats compared, \(report.leftToICU) outside range, fallbacks \(report.fallbackFormatters), mismatches \(report.mismatchCount)"
        )
        #expect(Self.locales.count == 30)
        #expect(report.formatters == 30 * verification.specs.count * verification.zones.count)
        #expect(report.mismatchCount == 0, "\(report.mismatches.joined(separator: "\n"))")
        // Most formatters take the compiled path; only other calendars, algorithmic digits and
        // fields it leaves to ICU (zone names outside UTC, flexible day periods) fall back.
        #expect(report.compiledFormatters * 10 >= report.formatters * 6)
        #expect(report.compared > 200_000)
        // The edge instants outside the compiled range were seen and left to ICU.
        #expect(report.leftToICU > 0)
    }

    @Test("the bench's pattern is compiled; other calendars and algorithmic digits go to ICU")
    func coverage() throws {
        let de = try ICUDateFormatter.cached(locale: "de", spec: .skeleton("yMMMdjm"), zone: "UTC")
        #expect(de.compiled != nil)
        #expect(de.compiled?.format(millis: 1_700_000_000_000) == (try de.icuFormat(millis: 1_700_000_000_000)))
        let persian = try ICUDateFormatter.cached(locale: "fa", spec: .skeleton("yMMMd"), zone: "UTC")
        #expect(persian.compiled == nil)
        #expect(persian.fallback == .calendar)
        let buddhist = try ICUDateFormatter.cached(locale: "th-TH-u-ca-buddhist", spec: .skeleton("y"), zone: "UTC")
        #expect(buddhist.fallback == .calendar)
        let traditional = try ICUDateFormatter.cached(locale: "he-u-nu-hebr", spec: .skeleton("yMd"), zone: "UTC")
        #expect(traditional.fallback == .digits)
        // A flexible day period (B) is not compiled.
        let period = try ICUDateFormatter.cached(locale: "en", spec: .skeleton("Bhm"), zone: "UTC")
        #expect(period.pattern.contains("B"))
        #expect(period.fallback == .field)
    }

    @Test("DateFormat uses the compiled path and still reaches ICU outside its range")
    func publicAPI() throws {
        let format = try DateFormat(locale: "de", skeleton: "yMMMdjm", timeZone: "Europe/Berlin")
        let icu = try ICUDateFormatter.cached(locale: "de", spec: .skeleton("yMMMdjm"), zone: "Europe/Berlin")
        for millis in [0, 1_700_000_000_000, -62_135_596_800_000, 8_000_000_000_000.0] {
            #expect(try format.format(epochMilliseconds: millis) == icu.icuFormat(millis: millis))
        }
        #expect(throws: ParlanceError.self) { try format.format(epochMilliseconds: .nan) }
    }
}
