import ArgumentParser
import Foundation
import Parlance
import ParlanceBench

/// `parlance bench`: Parlance against raw ICU and Foundation, side by side in one run.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure ns/op of Parlance, raw ICU (C loop) and Foundation, side by side.",
        discussion: """
            Build in release mode for meaningful numbers:
              swift run -c release parlance bench
            Each figure is the median of several timed rounds after a warm-up.
            """
    )

    @Option(help: "Timed rounds per measurement (the median is reported).")
    var rounds = 7

    @Option(help: "Operations per round.")
    var iterations = 200_000

    @Option(help: "Run only the groups whose name contains this text (plural, number, date, relative, list, bidi, localize, threads, memory).")
    var only: String?

    @Flag(help: "Leave out the Foundation column (to profile Parlance alone).")
    var skipFoundation = false

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

    func run() throws {
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
        let groups: [(name: String, rows: () throws -> [BenchRow])] = [
            ("plural", { try pluralRows(harness) }),
            ("number", { try numberRows(harness) }),
            ("date", { [try dateRow(harness)] }),
            ("relative", { [try relativeRow(harness)] }),
            ("list", { [try listRow(harness)] }),
            ("bidi", { [bidiRow(harness)] }),
            ("localize", { [try localizeRow(harness)] }),
        ]
        for group in groups where only.map({ group.name.contains($0) }) ?? true {
            rows += try group.rows()
        }
        var notes: [String: Double] = [:]
        if only.map({ "threads".contains($0) }) ?? true {
            let scaling = try twoThreadScaling(iterations: iterations)
            notes["twoThreadScalingNumber"] = scaling.number
            notes["twoThreadScalingDate"] = scaling.date
        }
        if only.map({ "memory".contains($0) }) ?? true {
            let memory = try memorySweep()
            notes["memoryLocales"] = Double(memory.locales)
            notes["memoryFormatted"] = Double(memory.formatted)
            notes["memoryPeakRSSMB"] = memory.peakMB
            notes["memoryCachedFormatters"] = Double(memory.cached)
        }
        if json {
            print(renderJSON(rows, notes: notes))
        } else {
            print(renderTable(rows))
            if let number = notes["twoThreadScalingNumber"], let date = notes["twoThreadScalingDate"] {
                print(String(format: "two threads vs one (throughput): currency %.2f×, date %.2f× (target ≥ 1.70×)", number, date))
            }
            if let peak = notes["memoryPeakRSSMB"] {
                print(
                    String(
                        format:
                            "memory: %.0f formats (10 option sets × %.0f ICU locales), peak RSS %.1f MB (target < 150 MB), %.0f formatters cached (bound 2048)",
                        notes["memoryFormatted"] ?? 0, notes["memoryLocales"] ?? 0, peak, notes["memoryCachedFormatters"] ?? 0))
            }
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
            target: 120)
        return [integerRow, decimalRow]
    }

    func renderTable(_ rows: [BenchRow]) -> String {
        func ns(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "—" }
        func ratio(_ value: Double?) -> String { value.map { String(format: "%.2f×", $0) } ?? "—" }
        let header = ["operation", "Parlance ns/op", "raw ICU ns/op", "Foundation ns/op", "Parlance/ICU", "Foundation/Parlance", "target"]
        let body = rows.map { row in
            [
                row.name, ns(row.parlance), ns(row.icu), ns(row.foundation), ratio(row.parlanceOverICU),
                ratio(row.foundationOverParlance), row.target.map { "≤ \(Int($0)) ns" + (row.parlance <= $0 ? " ✓" : " ✗") } ?? "",
            ]
        }
        return Table(header: header, rows: body).rendered
    }

    func renderJSON(_ rows: [BenchRow], notes: [String: Double]) -> String {
        let objects = rows.map { row -> [String: Any] in
            var object: [String: Any] = ["operation": row.name, "parlanceNs": row.parlance]
            if let icu = row.icu { object["icuNs"] = icu }
            if let foundation = row.foundation { object["foundationNs"] = foundation }
            if let target = row.target { object["targetNs"] = target }
            return object
        }
        let document: [String: Any] = ["rows": objects, "measurements": notes]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
