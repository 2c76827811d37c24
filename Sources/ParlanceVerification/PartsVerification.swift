package import Parlance

/// The proof that the compiled parts (``CompiledNumberParts``, ``CompiledDateParts``) are
/// exactly the parts ICU's field positions give (kinds and texts): for each locale × the
/// number skeletons of ``NumberVerification`` × values (its edge values and `valuesPerLocale`
/// generated ones, shared out among the skeletons in turn), and each locale × the date specs
/// of ``DateVerification`` in UTC and one zone with DST × instants (every `hourStride`-th hour
/// of 2023–2024 with varied minutes, seconds and milliseconds, and the date sweep's edge
/// instants), the compiled parts are compared with the parts ICU's field iteration gives.
///
/// Run in full by `parlance bench --verify-parts`; a reduced sweep runs as a test.
package struct PartsVerification: Sendable {
    package var locales: [LocaleID]
    package var valuesPerLocale: Int
    package var hourStride: Int
    package var zones: [String]

    package init(locales: [LocaleID], valuesPerLocale: Int = 20_000, hourStride: Int = 7, zones: [String] = ["UTC", "Europe/Berlin"]) {
        self.locales = locales
        self.valuesPerLocale = max(0, valuesPerLocale)
        self.hourStride = max(1, hourStride)
        self.zones = zones
    }

    /// The counts of the parts sweep beyond ``SweepReport``'s, whose formatters, compiled
    /// formatters and comparisons are the number and date ones together; `leftToICU` counts
    /// the values and instants the compiled parts leave to ICU (NaN, ±∞, outside the range).
    package struct Details: SweepDetails {
        package var numberFormatters = 0
        /// Number formatters whose parts are compiled (the others give ICU's parts).
        package var compiledNumberFormatters = 0
        package var dateFormatters = 0
        package var compiledDateFormatters = 0
        /// Values and instants whose compiled parts were compared with ICU's.
        package var comparedNumbers = 0
        package var comparedDates = 0

        package init() {}

        package mutating func merge(_ other: Self) {
            numberFormatters += other.numberFormatters
            compiledNumberFormatters += other.compiledNumberFormatters
            dateFormatters += other.dateFormatters
            compiledDateFormatters += other.compiledDateFormatters
            comparedNumbers += other.comparedNumbers
            comparedDates += other.comparedDates
        }
    }

    package typealias Report = SweepReport<Details>

    /// The instants checked.
    package func instants() -> [Double] {
        let start = 1_672_531_200_000.0  // 2023-01-01T00:00:00Z
        let hours = 2 * 365 * 24 + 24
        var instants: [Double] = []
        for hour in stride(from: 0, to: hours, by: hourStride) {
            instants.append(start + Double(hour) * 3_600_000 + Double(hour * 61_007 % 3_600_000))
        }
        instants += [
            0, -1, 1, 999.999, -86_400_000, 86_399_999, 951_782_400_000, 4_107_542_400_000, -2_203_891_200_000, 2_147_483_648_000,
            -5_364_662_400_001, -5_364_662_400_000, 7_258_118_399_999, 7_258_118_400_000, -62_135_596_800_001,
        ]
        return instants
    }

    private static func describe(_ parts: [FormatPart]?) -> String {
        guard let parts else { return "nil" }
        return parts.map(\.description).joined(separator: " ")
    }

    /// Runs the proof; `progress`, when given, counts the locales done.
    package func run(progress: SweepProgress? = nil) -> Report {
        let valuesPerLocale = self.valuesPerLocale
        let zones = self.zones
        let instants = self.instants()
        let locales = self.locales
        return sweepLocales(locales, progress: progress) { _, locale, report in
            // Numbers.
            var formatters: [(String, ICUNumberFormatter, CompiledNumberParts)] = []
            for skeleton in NumberVerification.skeletons(for: locale) {
                guard let formatter = try? ICUNumberFormatter(skeleton: skeleton, locale: locale) else {
                    report.mismatch("\(locale) [\(skeleton)]: cannot open")
                    continue
                }
                report.formatters += 1
                report.numberFormatters += 1
                guard let parts = formatter.compiledParts else { continue }
                report.compiledFormatters += 1
                report.compiledNumberFormatters += 1
                formatters.append((skeleton, formatter, parts))
            }
            func check(_ skeleton: String, _ formatter: ICUNumberFormatter, _ parts: CompiledNumberParts, _ value: NumberVerification.Value) {
                let mine: [FormatPart]?
                let theirs: [FormatPart]?
                switch value {
                case .double(let double):
                    mine = parts.parts(double)
                    theirs = formatter.icuParts(double)
                case .integer(let integer):
                    mine = parts.parts(integer)
                    theirs = formatter.icuParts(integer)
                }
                guard let mine else {
                    report.leftToICU += 1
                    return
                }
                report.compared += 1
                report.comparedNumbers += 1
                if mine != theirs {
                    report.mismatch("\(locale) [\(skeleton)] \(value): compiled \(Self.describe(mine)), ICU \(Self.describe(theirs))")
                }
            }
            for (skeleton, formatter, parts) in formatters {
                for value in NumberVerification.edgeValues { check(skeleton, formatter, parts, value) }
            }
            if !formatters.isEmpty {
                var random = SplitMix64(seed: 0x5EED_9A27 &+ UInt64(locale.identifier.utf8.count))
                for index in 0..<valuesPerLocale {
                    let (skeleton, formatter, parts) = formatters[index % formatters.count]
                    check(skeleton, formatter, parts, NumberVerification.value(index, &random))
                }
            }
            // Dates.
            for spec in DateVerification.specs {
                for zone in zones {
                    let icuSpec: ICUDateFormatter.Spec =
                        switch spec {
                        case .skeleton(let skeleton): .skeleton(skeleton)
                        case .styles(let date, let time): .styles(date: date.icuStyle, time: time.icuStyle)
                        }
                    guard let formatter = try? ICUDateFormatter.cached(locale: locale, spec: icuSpec, zone: zone) else {
                        report.mismatch("\(locale) \(spec) \(zone): cannot open")
                        continue
                    }
                    report.formatters += 1
                    report.dateFormatters += 1
                    guard let parts = formatter.compiledParts else { continue }
                    report.compiledFormatters += 1
                    report.compiledDateFormatters += 1
                    for millis in instants {
                        guard let mine = parts.parts(millis: millis) else {
                            report.leftToICU += 1
                            continue
                        }
                        report.compared += 1
                        report.comparedDates += 1
                        let theirs = formatter.icuParts(millis: millis)
                        if mine != theirs {
                            report.mismatch(
                                "\(locale) \(spec) \(zone) pattern \(formatter.pattern) at \(millis) ms: compiled \(Self.describe(mine)), ICU \(Self.describe(theirs))"
                            )
                        }
                    }
                }
            }
        }
    }
}
