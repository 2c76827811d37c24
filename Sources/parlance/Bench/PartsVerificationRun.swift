import ArgumentParser
import Foundation
import Parlance
import ParlanceVerification

extension BenchCommand {
    /// `--verify-parts`: prints the counts and the first mismatches (exit 1 on any).
    func runPartsVerification() throws {
        try runSweep("verify-parts", limit: partsLocales) { locales, progress in
            let verification = PartsVerification(locales: locales, valuesPerLocale: partsValues, hourStride: partsHourStride)
            let report = verification.run(progress: progress)
            return (
                report,
                SweepText(
                    title: "parts verification: \(report.locales) locales", noun: nil,
                    lines: [
                        "numbers: \(NumberVerification.skeletons.count) skeletons + the locale's own currency = \(report.numberFormatters) formatters, \(report.compiledNumberFormatters) with compiled parts; \(partsValues) generated values per locale (shared out among its skeletons) + \(NumberVerification.edgeValues.count) edge values per formatter",
                        "dates: \(DateVerification.specs.count) specs (\(DateVerification.skeletons.count) skeletons, 4 styles × date+time/date/time) × \(verification.zones.count) zones (\(verification.zones.joined(separator: ", "))) = \(report.dateFormatters) formatters, \(report.compiledDateFormatters) with compiled parts; \(verification.instants().count) instants per formatter (every \(partsHourStride == 1 ? "" : "\(partsHourStride)th ")hour of 2023–2024, edges)",
                        "compared with ICU's field positions (kinds and texts): \(report.comparedNumbers) numbers, \(report.comparedDates) dates; left to ICU by the compiled parts (NaN, ±∞, outside the compiled range): \(report.leftToICU)",
                    ]
                )
            )
        }
    }
}
