package import Parlance

/// The proof that compiled date formats (``CompiledDateFormat``) write exactly what
/// ICU's `udat_format` writes: for each locale × spec (skeletons and date/time styles) × zone,
/// the formatter's compiled output is compared byte for byte with ICU's over a sweep of
/// instants — every `hourStride`-th hour of 2023–2024 (minutes, seconds and milliseconds varied
/// on odd hours; with `rotateZones`, each hour in one of the zones, in turn, so that every
/// locale × spec still sees every hour and each zone every hour of the day), each zone's DST
/// transitions of those years at ±1 ms and every 15 minutes for 3 hours around them, and edge
/// instants (the epoch ±1 ms and fractions, leap days, 2038, the ends of the compiled range and
/// of ICU's range), which every zone gets.
///
/// Run in full by `parlance bench --verify-dates`; a reduced sweep runs as a test.
package struct DateVerification: Sendable {
    /// The skeletons checked: the bench's own and common ones over every compiled field kind.
    package static let skeletons = [
        "yMMMdjm", "yMd", "yMMMMEEEEd", "jms", "Hm", "MMMd", "yMMM", "EEEEd", "GyMMMd", "jmsSSS", "hmma", "yyMMdd",
    ]
    /// The zones checked: UTC and five zones with DST or half-hour offsets, both hemispheres.
    package static let zones = ["UTC", "Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "America/Sao_Paulo"]

    package enum Spec: Sendable, CustomStringConvertible {
        case skeleton(String)
        case styles(date: DateStyle, time: DateStyle)

        package var description: String {
            switch self {
            case .skeleton(let skeleton): "skeleton \(skeleton)"
            case .styles(let date, let time): "styles \(date)/\(time)"
            }
        }
    }

    /// Skeletons, then each of the 4 styles as date+time, date only and time only.
    package static var specs: [Spec] {
        var specs = skeletons.map(Spec.skeleton)
        for style in [DateStyle.full, .long, .medium, .short] {
            specs += [.styles(date: style, time: style), .styles(date: style, time: .none), .styles(date: .none, time: style)]
        }
        return specs
    }

    package var locales: [LocaleID]
    package var specs: [Spec]
    package var zones: [String]
    /// 1: every hour of the two years; n: every n-th hour.
    package var hourStride: Int
    /// Whether the hours are shared out among the zones (else every zone gets every hour).
    package var rotateZones: Bool

    package init(
        locales: [LocaleID], specs: [Spec] = Self.specs, zones: [String] = Self.zones, hourStride: Int = 1, rotateZones: Bool = true
    ) {
        self.locales = locales
        self.specs = specs
        self.zones = zones
        self.hourStride = max(1, hourStride)
        self.rotateZones = rotateZones
    }

    /// The counts of the date sweep beyond ``SweepReport``'s: its `leftToICU` counts the
    /// instants of compiled formatters outside the compiled range (ICU formats them).
    package struct Details: SweepDetails {
        /// Instants of formatters without a compiled path (formatted by ICU; nothing to compare).
        package var fallbackInstants = 0
        /// Patterns that fall back for a field, with how many formatters had them.
        package var fallbackPatterns: [String: Int] = [:]

        package init() {}

        package mutating func merge(_ other: Self) {
            fallbackInstants += other.fallbackInstants
            fallbackPatterns.merge(other.fallbackPatterns, uniquingKeysWith: +)
        }
    }

    package typealias Report = SweepReport<Details>

    /// The instants checked in the zone `zones[zoneIndex]`.
    package func instants(zoneIndex: Int) -> [Double] {
        let zone = zones[zoneIndex]
        let start = 1_672_531_200_000.0  // 2023-01-01T00:00:00Z
        let hours = 2 * 365 * 24 + 24  // 2023 and 2024 (a leap year)
        var instants: [Double] = []
        for (index, hour) in stride(from: 0, to: hours, by: hourStride).enumerated() {
            // Day d, hour t goes to zone (d + t) mod n: every zone sees every hour of the day.
            if rotateZones, (index + index / 24) % zones.count != zoneIndex { continue }
            let variation = hour % 2 == 0 ? 0 : Double(hour * 61_007 % 3_600_000)
            instants.append(start + Double(hour) * 3_600_000 + variation)
        }
        for transition in ICUDateCompiler.transitions(zone: zone, from: start, to: start + Double(hours) * 3_600_000) {
            for delta in [-1.0, 0, 1, -0.5] { instants.append(transition + delta) }
            for quarter in -12...12 { instants.append(transition + Double(quarter) * 900_000) }
        }
        instants += [
            0, -1, 1, -0.5, 0.5, 999.999, -86_400_000, 86_399_999,
            951_782_400_000,  // 2000-02-29
            4_107_542_400_000,  // 2100-03-01 (2100 is not a leap year)
            -2_203_891_200_000,  // 1900-03-01
            2_147_483_647_000, 2_147_483_648_000,  // 2038
            -5_364_662_400_001, -5_364_662_400_000, -5_364_662_399_999,  // the compiled range's start
            7_258_118_399_999, 7_258_118_400_000,  // its end
            -12_219_292_800_001, -12_219_292_800_000,  // the Gregorian change of 1582
            -62_135_596_800_001,  // 1 BC
            ICUDateFormatter.minimumMillis, ICUDateFormatter.maximumMillis,
        ]
        return instants
    }

    /// Runs the proof; `progress`, when given, counts the locales done.
    package func run(progress: SweepProgress? = nil) -> Report {
        let zoneInstants = zones.indices.map { instants(zoneIndex: $0) }
        let specs = self.specs
        let zones = self.zones
        return sweepLocales(locales, progress: progress) { _, locale, report in
            for spec in specs {
                for (zoneIndex, zone) in zones.enumerated() {
                    let formatter: ICUDateFormatter
                    do {
                        let icuSpec: ICUDateFormatter.Spec =
                            switch spec {
                            case .skeleton(let skeleton): .skeleton(skeleton)
                            case .styles(let date, let time): .styles(date: date.icuStyle, time: time.icuStyle)
                            }
                        formatter = try ICUDateFormatter.cached(locale: locale, spec: icuSpec, zone: zone)
                    } catch {
                        report.cannotOpen("\(locale) \(spec) \(zone)", error)
                        continue
                    }
                    report.formatters += 1
                    let instants = zoneInstants[zoneIndex]
                    guard let compiled = formatter.compiled else {
                        report.fallbackFormatters[formatter.fallback?.rawValue ?? "unknown", default: 0] += 1
                        if formatter.fallback == .field { report.fallbackPatterns[formatter.pattern, default: 0] += 1 }
                        report.fallbackInstants += instants.count
                        continue
                    }
                    report.compiledFormatters += 1
                    for millis in instants {
                        guard let mine = compiled.format(millis: millis) else {
                            report.leftToICU += 1
                            continue
                        }
                        report.compare("\(locale) \(spec) \(zone) pattern \(formatter.pattern) at \(millis) ms", compiled: mine) {
                            try formatter.icuFormat(millis: millis)
                        }
                    }
                }
            }
        }
    }
}
