import Parlance
import ParlanceVerification
import Testing

/// Compiled date intervals against ICU's own `udtitvfmt_format`: a reduced run of the sweep
/// `parlance bench --verify-date-intervals` runs in full (every ICU locale).
@Suite("Compiled date intervals equal ICU")
struct CompiledDateIntervalSweepTests {
    /// 12 locales: the bench's, other digits (Arabic, Persian, Bengali), another calendar
    /// (Thai Buddhist), 12/24-hour cycles and RTL, then every n-th ICU locale.
    static let locales = sampleLocales(named: ["de", "en", "ar-EG", "fa", "bn", "th-TH", "ja", "ko", "he", "fr"], count: 12, offset: 11)

    @Test("12 locales × 8 skeletons × 4 zones × pairs in each field: 0 mismatches, mostly compiled")
    func reducedSweep() {
        let skeletons = ["yMMMd", "yMd", "yMMMEd", "jm", "Hm", "yMMMdjm", "hmv", "Hmz"]
        let verification = DateIntervalVerification(locales: Self.locales, skeletons: skeletons, randomPairs: 20)
        let report = verification.run()
        print(
            "date interval sweep: \(report.formatters) formatters, \(report.compiledFormatters) compiled, \(report.compared) calls compared, \(report.leftToICU) left to ICU, fallbacks \(report.fallbackFormatters), mismatches \(report.mismatchCount)"
        )
        #expect(report.formatters == 12 * skeletons.count * 4)
        #expect(report.mismatchCount == 0, "\(report.mismatches.joined(separator: "\n"))")
        #expect(report.compiledFormatters * 10 >= report.formatters * 7)
        #expect(report.leftToICU < report.compared)
    }
}
