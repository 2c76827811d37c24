import ParlanceVerification
import Testing

/// The report every `--verify-*` sweep fills and prints: its counts, how two locales' reports
/// add up, and the printed text the sweeps' closing notes quote.
@Suite("Sweep reports")
struct SweepReportTests {
    struct Counted: SweepDetails {
        var lists = 0
        init() {}
        mutating func merge(_ other: Self) { lists += other.lists }
    }

    @Test("comparisons, mismatches and fallbacks are counted; a few of each are described")
    func counting() {
        var report = SweepReport<Counted>()
        for index in 0..<8 { report.compare("value \(index)", compiled: index < 2 ? "b" : "a") { "a" } }
        report.compare("thrown", compiled: "a") { throw ICUFailure() }
        report.fallBack("xx [short]", reason: "pattern")
        report.lists += 3
        #expect(report.compared == 9)
        #expect(report.mismatchCount == 3)
        #expect(report.mismatches == [#"value 0: compiled "b", ICU "a""#, #"value 1: compiled "b", ICU "a""#, #"thrown: compiled "a", ICU "error failed""#])
        #expect(report.fallbackFormatters == ["pattern": 1])
        #expect(report.fallbackExamples == ["xx [short]: pattern"])
        #expect(report.details.lists == 3)
        for index in 0..<10 { report.mismatch("more \(index)") }
        #expect(report.mismatchCount == 13)
        #expect(report.mismatches.count == SweepReport<Counted>.examplesPerLocale)
    }

    @Test("merging adds every count and keeps the described cases up to the limit")
    func merging() {
        var total = SweepReport<Counted>()
        for _ in 0..<20 {
            var locale = SweepReport<Counted>()
            locale.locales = 1
            locale.formatters = 2
            locale.compiledFormatters = 1
            locale.fallBack("f", reason: "field")
            locale.compare("v", compiled: "x") { "y" }
            locale.leftToICU = 4
            locale.lists = 5
            total.merge(locale)
        }
        #expect(total.locales == 20)
        #expect(total.formatters == 40)
        #expect(total.compiledFormatters == 20)
        #expect(total.fallbackFormatters == ["field": 20])
        #expect(total.compared == 20)
        #expect(total.mismatchCount == 20)
        #expect(total.leftToICU == 80)
        #expect(total.lists == 100)
        #expect(total.mismatches.count == 20)
    }

    @Test("the printed report: title, compiled formatters, the sweep's lines, mismatches and the examples")
    func rendering() {
        var report = SweepReport<Counted>()
        report.locales = 2
        report.formatters = 4
        report.compiledFormatters = 3
        report.fallBack("de long", reason: "field not compiled")
        report.compare("de short 3", compiled: "3 Tage") { "3 Tg." }
        report.seconds = 2.4
        let text = report.rendered(
            SweepText(
                title: "list verification: 2 locales × 2 widths", compiledNote: "(with an ICU context rule: none)",
                lines: ["compared byte for byte with ICU: \(report.compared) lists"], examples: [("partly compiled", ["de x"])],
                trailer: ["last line"]))
        #expect(
            text.split(separator: "\n") == [
                "list verification: 2 locales × 2 widths = 4 formatters",
                "  compiled: 3 formatters (with an ICU context rule: none); fallback to ICU: 1 (1 field not compiled)",
                "  compared byte for byte with ICU: 1 lists",
                "  mismatches: 1 (2 s)",
                "  fallback: de long: field not compiled",
                "  partly compiled: de x",
                #"  mismatch: de short 3: compiled "3 Tage", ICU "3 Tg.""#,
                "  last line",
            ])
        let untitled = SweepReport<NoSweepDetails>().rendered(SweepText(title: "plural-range verification: 0 locales", noun: nil, lines: []))
        #expect(untitled == "plural-range verification: 0 locales\n  mismatches: 0 (0 s)")
    }
}

private struct ICUFailure: Error, CustomStringConvertible {
    var description: String { "failed" }
}
