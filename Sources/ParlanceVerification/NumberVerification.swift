package import Parlance

/// The proof that compiled number formats (``CompiledNumberFormat``) write exactly
/// what ICU's `unumf_formatDouble` / `unumf_formatInt` write: for each locale × skeleton the
/// formatter's compiled output is compared byte for byte with ICU's over a sweep of values —
/// `valuesPerLocale` values from a seeded generator per locale (integers of every magnitude up
/// to 10^16 and Int64 inputs, cents, x.xx5 and x.5 ties, sums such as 0.1 + 0.2, random doubles
/// with 16–17 significant digits, random bit patterns from 5e-324 to 1.8e308, all of either
/// sign), shared out among the skeletons in turn (with `rotateSkeletons`; else every skeleton
/// gets every value), plus edge values that every formatter gets (0, -0.0, powers of ten and
/// their neighbours, 10^15…10^21, Int64.min/max, 2^53 ± 1, NaN and the infinities).
///
/// Run in full by `parlance bench --verify-numbers`; a reduced sweep runs as a test.
package struct NumberVerification: Sendable {
    /// The skeletons checked per locale (the locale's own currency is added when it has one):
    /// what `NumberOptions` emits for decimals, grouping, fraction digits, percent and currency.
    package static let skeletons = [
        "", "group-off", "group-min2", "group-on-aligned", ".00", "precision-integer", ".0#", ".000###", "percent scale/100",
        "percent scale/100 .0", "currency/EUR", "currency/USD", "currency/JPY", "currency/CHF", "currency/EUR .00 group-off",
    ]

    package var locales: [LocaleID]
    package var valuesPerLocale: Int
    package var rotateSkeletons: Bool

    package init(locales: [LocaleID], valuesPerLocale: Int = 1_000_000, rotateSkeletons: Bool = true) {
        self.locales = locales
        self.valuesPerLocale = max(0, valuesPerLocale)
        self.rotateSkeletons = rotateSkeletons
    }

    /// A value: a binary double, or an integer formatted through the `Int` entry point.
    package enum Value: Sendable, CustomStringConvertible {
        case double(Double)
        case integer(Int64)

        package var description: String {
            switch self {
            case .double(let value): "\(value) (double, bits \(String(value.bitPattern, radix: 16)))"
            case .integer(let value): "\(value) (Int)"
            }
        }
    }

    /// The edge values every formatter gets.
    package static let edgeValues: [Value] = {
        var values: [Value] = [
            .double(0), .double(-0.0), .double(.nan), .double(.infinity), .double(-.infinity), .double(.leastNonzeroMagnitude),
            .double(-.leastNonzeroMagnitude), .double(.greatestFiniteMagnitude), .double(-.greatestFiniteMagnitude),
            .double(.leastNormalMagnitude), .double(0.1 + 0.2), .double(1 - 1e-16), .double(9_007_199_254_740_992),
            .double(9_007_199_254_740_994), .double(9_007_199_254_740_991), .double(-(9_007_199_254_740_992.0.nextUp)),
            .integer(.min), .integer(.max), .integer(.min + 1), .integer(0), .integer(-1), .integer(9_007_199_254_740_993),
        ]
        var power = 1.0
        var integerPower: Int64 = 1
        for exponent in 0...22 {
            for value in [power, power - 1, power + 1, power * 0.5, power * 1.5, power - 0.5, power + 0.5, power * 0.9999995] {
                values += [.double(value), .double(-value)]
            }
            if exponent <= 18 {
                values += [.integer(integerPower), .integer(integerPower - 1), .integer(-integerPower), .integer(integerPower + 1)]
                if exponent < 18 { integerPower *= 10 }
            }
            power *= 10
        }
        var small = 1.0
        for _ in 0...12 {
            small /= 10
            for value in [small, small * 5, small * 4.5, small * 5.5, small * 9.5, small * 0.5] {
                values += [.double(value), .double(-value), .double(1 + value), .double(-2 - value)]
            }
        }
        for ties in [0.5, 1.5, 2.5, 3.5, 0.125, 0.375, 1.005, 1.015, 2.675, 1.0005, 1.00005, 1.000005, 1.0000005, 0.0000005, 0.0000015] {
            values += [.double(ties), .double(-ties)]
        }
        return values
    }()

    /// The `index`-th generated value (deterministic for a seed).
    package static func value(_ index: Int, _ random: inout SplitMix64) -> Value {
        let sign: Double = random.next() & 1 == 0 ? 1 : -1
        let magnitude = Int(random.next() % 17)
        var power = 1.0
        for _ in 0..<magnitude { power *= 10 }
        let limit = UInt64(power)
        switch index % 10 {
        case 0:
            // An integral double of 1…17 digits.
            return .double(sign * Double(random.next() % max(limit, 1)))
        case 1:
            // An Int of any size.
            let bits = random.next() >> (random.next() % 64)
            return .integer(random.next() & 1 == 0 ? Int64(bitPattern: bits) : -Int64(bitPattern: bits >> 1))
        case 2:
            // Cents (and tenths of cents).
            let scale = random.next() & 1 == 0 ? 100.0 : 1000.0
            return .double(sign * Double(random.next() % max(limit, 1)) / scale)
        case 3:
            // A tie at 0…7 fraction digits: n.dd…5.
            let places = Int(random.next() % 8)
            var factor = 1.0
            for _ in 0..<places { factor *= 10 }
            let whole = Double(random.next() % 100_000_000)
            return .double(sign * (whole * 10 + 5) / (factor * 10))
        case 4:
            // Sums with binary error: a·0.1 + b·0.01.
            let a = Double(random.next() % 10_000)
            let b = Double(random.next() % 1000)
            return .double(sign * (a * 0.1 + b * 0.01))
        case 5, 6:
            // A random double of 16–17 significant digits within 10^-8 … 10^17.
            let unit = Double(random.next() >> 11) / 9_007_199_254_740_992
            var scale = 1.0
            let exponent = Int(random.next() % 26) - 8
            if exponent >= 0 {
                for _ in 0..<exponent { scale *= 10 }
            } else {
                for _ in 0..<(-exponent) { scale /= 10 }
            }
            return .double(sign * unit * scale)
        case 7:
            // A short decimal near a rounding point of 6 fraction digits: n.dddddd5 ± tiny.
            let whole = Double(random.next() % 1_000_000)
            let fraction = Double(random.next() % 10_000_000) / 10_000_000 + 0.000_000_05
            return .double(sign * (whole + fraction))
        case 8:
            // Any finite bit pattern (every exponent, subnormals).
            while true {
                let value = Double(bitPattern: random.next())
                if value.isFinite { return .double(value) }
            }
        default:
            // Values whose shortest form is long: k/3, k/7.
            let k = Double(random.next() % 10_000_000)
            return .double(sign * k / (random.next() & 1 == 0 ? 3 : 7))
        }
    }

    /// The counts of the number sweep beyond ``SweepReport``'s: its `leftToICU` counts the
    /// values the compiled path leaves to ICU (NaN, infinities).
    package struct Details: SweepDetails {
        /// Skeletons that fell back, with how many formatters (locales) had them.
        package var fallbackSkeletons: [String: Int] = [:]
        /// Values of formatters without a compiled path (ICU formats them; nothing to compare).
        package var fallbackValues = 0

        package init() {}

        package mutating func merge(_ other: Self) {
            fallbackSkeletons.merge(other.fallbackSkeletons, uniquingKeysWith: +)
            fallbackValues += other.fallbackValues
        }
    }

    package typealias Report = SweepReport<Details>

    /// The skeletons of `locale`: ``skeletons`` and its own currency.
    package static func skeletons(for locale: LocaleID) -> [String] {
        var skeletons = Self.skeletons
        if let own = ICUNumberCompiler.currency(for: locale), !skeletons.contains("currency/\(own)") {
            skeletons.append("currency/\(own)")
        }
        return skeletons
    }

    /// Runs the proof; `progress`, when given, counts the locales done.
    package func run(progress: SweepProgress? = nil) -> Report {
        let valuesPerLocale = self.valuesPerLocale
        let rotate = rotateSkeletons
        return sweepLocales(locales, progress: progress) { localeIndex, locale, report in
            var formatters: [(String, ICUNumberFormatter)] = []
            for skeleton in Self.skeletons(for: locale) {
                let formatter: ICUNumberFormatter
                do {
                    // Uncached: 800 locales × 16 skeletons would churn the shared cache.
                    formatter = try ICUNumberFormatter(skeleton: skeleton, locale: locale)
                } catch {
                    report.cannotOpen("\(locale) [\(skeleton)]", error)
                    continue
                }
                report.formatters += 1
                if formatter.compiled != nil {
                    report.compiledFormatters += 1
                } else {
                    report.fallbackFormatters[formatter.fallback?.rawValue ?? "unknown", default: 0] += 1
                    report.fallbackSkeletons[skeleton, default: 0] += 1
                }
                formatters.append((skeleton, formatter))
            }
            func check(_ skeleton: String, _ formatter: ICUNumberFormatter, _ value: Value) {
                guard let compiled = formatter.compiled else {
                    report.fallbackValues += 1
                    return
                }
                switch value {
                case .double(let double):
                    guard let mine = compiled.format(double) else {
                        report.leftToICU += 1
                        return
                    }
                    report.compare("\(locale) [\(skeleton)] \(value)", compiled: mine) { formatter.formatThroughICU(double) }
                case .integer(let integer):
                    report.compare("\(locale) [\(skeleton)] \(value)", compiled: compiled.format(integer)) { formatter.formatThroughICU(integer) }
                }
            }
            for (skeleton, formatter) in formatters {
                for value in Self.edgeValues { check(skeleton, formatter, value) }
            }
            if !formatters.isEmpty {
                var random = SplitMix64(seed: 0x5EED_0000 &+ UInt64(localeIndex))
                for index in 0..<valuesPerLocale {
                    let value = Self.value(index, &random)
                    if rotate {
                        let (skeleton, formatter) = formatters[(index + localeIndex) % formatters.count]
                        check(skeleton, formatter, value)
                    } else {
                        for (skeleton, formatter) in formatters { check(skeleton, formatter, value) }
                    }
                }
            }
        }
    }
}
