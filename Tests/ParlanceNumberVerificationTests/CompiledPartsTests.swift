import Foundation
import Parlance
import ParlanceVerification
import Testing

/// Compiled parts against the parts of ICU's own field positions: a reduced run of the sweep
/// `parlance bench --verify-parts` runs in full (every ICU locale).
@Suite("Compiled parts equal ICU's field positions")
struct CompiledPartsTests {
    @Test("30 locales × number skeletons × 1,000 values and × date specs × 2 zones: 0 mismatches, mostly compiled")
    func reducedSweep() {
        let verification = PartsVerification(locales: CompiledNumberFormatTests.locales, valuesPerLocale: 1_000, hourStride: 389)
        let report = verification.run()
        print(
            "parts sweep: \(report.numberFormatters) number formatters (\(report.compiledNumberFormatters) compiled), \(report.dateFormatters) date formatters (\(report.compiledDateFormatters) compiled), \(report.comparedNumbers) numbers and \(report.comparedDates) dates compared, mismatches \(report.mismatchCount)"
        )
        #expect(report.mismatchCount == 0, "\(report.mismatches.joined(separator: "\n"))")
        #expect(report.compiledNumberFormatters * 10 >= report.numberFormatters * 8)
        #expect(report.compiledDateFormatters * 10 >= report.dateFormatters * 5)
        #expect(report.comparedNumbers > 50_000)
        #expect(report.comparedDates > 50_000)
    }

    @Test("the bench's rows: de currency and de yMMMdjm parts are ICU's")
    func benchRows() throws {
        let currency = NumberFormatStyle<Double>(locale: "de").skeleton(try NumberSkeleton(validating: "currency/EUR"))
        let formatter = try ICUNumberFormatter(skeleton: "currency/EUR", locale: "de")
        #expect(formatter.compiledParts != nil)
        for value: Double in [0, -0.0, 1234.5, -1234.567, 1e9, 0.005, .nan, .infinity] {
            #expect(currency.formatParts(value) == formatter.icuParts(value), "\(value)")
        }
        let date = DateFormatStyle(skeleton: try DateSkeleton(validating: "yMMMdjm"), locale: "de", timeZone: .utc)
        let dateFormatter = try ICUDateFormatter.cached(locale: "de", spec: .skeleton("yMMMdjm"), zone: "UTC")
        #expect(dateFormatter.compiledParts != nil)
        for millis in [0, 1_700_000_000_123, -2_208_988_800_001, 9e15] {
            #expect(date.formatParts(Date(timeIntervalSince1970: millis / 1000)) == dateFormatter.icuParts(millis: min(millis, ICUDateFormatter.maximumMillis)))
        }
    }
}
