import ArgumentParser
import Foundation
import Parlance
import ParlanceVerification

/// `parlance bench`: Parlance against raw ICU and Foundation, side by side in one run.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure ns/op of Parlance, raw ICU (C loop), Foundation, Node's Intl and Babel, side by side.",
        discussion: """
            Build in release mode for meaningful numbers:
              swift run -c release parlance bench
            Each figure is the median of several timed rounds after a warm-up. The peer
            columns come from Scripts/bench-peers (node; python3 with `pip install babel`)
            over the same operations and inputs; a missing peer is noted, not an error.
            All figures are ns/op.
            """
    )

    @Option(help: "Timed rounds per measurement (the median is reported).")
    var rounds = 7

    @Option(help: "Operations per round.")
    var iterations = 200_000

    @Option(
        help: "Run only the groups whose name contains this text (plural, number, date, relative, list, message, bidi, localize, threads, memory, translation)."
    )
    var only: String?

    @Flag(help: "Leave out the Foundation column (to profile Parlance alone).")
    var skipFoundation = false

    @Flag(help: "Leave out the peer columns (Node's Intl, Python's Babel; Scripts/bench-peers).")
    var skipPeers = false

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Flag(
        help:
            "Instead of timing, prove the plural evaluator equal to ICU: every integer 0…1,000,000 and 100,000 random decimals per rule set, over every ICU locale, both types (several minutes)."
    )
    var verifyPlurals = false

    @Option(help: "With --verify-plurals: the largest integer checked.")
    var integerLimit = 1_000_000

    @Option(help: "With --verify-plurals: random decimals per rule set.")
    var decimals = 100_000

    @Flag(
        help:
            "Instead of timing, prove compiled date formats equal to ICU's udat_format: every ICU locale × the date skeletons and the 4 date/time styles × 6 zones × every hour of 2023–2024, DST transitions and edge instants (several minutes)."
    )
    var verifyDates = false

    @Option(help: "With --verify-dates: check every n-th hour of the two years (1: every hour).")
    var hourStride = 1

    @Option(help: "With --verify-dates: check only the first n locales (sorted; default all).")
    var dateLocales: Int?

    @Flag(help: "With --verify-dates: every zone gets every hour (6× longer; by default the hours rotate among the zones).")
    var everyZoneEveryHour = false

    @Flag(
        help:
            "Instead of timing, prove compiled list formats equal to ICU's ulistfmt: every ICU locale × 3 types × 3 widths × lists of 0–7 items chosen to break them and seeded random ones."
    )
    var verifyLists = false

    @Option(help: "With --verify-lists: seeded random item lists per list length.")
    var randomLists = 150

    @Option(help: "With --verify-lists: check only the first n locales (sorted; default all).")
    var listLocales: Int?

    @Option(help: "With --verify-lists: check only this locale (repeatable; default every ICU locale).")
    var listLocale: [String] = []

    @Flag(
        help:
            "Instead of timing, prove compiled number formats equal to ICU's unumf output: every ICU locale × the number skeletons (decimal, grouping, fraction digits, percent, currencies) × 1,000,000 values per locale shared out among its skeletons, plus edge values for every formatter (several minutes)."
    )
    var verifyNumbers = false

    @Option(help: "With --verify-numbers: generated values per locale (default 1,000,000).")
    var numberValues = 1_000_000

    @Option(help: "With --verify-numbers: check only the first n locales (sorted; default all).")
    var numberLocales: Int?

    @Flag(help: "With --verify-numbers: every skeleton gets every value (by default the values rotate among a locale's skeletons).")
    var everySkeletonEveryValue = false

    @Flag(
        help:
            "Instead of timing, prove compiled compact notation equal to ICU's unumf output: every ICU locale × compact-short and compact-long × edge values around every power of ten and rounding edge (doubles and Ints, both signs) and 20,000 seeded values per formatter."
    )
    var verifyCompact = false

    @Option(help: "With --verify-compact: generated values per locale and skeleton (default 20,000).")
    var compactValues = 20_000

    @Option(help: "With --verify-compact: check only the first n locales (sorted; default all).")
    var compactLocales: Int?

    @Flag(
        help:
            "Instead of timing, prove compiled message plans equal to ICU's MessageFormat: every ICU locale × message patterns (plural with #, offsets, =n, selectordinal, select, nesting, number arguments, apostrophes) × fixed and seeded random values."
    )
    var verifyMessages = false

    @Option(help: "With --verify-messages: seeded random numbers per locale and pattern.")
    var messageValues = 200

    @Option(help: "With --verify-messages or --verify-plural-ranges: check only the first n locales (sorted; default all).")
    var messageLocales: Int?

    @Flag(
        help:
            "Instead of timing, prove compiled plural-range tables equal to ICU's uplrules_selectForRange: every ICU locale × every pair of fixed range ends (integers, visible fraction digits, rounding at the sixth digit, equal, reversed, negative) and seeded random pairs."
    )
    var verifyPluralRanges = false

    @Option(help: "With --verify-plural-ranges: seeded random pairs per locale.")
    var rangePairs = 1000

    @Flag(
        help:
            "Instead of timing, prove compiled relative times equal to ICU's ureldatefmt: every ICU locale × 3 styles × 8 units × numeric always/auto × integers -300…300, ±0, powers of ten, fractions around the named offsets and rounding ties, and seeded random values."
    )
    var verifyRelative = false

    @Option(help: "With --verify-relative: seeded random values per formatter, unit and mode (default 400).")
    var relativeValues = 400

    @Option(help: "With --verify-relative: check only the first n locales (sorted; default all).")
    var relativeLocales: Int?

    @Flag(
        help:
            "Instead of timing, prove compiled date intervals equal to ICU's udtitvfmt: every ICU locale × 36 skeletons × 4 zones (UTC, New York, Kolkata, Lord Howe) × pairs that differ in each calendar field (equal instants, year, month and day ends, DST days, the compiled range's ends and past them, both orders) and seeded random pairs."
    )
    var verifyDateIntervals = false

    @Option(help: "With --verify-date-intervals: seeded random pairs per formatter (default 200).")
    var intervalPairs = 200

    @Option(help: "With --verify-date-intervals: check only the first n locales (sorted; default all).")
    var intervalLocales: Int?

    @Flag(
        help:
            "Instead of timing, prove the comparisons that Collator decides from the first code points (ICU's first primary weights) equal to ICU's ucol_strcollUTF8, and the sort keys written from the table of ICU's collation elements equal to ucol_getSortKey: every ICU locale × 9 combinations of strength, case order, numeric and ignoring punctuation × seeded random string pairs over every code point below U+0250, combining marks, contractions and other scripts."
    )
    var verifyCollation = false

    @Option(help: "With --verify-collation: seeded random string pairs per locale and combination of options (default 4,000).")
    var collationPairs = 4000

    @Option(help: "With --verify-collation: check only the first n locales (sorted; default all).")
    var collationLocales: Int?

    @Flag(
        help:
            "Instead of timing, prove the compiled parts (formatParts) equal to the parts of ICU's field positions: every ICU locale × the number skeletons of --verify-numbers × values, and × the date specs of --verify-dates in two zones × instants."
    )
    var verifyParts = false

    @Option(help: "With --verify-parts: generated number values per locale (default 20,000).")
    var partsValues = 20_000

    @Option(help: "With --verify-parts: check only the first n locales (sorted; default all).")
    var partsLocales: Int?

    @Option(help: "With --verify-parts: check every n-th hour of the two years (default 7).")
    var partsHourStride = 7

    @Flag(
        help:
            "Instead of timing, prove the shim's run of ICU's break rules over UTF-8 (and its hand-over to ICU at dictionary characters) equal to ICU's ubrk over UTF-16: every ICU locale × grapheme, word, line and sentence (plus -u-lb-strict/loose/normal and -u-ss-standard on a sample of locales) × edge texts and seeded random texts mixing scripts, punctuation, spaces, emoji and dictionary words; each boundary's UTF-8 and UTF-16 offset and rule status."
    )
    var verifySegmentation = false

    @Option(help: "With --verify-segmentation: seeded random texts per iterator (default 200).")
    var segmentationTexts = 200

    @Option(help: "With --verify-segmentation: check only the first n locales (sorted; default all).")
    var segmentationLocales: Int?

    @Option(help: "With --verify-segmentation: check only this locale (repeatable; default every ICU locale).")
    var segmentationLocale: [String] = []

    @Flag(
        help:
            "Instead of ns/op, measure the CPU time of a 100 KB and a 1 MB request line on every entry point that reads them (the JSON reader, respond(to:), the stdin loop, POST /v1/{op}, POST /v1/batch) in shapes that make a careless reader quadratic; the ratio's target is 10× (minimum of --rounds runs)."
    )
    var linear = false

    /// The memory group runs each kind's sweep in a child process started with this option.
    @Option(help: .hidden)
    var memoryKind: String?

    func run() throws {
        if let memoryKind {
            guard let kind = MemoryKind(rawValue: memoryKind) else {
                throw ValidationError("--memory-kind takes one of \(MemoryKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let data = try JSONEncoder().encode(try memorySweep(kind))
            print(String(decoding: data, as: UTF8.self))
            return
        }
        if linear {
            #if Server
            print(LinearBench.render(try LinearBench(runs: rounds).run(), runs: rounds))
            return
            #else
            throw ValidationError(
                "--linear measures `parlance serve` too: build with the package trait Server (swift run --traits Server parlance bench --linear)")
            #endif
        }
        if verifyDates {
            try runDateVerification()
            return
        }
        if verifyLists {
            try runListVerification()
            return
        }
        if verifyNumbers {
            try runNumberVerification()
            return
        }
        if verifyCompact {
            try runCompactVerification()
            return
        }
        if verifyMessages {
            try runMessageVerification()
            return
        }
        if verifyPluralRanges {
            try runPluralRangeVerification()
            return
        }
        if verifyRelative {
            try runRelativeVerification()
            return
        }
        if verifyCollation {
            try runCollationVerification()
            return
        }
        if verifyParts {
            try runPartsVerification()
            return
        }
        if verifyDateIntervals {
            try runDateIntervalVerification()
            return
        }
        if verifySegmentation {
            try runSegmentationVerification()
            return
        }
        if verifyPlurals {
            let start = BenchHarness.now()
            let report = try PluralVerification(integerLimit: integerLimit, decimalsPerLocale: decimals).run(extraLocales: PluralRules.localesWithRules)
            let seconds = Double(BenchHarness.now() - start) / 1e9
            print(
                "plural verification: \(report.locales) locales, \(report.ruleSets) distinct rule sets (cardinal + ordinal), \(report.integersChecked) integers and \(report.decimalsChecked) decimals checked against ICU in \(String(format: "%.0f", seconds)) s; mismatches: \(report.mismatches.count)"
            )
            for mismatch in report.mismatches.prefix(20) { print("  \(mismatch)") }
            if !report.mismatches.isEmpty { throw ExitCode(1) }
            return
        }
        let harness = BenchHarness(
            rounds: rounds, iterations: iterations, warmupIterations: iterations / 4, skipFoundation: skipFoundation)
        var rows: [BenchRow] = []
        #if Translation
        func translationGroups(_ harness: BenchHarness) -> [(name: String, rows: () throws -> [BenchRow])] {
            [("translation", { try translationRows(harness) })]
        }
        #else
        // The translation cache rows need the package trait Translation.
        func translationGroups(_ harness: BenchHarness) -> [(name: String, rows: () throws -> [BenchRow])] { [] }
        #endif
        let groups: [(name: String, rows: () throws -> [BenchRow])] =
            [
                ("plural", { try pluralRows(harness) }),
                ("number", { try numberRows(harness) }),
                ("date", { [try dateRow(harness), try dateStylesRow(harness)] }),
                ("relative", { [try relativeRow(harness)] }),
                ("list", { [try listRow(harness)] }),
                ("parts", { try partsRows(harness) }),
                ("collation", { try collationRows(harness) }),
                ("segmentation", { try segmentationRows(harness) }),
                ("message", { try messageRows(harness) }),  // message, plural-range, date-interval
                ("bidi", { [bidiRow(harness)] }),
                ("localize", { [try localizeRow(harness)] }),
            ] + translationGroups(harness)
        let selected = groups.filter { group in only.map { group.name.contains($0) } ?? true }
        let progress = SweepProgress("bench", total: selected.count, unit: "groups", interval: 0)
        for group in selected {
            rows += try group.rows()
            progress.advance()
        }
        var peerResults: [PeerResult] = []
        var peerNotes: [String] = []
        if !skipPeers {
            if let directory = PeerRunner.defaultDirectory() {
                let runner = PeerRunner(directory: directory, iterations: iterations, rounds: rounds)
                (peerResults, peerNotes) = runner.run(rows.compactMap { row in row.peer.map { (row.name, $0) } })
                for index in rows.indices {
                    for result in peerResults {
                        let value = result.results[rows[index].name]
                        if result.peer == "Node Intl" { rows[index].node = value } else if result.peer == "Babel" { rows[index].babel = value }
                    }
                }
            } else {
                peerNotes.append("peers: Scripts/bench-peers not found (run from the package's folder)")
            }
        }
        var notes: [String: Double] = [:]
        var scaling: [(name: String, ratio: Double)] = []
        if only.map({ "threads".contains($0) }) ?? true {
            scaling = try twoThreadScaling(iterations: iterations)
            for row in scaling { notes["twoThreadScaling: \(row.name)"] = row.ratio }
        }
        var memory: [MemoryReport] = []
        if only.map({ "memory".contains($0) }) ?? true {
            memory = try memorySweepsInChildProcesses()
            for report in memory {
                notes["memory \(report.kind): peak RSS MB"] = report.peakMB
                notes["memory \(report.kind): baseline RSS MB"] = report.baselineMB
                notes["memory \(report.kind): formatters"] = Double(report.formatters)
                notes["memory \(report.kind): locales"] = Double(report.locales)
                if let clones = report.dateClones { notes["memory \(report.kind): date clones"] = Double(clones) }
            }
        }
        if json {
            print(renderJSON(rows, notes: notes, peers: peerResults))
        } else {
            if !rows.isEmpty { print(renderTable(rows)) }
            if rows.contains(where: { $0.name.hasSuffix("¹") }) {
                print("¹ Foundation column: String(format:locale:) alone (Foundation has no stringsdict lookup on Linux).")
            }
            for result in peerResults { print("peer: \(result.label)") }
            for note in peerNotes { print(note) }
            if !scaling.isEmpty {
                print("two threads vs one (throughput, median of 9 trials; target ≥ 1.80× on every formatting row):")
                for row in scaling { print("  " + row.name.padding(toLength: 36, withPad: " ", startingAt: 0) + String(format: " %.2f×", row.ratio)) }
            }
            if !memory.isEmpty {
                print("memory per formatter kind, each in a fresh process, every ICU locale (peak RSS; target for all ≤ 150 MB):")
                for report in memory {
                    let clones = report.dateClones.map { ", \($0) date clones" } ?? ""
                    print(
                        "  " + report.kind.padding(toLength: 9, withPad: " ", startingAt: 0)
                            + String(
                                format: "%5d formatters (%d per locale × %d locales): peak %.1f MB, %.1f MB above the %.1f MB start",
                                report.formatters, report.formatters / max(report.locales, 1), report.locales, report.peakMB,
                                report.peakMB - report.baselineMB, report.baselineMB) + clones)
                }
            }
        }
    }

    /// Runs one `--verify-…` sweep over the ICU locales (sorted by id; the first `limit` of
    /// them when given, or the `named` ones), prints its report and exits 1 on any mismatch.
    /// `sweep` runs the proof over the locales, counting each finished one in the progress,
    /// and gives the report and the words printed around it.
    func runSweep<Details>(
        _ label: String, limit: Int?, named: [String] = [],
        _ sweep: ([LocaleID], SweepProgress) throws -> (SweepReport<Details>, SweepText)
    ) throws {
        var locales = LocaleID.availableLocales.sorted { $0.identifier < $1.identifier }
        if let limit { locales = Array(locales.prefix(limit)) }
        if !named.isEmpty { locales = try named.map { try LocaleID($0) } }
        let (report, text) = try sweep(locales, SweepProgress(label, total: locales.count))
        print(report.rendered(text))
        if report.mismatchCount > 0 { throw ExitCode(1) }
    }

    /// `--verify-dates`: prints the counts and the first mismatches (exit 1 on any).
    func runDateVerification() throws {
        try runSweep("verify-dates", limit: dateLocales) { locales, progress in
            let verification = DateVerification(locales: locales, hourStride: hourStride, rotateZones: !everyZoneEveryHour)
            let instantsPerZone = verification.zones.indices.map { verification.instants(zoneIndex: $0).count }
            let report = verification.run(progress: progress)
            let patterns = report.fallbackPatterns.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            let hours =
                "every \(hourStride == 1 ? "" : "\(hourStride)th ")hour of 2023–2024\(everyZoneEveryHour ? " in every zone" : ", rotating among the zones")"
            return (
                report,
                SweepText(
                    title:
                        "date verification: \(report.locales) locales × \(verification.specs.count) specs (\(DateVerification.skeletons.count) skeletons, 4 styles × date+time/date/time) × \(verification.zones.count) zones",
                    lines: [
                        "instants per formatter: \(instantsPerZone.map(String.init).joined(separator: "/")) (per zone; \(hours), each zone's DST transitions, edges)",
                        "compared byte for byte with udat_format: \(report.compared) formats; outside the compiled range (ICU formats them): \(report.leftToICU); instants of fallback formatters (ICU): \(report.fallbackInstants)",
                    ],
                    trailer: patterns.isEmpty
                        ? []
                        : ["patterns with a field not compiled (formatters): " + patterns.prefix(25).map { "\($0.key) (\($0.value))" }.joined(separator: "; ")]
                )
            )
        }
    }

    /// `--verify-lists`: prints the counts, the fallbacks and the first mismatches (exit 1 on any).
    func runListVerification() throws {
        try runSweep("verify-lists", limit: listLocales, named: listLocale) { locales, progress in
            let verification = ListVerification(locales: locales, randomListsPerLength: randomLists)
            let report = verification.run(progress: progress)
            let rules = report.contextRules.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            return (
                report,
                SweepText(
                    title: "list verification: \(report.locales) locales × \(verification.types.count) types × \(verification.widths.count) widths",
                    compiledNote: "(with an ICU context rule: \(rules.isEmpty ? "none" : rules))",
                    lines: [
                        "item lists per compiled formatter: \(report.listsPerFormatter) (0–\(verification.maxLength) items: \(ListVerification.trickyItems.count) tricky items as last, first and every item; \(verification.randomListsPerLength) seeded random lists per length) + the formatter's own connectors as items",
                        "compared byte for byte with ICU: \(report.compared) lists",
                    ]
                )
            )
        }
    }

    /// `--verify-messages`: prints the counts, the fallbacks and the first mismatches (exit 1 on any).
    func runMessageVerification() throws {
        try runSweep("verify-messages", limit: messageLocales) { locales, progress in
            let report = MessageVerification(locales: locales, randomValues: messageValues).run(progress: progress)
            return (
                report,
                SweepText(
                    title: "message verification: \(report.locales) locales × \(MessageVerification.patterns.count) patterns", noun: "messages",
                    lines: [
                        "values: \(MessageVerification.fixedNumbers.count) fixed + \(messageValues) seeded random per message (select arguments: each keyword and \(MessageVerification.texts.count) texts in turn)",
                        "compared byte for byte with ICU's MessageFormat: \(report.compared) formats; left to ICU by the plan (decimal strings, NaN, ±∞, texts as numbers, magnitudes ≥ 2^53 in a plural): \(report.leftToICU)",
                    ],
                    examples: [("compile-time check failed", Array(report.selfCheckExamples.prefix(50)))]
                )
            )
        }
    }

    /// `--verify-plural-ranges`: prints the counts and the first mismatches (exit 1 on any).
    func runPluralRangeVerification() throws {
        try runSweep("verify-plural-ranges", limit: messageLocales) { locales, progress in
            let report = PluralRangeVerification(locales: locales, randomPairs: rangePairs).run(progress: progress)
            let ends = PluralRangeVerification.ends.count
            return (
                report,
                SweepText(
                    title:
                        "plural-range verification: \(report.locales) locales (compiled: \(report.compiledFormatters)) × (\(ends)² fixed pairs + \(rangePairs) seeded random pairs)",
                    noun: nil,
                    lines: [
                        "compared with uplrules_selectForRange over unumrf_formatDecimalRange: \(report.compared) ranges; left to ICU by the compiled table (exponents, integers ≥ 2^53, fractions ≥ 10^9): \(report.leftToICU)"
                    ]
                )
            )
        }
    }

    /// `--verify-relative`: prints the counts, the fallbacks and the first mismatches (exit 1 on any).
    func runRelativeVerification() throws {
        try runSweep("verify-relative", limit: relativeLocales) { locales, progress in
            let report = RelativeVerification(locales: locales, randomValues: relativeValues).run(progress: progress)
            return (
                report,
                SweepText(
                    title: "relative verification: \(report.locales) locales × \(RelativeTimeStyle.allCases.count) styles",
                    lines: [
                        "values per compiled formatter: \(report.valuesPerFormatter) × \(RelativeTimeUnit.allCases.count) units × 2 modes (always, auto)",
                        "compared byte for byte with ICU: \(report.compared) calls; left to ICU by the compiled path: \(report.leftToICU)",
                    ]
                )
            )
        }
    }

    /// `--verify-compact`: prints the counts, the fallbacks and the first mismatches (exit 1 on any).
    func runCompactVerification() throws {
        try runSweep("verify-compact", limit: compactLocales) { locales, progress in
            let report = CompactVerification(locales: locales, valuesPerFormatter: compactValues).run(progress: progress)
            return (
                report,
                SweepText(
                    title: "compact verification: \(report.locales) locales × \(CompactVerification.skeletons.count) skeletons",
                    lines: [
                        "values: \(CompactVerification.edgeValues.count) edge values + \(compactValues) generated per formatter",
                        "compared byte for byte with unumf_formatDouble/unumf_formatInt: \(report.compared) formats; left to ICU by the compiled path (10^15 and above, NaN, ±∞): \(report.leftToICU); values of fallback formatters (ICU): \(report.fallbackValues)",
                    ]
                )
            )
        }
    }

    /// `--verify-segmentation`: prints the counts and the first mismatches (exit 1 on any).
    func runSegmentationVerification() throws {
        try runSweep("verify-segmentation", limit: segmentationLocales, named: segmentationLocale) { locales, progress in
            let verification = SegmentationVerification(locales: locales, randomTexts: segmentationTexts)
            let report = verification.run(progress: progress)
            let texts = verification.texts().count
            return (
                report,
                SweepText(
                    title:
                        "segmentation verification: \(report.locales) locales × 4 granularities, + \(report.keywordIterators) iterators with -u-lb-strict/loose/normal or -u-ss-standard",
                    noun: "iterators",
                    compiledNote: "(the shim runs their rules)",
                    lines: [
                        "texts per iterator: \(texts) (the empty text, \(SegmentationVerification.pieces.count + SegmentationVerification.dictionaryPieces.count) pieces alone, between letters, before a full stop and between digits, \(segmentationTexts) seeded random mixes, \(SegmentationVerification.thaiSentences.count) Thai sentences and \(verification.thaiTexts) seeded random Thai-heavy texts)",
                        "compared with ICU's ubrk over UTF-16 (UTF-8 and UTF-16 offsets and rule statuses): \(report.texts) texts, \(report.boundaries) boundaries",
                        "on the rules to the end: \(report.rulesTexts) texts (\(report.rulesBoundaries) boundaries); on the rules with Thai divided by the shim's Thai engine: \(report.thaiTexts) texts (\(report.thaiBoundaries) boundaries); handed over to ICU at a dictionary character: \(report.handedOverTexts) texts (\(report.handedOverBoundaries) boundaries); ICU alone (no rules): \(report.icuTexts) texts",
                    ]
                )
            )
        }
    }

    /// `--verify-date-intervals`: prints the counts, the fallbacks and the first mismatches (exit 1 on any).
    func runDateIntervalVerification() throws {
        try runSweep("verify-date-intervals", limit: intervalLocales) { locales, progress in
            let verification = DateIntervalVerification(locales: locales, randomPairs: intervalPairs)
            let report = verification.run(progress: progress)
            let pairs = verification.zones.map { "\($0) \(verification.pairs(zone: $0).count)" }.joined(separator: ", ")
            return (
                report,
                SweepText(
                    title:
                        "date interval verification: \(report.locales) locales × \(verification.skeletons.count) skeletons × \(verification.zones.count) zones",
                    compiledNote: "(\(report.partialFormatters) leave some field to ICU)",
                    lines: [
                        "pairs per formatter: \(pairs)",
                        "compared byte for byte with ICU: \(report.compared) calls; left to ICU by the compiled path: \(report.leftToICU)",
                    ],
                    examples: [("partly compiled", Array(report.partialExamples.prefix(20)))]
                )
            )
        }
    }

    /// `--verify-collation`: prints the counts and the first mismatches (exit 1 on any).
    func runCollationVerification() throws {
        try runSweep("verify-collation", limit: collationLocales) { locales, progress in
            let report = CollationVerification(locales: locales, pairs: collationPairs).run(progress: progress)
            return (
                report,
                SweepText(
                    title: "collation verification: \(report.locales) locales × \(CollationVerification.options.count) option combinations",
                    noun: "collators", compiledNote: "(their table writes sort keys)",
                    lines: [
                        "string pairs per collator: \(collationPairs); compared with ICU: \(report.compared), decided by the first code points: \(report.decided)",
                        "sort keys compared with ICU: \(report.keysCompared), written from the table: \(report.keysDecided); mismatches among them: \(report.keyMismatchCount)",
                    ]
                )
            )
        }
    }

    /// `--verify-numbers`: prints the counts and the first mismatches (exit 1 on any).
    func runNumberVerification() throws {
        try runSweep("verify-numbers", limit: numberLocales) { locales, progress in
            let verification = NumberVerification(locales: locales, valuesPerLocale: numberValues, rotateSkeletons: !everySkeletonEveryValue)
            let report = verification.run(progress: progress)
            let skeletons = report.fallbackSkeletons.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            return (
                report,
                SweepText(
                    title:
                        "number verification: \(report.locales) locales × \(NumberVerification.skeletons.count) skeletons + the locale's own currency",
                    lines: [
                        "values: \(numberValues) generated per locale (\(everySkeletonEveryValue ? "each to every skeleton" : "shared out among its skeletons in turn")) + \(NumberVerification.edgeValues.count) edge values per formatter",
                        "compared byte for byte with unumf_formatDouble/unumf_formatInt: \(report.compared) formats; left to ICU by the compiled path (NaN, ±∞): \(report.leftToICU); values of fallback formatters (ICU): \(report.fallbackValues)",
                    ],
                    trailer: skeletons.isEmpty
                        ? [] : ["skeletons that fell back (formatters): " + skeletons.prefix(25).map { "[\($0.key)] (\($0.value))" }.joined(separator: "; ")]
                )
            )
        }
    }

    func pluralRows(_ harness: BenchHarness) throws -> [BenchRow] {
        let rules = try PluralRules(locale: "ru")
        let integers: [Int64] = (0..<1024).map { Int64(($0 * 7919) % 100_000) }
        let swiftIntegers = integers.map { Int($0) }
        let integerRow = harness.row(
            name: "plural ru integer",
            parlance: { n in
                var sum = 0
                for i in 0..<n { sum &+= rules.category(for: swiftIntegers[i & 1023]) == .other ? 1 : 0 }
                blackHole(sum)
            },
            icu: { n in blackHole(RawICUBench.pluralSelectIntegers(rules, values: integers, iterations: n)) },
            peer: .numbers("pluralInteger", locale: "ru", integers.map(Double.init)),
            target: 40)
        let decimals = (0..<256).map { index -> String in
            let fractionDigits = index % 4
            let whole = (index * 7919) % 10_000
            return fractionDigits == 0
                ? String(whole)
                : "\(whole)." + String(String((index * 31) % 1000).prefix(fractionDigits)).padding(toLength: fractionDigits, withPad: "0", startingAt: 0)
        }
        let decimalRow = harness.row(
            name: "plural ru decimal string",
            parlance: { n in
                var sum = 0
                for i in 0..<n { sum &+= (try? rules.category(for: decimals[i & 255])) == .other ? 1 : 0 }
                blackHole(sum)
            },
            icu: { n in blackHole(RawICUBench.pluralSelectDecimals(rules, decimals: decimals, iterations: n)) },
            peer: PeerOperation(kind: "pluralDecimal", locale: "ru", inputs: decimals.map(PeerOperation.Input.text)),
            target: 120)
        return [integerRow, decimalRow]
    }

    func renderTable(_ rows: [BenchRow]) -> String {
        func ns(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "—" }
        func ratio(_ value: Double?) -> String { value.map { String(format: "%.2f×", $0) } ?? "—" }
        let header = [
            "operation", "Parlance", "raw ICU", "Foundation", "Node Intl", "Babel", "Parlance/ICU", "Foundation/P.", "Node/P.", "target",
        ]
        let body = rows.map { row in
            [
                row.name, ns(row.parlance), ns(row.icu), ns(row.foundation), ns(row.node), ns(row.babel), ratio(row.parlanceOverICU),
                ratio(row.foundationOverParlance), ratio(row.node.map { $0 / row.parlance }),
                row.target.map { "≤ \(Int($0)) ns" + (row.parlance <= $0 ? " ✓" : " ✗") } ?? "",
            ]
        }
        return Table(header: header, rows: body).rendered
    }

    func renderJSON(_ rows: [BenchRow], notes: [String: Double], peers: [PeerResult]) -> String {
        let objects = rows.map { row -> [String: Any] in
            var object: [String: Any] = ["operation": row.name, "parlanceNs": row.parlance]
            if let icu = row.icu { object["icuNs"] = icu }
            if let foundation = row.foundation { object["foundationNs"] = foundation }
            if let node = row.node { object["nodeIntlNs"] = node }
            if let babel = row.babel { object["babelNs"] = babel }
            // What each peer printed for input 1: evidence that it ran the same operation.
            let samples = peers.reduce(into: [String: String]()) { $0[$1.peer] = $1.samples[row.name] }
            if !samples.isEmpty { object["peerSamples"] = samples }
            if let target = row.target { object["targetNs"] = target }
            return object
        }
        let peerObjects = peers.map { peer -> [String: Any] in
            ["peer": peer.peer, "version": peer.version, "icu": peer.icu ?? "", "cldr": peer.cldr ?? ""]
        }
        let document: [String: Any] = ["rows": objects, "measurements": notes, "peers": peerObjects]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
