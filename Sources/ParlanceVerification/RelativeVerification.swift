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

    /// The counts of the relative-time sweep beyond ``SweepReport``'s.
    package struct Details: SweepDetails {
        /// Values checked per compiled formatter, unit and mode.
        package var valuesPerFormatter = 0

        package init() {}

        package mutating func merge(_ other: Self) {}
    }

    package typealias Report = SweepReport<Details>

    /// Runs the proof; `progress`, when given, counts the locales done.
    package func run(progress: SweepProgress? = nil) -> Report {
        let values = values()
        var report: Report = sweepLocales(locales, progress: progress) { _, locale, report in
            for style in RelativeTimeStyle.allCases {
                let name = "\(locale.identifier) \(style.rawValue)"
                let formatter: ICURelativeFormatter
                do {
                    formatter = try ICURelativeFormatter.cached(locale: locale, style: style.icu)
                } catch {
                    report.cannotOpen(name, error)
                    continue
                }
                report.formatters += 1
                guard let compiled = formatter.compiled else {
                    report.fallBack(name, reason: formatter.fallback?.rawValue ?? "unknown")
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
                            report.compare(
                                "\(name) \(unit.rawValue) \(numericAuto ? "auto" : "always") \(value) (bits \(String(value.bitPattern, radix: 16)))",
                                compiled: mine
                            ) { try formatter.formatThroughICU(value, unit: unit.icu, numericAuto: numericAuto) }
                        }
                    }
                }
            }
        }
        report.valuesPerFormatter = values.count
        return report
    }
}
