package import Parlance

/// The proof that compiled compact notation (``CompiledCompactFormat``) writes exactly what
/// ICU's `unumf_formatDouble` / `unumf_formatInt` write for `compact-short` and `compact-long`:
/// for each locale × skeleton the compiled output is compared byte for byte with ICU's over
///
/// - edge values: ±0, NaN, ±∞, the extremes, and for every power of ten 10^-8 … 10^17 the power,
///   its neighbouring doubles, and the rounding edges around it (x.5, x.x5 and xx.5 ties and
///   their neighbours at every scale, 9.95, 99.95 … 999,950, 9,999.5, the values that round up
///   into the next magnitude and the next multiplier), of either sign, as doubles and as `Int`s;
/// - `valuesPerFormatter` values from a seeded generator: integers of 1–17 digits, decimals
///   of 1–3 fraction digits, doubles of 16–17 significant digits from 10^-8 to 10^17, ties and
///   near-ties of two and three significant digits at every magnitude, `Int`s of any size.
///
/// Values the compiled path leaves to ICU (10^15 and above, NaN, ±∞) are counted, not compared.
/// Run in full by `parlance bench --verify-compact`; a reduced sweep runs as a test.
package struct CompactVerification: Sendable {
    package static let skeletons = ["compact-short", "compact-long"]

    package var locales: [LocaleID]
    package var valuesPerFormatter: Int

    package init(locales: [LocaleID], valuesPerFormatter: Int = 20_000) {
        self.locales = locales
        self.valuesPerFormatter = max(0, valuesPerFormatter)
    }

    /// The mantissas of the rounding edges, each taken at every power of ten.
    static let edgeMantissas: [String] = [
        "1", "1.0000001", "1.04", "1.049", "1.05", "1.051", "1.15", "1.25", "1.35", "1.45", "1.5", "1.55", "2.5", "9.049", "9.05",
        "9.5", "9.94", "9.949", "9.95", "9.951", "9.96", "9.99", "9.994", "9.995", "9.996", "9.9949", "9.995", "9.9951", "9.9995",
        "9.99949", "9.99951", "9.99995", "9.999949", "9.999951", "9.999995", "1.005", "1.015", "1.0005", "1.2345", "5.5", "6.5",
    ]

    /// The edge values every formatter gets.
    package static let edgeValues: [NumberVerification.Value] = {
        var values: [NumberVerification.Value] = [
            .double(0), .double(-0.0), .double(.nan), .double(.infinity), .double(-.infinity), .double(.leastNonzeroMagnitude),
            .double(.greatestFiniteMagnitude), .double(.leastNormalMagnitude), .double(0.1 + 0.2), .integer(0), .integer(.max),
            .integer(.min), .integer(999_950), .integer(999_949), .integer(9_999_500), .integer(99_950), .integer(99_949),
        ]
        for exponent in -8...17 {
            for mantissa in edgeMantissas {
                guard let value = Double("\(mantissa)e\(exponent)") else { continue }
                values += [.double(value), .double(-value)]
            }
            if let power = Double("1e\(exponent)") {
                values += [.double(power.nextUp), .double(power.nextDown), .double(-power.nextDown)]
            }
            if exponent >= 0 {
                var power: Int64 = 1
                for _ in 0..<exponent { power *= 10 }
                values += [.integer(power), .integer(power - 1), .integer(power + 1), .integer(-power)]
                // 9.5, 9.95, 9.995 and 9.9995 times the power, where the Int holds them.
                for (factor, divisor) in [(95, 10), (995, 100), (9995, 1000), (99_995, 10_000)] as [(Int64, Int64)] {
                    let (product, overflow) = power.multipliedReportingOverflow(by: factor)
                    if !overflow { values += [.integer(product / divisor), .integer(-product / divisor)] }
                }
            }
        }
        return values
    }()

    /// The `index`-th generated value (deterministic for a seed).
    package static func value(_ index: Int, _ random: inout SplitMix64) -> NumberVerification.Value {
        let sign: Double = random.next() & 1 == 0 ? 1 : -1
        let digits = Int(random.next() % 17) + 1
        var power = 1.0
        for _ in 0..<digits { power *= 10 }
        switch index % 6 {
        case 0:
            // An integral double of 1…17 digits.
            return .double(sign * Double(random.next() % UInt64(power)))
        case 1:
            // A decimal with 1–3 fraction digits.
            var scale = 1.0
            for _ in 0...(random.next() % 3) { scale *= 10 }
            return .double(sign * Double(random.next() % UInt64(power)) / scale)
        case 2:
            // A double of 16–17 significant digits within 10^-8 … 10^17.
            let unit = Double(random.next() >> 11) / 9_007_199_254_740_992
            let exponent = Int(random.next() % 26) - 8
            return .double(sign * unit * (Double("1e\(exponent)") ?? 1))
        case 3, 4:
            // A tie or near-tie of two or three significant digits: d.d5, dd.d5, d.dd5 ± tiny, scaled.
            let lead = Double(random.next() % 900 + 100)
            let nudge = [0, 0, 1e-9, -1e-9][Int(random.next() % 4)]
            let exponent = Int(random.next() % 24) - 6
            let text = "\(Int(lead))5e\(exponent - 3)"
            guard let tie = Double(text) else { return .double(0) }
            return .double(sign * tie * (1 + nudge))
        default:
            // An Int of any size.
            let bits = random.next() >> (random.next() % 64)
            return .integer(random.next() & 1 == 0 ? Int64(bitPattern: bits >> 1) : -Int64(bitPattern: bits >> 1))
        }
    }

    /// The counts of the compact sweep beyond ``SweepReport``'s: its `leftToICU` counts the
    /// values the compiled path leaves to ICU (10^15 and above, NaN, ±∞).
    package struct Details: SweepDetails {
        /// Values of formatters without a compiled path (ICU formats them; nothing to compare).
        package var fallbackValues = 0

        package init() {}

        package mutating func merge(_ other: Self) { fallbackValues += other.fallbackValues }
    }

    package typealias Report = SweepReport<Details>

    /// Runs the proof; `progress`, when given, counts the locales done.
    package func run(progress: SweepProgress? = nil) -> Report {
        let valuesPerFormatter = self.valuesPerFormatter
        return sweepLocales(locales, progress: progress) { localeIndex, locale, report in
            for skeleton in Self.skeletons {
                let name = "\(locale) [\(skeleton)]"
                let formatter: ICUNumberFormatter
                do {
                    // Uncached, as the other sweeps.
                    formatter = try ICUNumberFormatter(skeleton: skeleton, locale: locale)
                } catch {
                    report.cannotOpen(name, error)
                    continue
                }
                report.formatters += 1
                guard let compiled = formatter.compiledCompact else {
                    report.fallBack(name, reason: formatter.compactFallback?.rawValue ?? "unknown")
                    report.fallbackValues += Self.edgeValues.count + valuesPerFormatter
                    continue
                }
                report.compiledFormatters += 1
                func check(_ value: NumberVerification.Value) {
                    switch value {
                    case .double(let double):
                        guard let mine = compiled.format(double) else {
                            report.leftToICU += 1
                            return
                        }
                        report.compare("\(name) \(value)", compiled: mine) { formatter.formatThroughICU(double) }
                    case .integer(let integer):
                        // The owner's integer path: the double of an integer below 2^53.
                        guard integer.magnitude < 1 << 53, let mine = compiled.format(Double(integer)) else {
                            report.leftToICU += 1
                            return
                        }
                        report.compare("\(name) \(value)", compiled: mine) { formatter.formatThroughICU(integer) }
                    }
                }
                for value in Self.edgeValues { check(value) }
                var random = SplitMix64(seed: 0xC0_4AC7 &+ UInt64(localeIndex) &* 2 &+ (skeleton == "compact-long" ? 1 : 0))
                for index in 0..<valuesPerFormatter { check(Self.value(index, &random)) }
            }
        }
    }
}
