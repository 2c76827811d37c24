package import Parlance

/// The proof that compiled relative-time formats (``CompiledRelativeFormat``) write exactly what
/// ICU's `ureldatefmt_formatNumeric` and `ureldatefmt_format` write: for each locale × style
/// (long, short, narrow) × unit (year … second) × numeric mode (always, auto), the compiled
/// output is compared byte for byte with ICU's over ``values()``: every integer in -300…300,
/// ±0, powers of ten and their neighbours up to 10^20 (past the compiled range, where ICU
/// formats), fractions around the named offsets (±0.995, ±1.005, ±2.0049, ±2.1…) and the
/// rounding ties of three fraction digits, and `randomValues` seeded random values (integers
/// of every magnitude, decimals of one to six fraction digits, doubles near zero), all of
/// either sign. A value the compiled formatter leaves to ICU (it returns nil) is counted, not
/// compared.
///
/// Run in full by `parlance bench --verify-relative`; a reduced sweep runs as a test.
package struct RelativeVerification: Sendable {
    package var locales: [LocaleID]
    package var randomValues: Int
    package var seed: UInt64

    package init(locales: [LocaleID], randomValues: Int = 400, seed: UInt64 = 0x5EED_0033) {
        self.locales = locales
        self.randomValues = max(0, randomValues)
        self.seed = seed
    }

    /// The values every formatter is checked with.
    package func values() -> [Double] {
        var values = (-300...300).map(Double.init) + [-0.0]
        var power = 1.0
        for _ in 0...20 {
            for value in [power, power - 1, power + 1, power * 1.5, power - 0.5, power + 0.0005] { values += [value, -value] }
            power *= 10
        }
        let fractions: [Double] = [
            0.5, 1.5, 2.5, 0.1, 0.25, 0.125, 0.375, 0.0005, 0.0015, 0.0025, 1.0005, 2.675, 1.2345, 0.1 + 0.2, 0.004, 0.0049, 0.005, 0.00499,
            0.995, 0.9949, 0.99499, 0.996, 0.999, 1.001, 1.004, 1.00499, 1.005, 1.006, 1.994, 1.995, 1.996, 2.004, 2.0049, 2.005, 2.006,
            2.09, 2.0999, 2.1, 2.1001, 2.5, 1234.5678, 12_345.6785, 999.9995, 999_999.9995, 1e-7, .leastNonzeroMagnitude, 0.000_499_9, 21.5, 101.25,
            1_000_000.5, 999_999_999_999_999, 999_999_999_999_999.9, 1e15, 1e15 + 2,
        ]
        for value in fractions { values += [value, -value] }
        var random = SplitMix64(seed: seed)
        for index in 0..<randomValues {
            let sign: Double = random.next() & 1 == 0 ? 1 : -1
            let value: Double
            switch index % 4 {
            case 0:
                value = Double(random.next() % (1 << UInt64(1 + random.next() % 50)))
            case 1:
                let digits = 1 + Int(random.next() % 6)
                var scale = 1.0
                for _ in 0..<digits { scale *= 10 }
                value = Double(random.next() % 100_000_000) / scale
            case 2:
                value = Double(random.next() % 1_000_000) / 1_000_000 * 4.2
            default:
                value = Double(random.next() % 1000) / 1000 + Double(random.next() % 3)
            }
            values.append(sign * value)
        }
        return values
    }

    package struct Report: Sendable {
        package var locales = 0
        package var formatters = 0
        package var compiledFormatters = 0
        /// Formatters with no compiled path, by reason, and the first few of them.
        package var fallbackFormatters: [String: Int] = [:]
        package var fallbackExamples: [String] = []
        package var valuesPerFormatter = 0
        /// Calls formatted by the compiled path and compared with ICU.
        package var compared = 0
        /// Calls the compiled path left to ICU.
        package var leftToICU = 0
        package var mismatchCount = 0
        /// The first mismatches, described (locale, style, unit, mode, value, both outputs).
        package var mismatches: [String] = []
    }

    /// Runs the proof; `progress`, when given, counts the locales done.
    package func run(progress: SweepProgress? = nil) -> Report {
        let values = values()
        var report = sweepLocales(locales, into: Report(), progress: progress) { locale in
            var report = Report()
            report.locales = 1
            for style in RelativeTimeStyle.allCases {
                let name = "\(locale.identifier) \(style.rawValue)"
                let formatter: ICURelativeFormatter
                do {
                    formatter = try ICURelativeFormatter.cached(locale: locale, style: style.icu)
                } catch {
                    report.mismatchCount += 1
                    report.mismatches.append("\(name): cannot open: \(error)")
                    continue
                }
                report.formatters += 1
                guard let compiled = formatter.compiled else {
                    let reason = formatter.fallback?.rawValue ?? "unknown"
                    report.fallbackFormatters[reason, default: 0] += 1
                    if report.fallbackExamples.count < 10 { report.fallbackExamples.append("\(name): \(reason)") }
                    continue
                }
                report.compiledFormatters += 1
                for unit in RelativeTimeUnit.allCases {
                    for numericAuto in [false, true] {
                        for value in values {
                            guard let mine = compiled.format(value, unit: unit.icu, numericAuto: numericAuto) else {
                                report.leftToICU += 1
                                continue
                            }
                            report.compared += 1
                            let theirs: String
                            do {
                                theirs = try formatter.formatThroughICU(value, unit: unit.icu, numericAuto: numericAuto)
                            } catch {
                                theirs = "error \(error)"
                            }
                            if mine.utf8.elementsEqual(theirs.utf8) { continue }
                            report.mismatchCount += 1
                            if report.mismatches.count < 5 {
                                report.mismatches.append(
                                    "\(name) \(unit.rawValue) \(numericAuto ? "auto" : "always") \(value) (bits \(String(value.bitPattern, radix: 16))): compiled \(debugQuoted(mine)), ICU \(debugQuoted(theirs))"
                                )
                            }
                        }
                    }
                }
            }
            return report
        } merge: { total, report in
            total.locales += report.locales
            total.formatters += report.formatters
            total.compiledFormatters += report.compiledFormatters
            total.fallbackFormatters.merge(report.fallbackFormatters, uniquingKeysWith: +)
            if total.fallbackExamples.count < 20 { total.fallbackExamples += report.fallbackExamples }
            total.compared += report.compared
            total.leftToICU += report.leftToICU
            total.mismatchCount += report.mismatchCount
            if total.mismatches.count < 50 { total.mismatches += report.mismatches }
        }
        report.valuesPerFormatter = values.count
        return report
    }
}
