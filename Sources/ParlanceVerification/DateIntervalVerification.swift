package import Parlance

/// The proof that compiled date intervals (``CompiledDateInterval``) write exactly what ICU's
/// `udtitvfmt_format` writes: for each locale × skeleton (``skeletons``) × zone (``zones``),
/// the compiled output is compared byte for byte with ICU's over ``pairs(zone:)``: equal
/// instants and instants 1 ms … 10 years apart from instants at year, month and day ends
/// (in UTC, and so around local midnight, noon or the hour in the other zones), a leap day,
/// the ends of the compiled range and past them (where ICU formats), in both orders; pairs
/// around each of the zone's offset changes of 2023–2024 (DST days); and `randomPairs` seeded
/// random pairs of 1800–2200 at every distance. A pair the compiled formatter leaves to ICU
/// (it returns nil) is counted, not compared.
///
/// Run in full by `parlance bench --verify-date-intervals`; a reduced sweep runs as a test.
package struct DateIntervalVerification: Sendable {
    /// The skeletons of the bench and the tests, and a representative set of date, time and
    /// date-and-time skeletons of every width.
    package static let skeletons = [
        "yMMMd", "yMd", "yMMMEd", "MMMd", "yMMM", "jm", "hm", "Hm", "yMMMdjm", "yMMMMEEEEd", "yMMMMd", "MMMEd", "Md", "MEd", "yM", "yMMMM",
        "MMM", "d", "Ed", "y", "jms", "hms", "Hms", "jmv", "jmz", "Ehm", "EHm", "yMdjm", "MMMdjm", "yMMMEdjms", "hmv", "Hmz", "h", "H", "j",
        "yMMMMEEEEdjmz",
    ]
    /// UTC, a zone with a one-hour DST, a zone with a half-hour offset, and a zone with a
    /// half-hour DST.
    package static let zones = ["UTC", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"]

    package var locales: [LocaleID]
    package var skeletons: [String]
    package var zones: [String]
    package var randomPairs: Int
    package var seed: UInt64

    package init(
        locales: [LocaleID], skeletons: [String] = Self.skeletons, zones: [String] = Self.zones, randomPairs: Int = 200,
        seed: UInt64 = 0x5EED_0040
    ) {
        self.locales = locales
        self.skeletons = skeletons
        self.zones = zones
        self.randomPairs = max(0, randomPairs)
        self.seed = seed
    }

    /// The pairs (start, end; milliseconds since 1970) every formatter in `zone` is checked on.
    package func pairs(zone: String) -> [(Double, Double)] {
        let day = 86_400_000.0
        let hour = 3_600_000.0
        let starts: [Double] = [
            1_700_000_000_123,  // 2023-11-14T22:13:20.123Z
            946_684_799_999,  // 1999-12-31T23:59:59.999Z
            951_782_400_000,  // 2000-02-29T00:00Z
            1_689_500_000_000,  // 2023-07-16T09:33:20Z
            1_704_067_199_500,  // 2023-12-31T23:59:59.5Z
            1_706_745_599_000,  // 2024-01-31T23:59:59Z
            1_711_929_600_000,  // 2024-04-01T00:00Z
            43_200_000,  // 1970-01-01T12:00Z
            -2_208_988_800_000,  // 1900-01-01T00:00Z
            -5_364_662_400_000,  // 1800-01-01T00:00Z, the compiled range's start
            7_258_118_399_999,  // 2199-12-31T23:59:59.999Z, its last millisecond
            -10_000_000_000_000,  // 1653, before it
        ]
        let steps: [Double] = [
            0, 1, 999, 1000, 59_999, 60_000, 3_599_999, hour, 2 * hour, 11 * hour, 43_199_999, 12 * hour, 86_399_999, day, 2 * day,
            3 * day, 15 * day, 29 * day, 31 * day, 45 * day, 180 * day, 364 * day, 366 * day, 400 * day, 3652 * day,
        ]
        var pairs = starts.flatMap { start in steps.flatMap { step in [(start, start + step), (start + step, start)] } }
        // Around each offset change of 2023–2024: across it, up to it, from it.
        for change in ICUDateCompiler.transitions(zone: zone, from: 1_672_531_200_000, to: 1_735_689_600_000) {
            for (before, after) in [(1.0, 0.0), (1, 1), (1_800_000, 1_800_000), (hour, hour), (2 * hour, 0), (0, 2 * hour), (day, 0), (0, day)] {
                pairs += [(change - before, change + after), (change + after, change - before)]
            }
        }
        var random = SplitMix64(seed: seed)
        let low = -5_364_662_400_000.0
        let span = 7_258_118_400_000.0 - low
        for _ in 0..<randomPairs {
            let start = low + Double(random.next() % UInt64(span))
            // Distances from a millisecond to about 35 years, evenly over their magnitudes.
            let distance = Double(random.next() % (UInt64(1) << (random.next() % 41)))
            let end = min(max(start + (random.next() & 1 == 0 ? distance : -distance), low), low + span - 1)
            pairs.append((start, end))
        }
        return pairs
    }

    /// The counts of the date-interval sweep beyond ``SweepReport``'s.
    package struct Details: SweepDetails {
        /// Compiled formatters that leave some field to ICU (a pattern that does not compile).
        package var partialFormatters = 0
        /// The first few partial formatters and the fields they leave to ICU.
        package var partialExamples: [String] = []

        package init() {}

        package mutating func merge(_ other: Self) {
            partialFormatters += other.partialFormatters
            if partialExamples.count < 20 { partialExamples += other.partialExamples }
        }
    }

    package typealias Report = SweepReport<Details>

    /// Runs the proof; `progress`, when given, counts the locales done.
    package func run(progress: SweepProgress? = nil) -> Report {
        let pairsByZone = Dictionary(uniqueKeysWithValues: zones.map { ($0, pairs(zone: $0)) })
        let skeletons = skeletons
        let zones = zones
        return sweepLocales(locales, progress: progress) { _, locale, report in
            for skeleton in skeletons {
                for zone in zones {
                    let name = "\(locale.identifier) \(skeleton) \(zone)"
                    let formatter: ICUDateIntervalFormatter
                    do {
                        formatter = try ICUDateIntervalFormatter.uncached(locale: locale, skeleton: skeleton, zone: zone)
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
                    if !compiled.isComplete {
                        report.partialFormatters += 1
                        if report.partialExamples.count < 5 {
                            report.partialExamples.append("\(name): \(compiled.uncompiledFields.map { "\($0)" }.joined(separator: ", "))")
                        }
                    }
                    for (start, end) in pairsByZone[zone] ?? [] {
                        guard let mine = compiled.format(from: start, to: end) else {
                            report.leftToICU += 1
                            continue
                        }
                        report.compare("\(name) \(start)–\(end)", compiled: mine) { try formatter.icuFormat(from: start, to: end) }
                    }
                }
            }
        }
    }
}
