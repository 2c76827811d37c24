import Foundation
import ParlanceTestSupport
import Testing

@testable import Parlance

/// `PARLANCE_ICU_ONLY=1` turns every compiled path off and leaves the output as it was. The
/// variable is read once per process, so the test runs this test bundle again as a child with
/// the variable set, filtered to ``ICUOnlyChildTests``, which check the paths from inside.
@Suite("PARLANCE_ICU_ONLY")
struct ICUOnlyTests {
    @Test("a process started with PARLANCE_ICU_ONLY=1 formats through ICU alone, with the same output")
    func childProcess() throws {
        // In this process the compiled paths are on.
        #expect(!FormattingPaths.icuOnly)
        #expect(try ICUNumberFormatter(skeleton: "", locale: "de").compiled != nil)
        #expect(try DateIntervalFormat(locale: "de", skeleton: "yMMMd").icu.compiled != nil)
        #expect(try Segmenter(locale: "en", granularity: .word).segments(of: "Hi there").makeIterator().cursor.path == .rules)
        var environment = ProcessInfo.processInfo.environment
        environment[FormattingPaths.environmentVariable] = "1"
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
        let child = try ChildProcess.run(
            bundle, ["--testing-library", "swift-testing", "--filter", "ICUOnlyChildTests"], environment: environment)
        let output = child.stdout + child.stderr
        #expect(child.status == 0, "\(output.suffix(3000))")
        // The child's suite ran (it is skipped where the variable is unset) and passed.
        #expect(output.contains("ICUOnlyChildTests") && output.contains("passed"), "\(output.suffix(3000))")
        #expect(!output.contains("skipped"), "\(output.suffix(3000))")
    }
}

/// Runs only in the child process of ``ICUOnlyTests``.
@Suite(.enabled(if: FormattingPaths.icuOnly, "runs in a child process with PARLANCE_ICU_ONLY=1"))
struct ICUOnlyChildTests {
    @Test func everyCompiledPathIsOffAndTheOutputIsCLDRs() throws {
        let number = try ICUNumberFormatter(skeleton: "", locale: "de")
        #expect(number.compiled == nil && number.fallback == .disabled)
        #expect(1234.5.formatted(.parlance.number.locale("de")) == "1.234,5")
        #expect(1234567.formatted(.parlance.number.locale("hi-IN")) == "12,34,567")
        let compact = try ICUNumberFormatter(skeleton: "compact-short", locale: "de")
        #expect(compact.compiledCompact == nil && compact.compactFallback == .disabled)
        #expect(try NumberFormat(locale: "de", skeleton: "compact-short").format(-1_500_000.0) == "-1,5\u{A0}Mio.")

        let date = try ICUDateFormatter.cached(locale: "de", spec: .skeleton("yMMMdjm"), zone: "UTC")
        #expect(date.compiled == nil && date.fallback == .disabled)
        let instant = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(instant.formatted(.parlance.date(skeleton: "yMMMd").locale("en-US").timeZone(.utc)) == "Nov 14, 2023")

        let list = try ICUListFormatter.cached(locale: "es", type: ListType.and.icu, width: ListWidth.wide.icu)
        #expect(list.compiled == nil && list.fallback == .disabled)
        // Spanish "y" becomes "e" before an /i/ sound (CLDR's contextual list rule for es).
        #expect(["padres", "hijos"].formatted(.parlance.list.locale("es")) == "padres e hijos")

        // Plural categories come from ICU's selection, fraction digits included (CLDR: ru 21 is
        // one, 1.5 other; en "1.0" other).
        let ru = try PluralRules(locale: "ru")
        #expect(ru.category(for: 21) == .one && ru.category(for: 5) == .many && ru.category(for: 1.5) == .other)
        #expect(try PluralRules(locale: "en").category(for: "1.0") == .other)
        #expect(try PluralOperands("1.50").plainDecimal == "1.50")
        #expect(try PluralOperands("2.05").plainDecimal == "2.05")

        // Messages, relative times and plural ranges: ICU formats and selects.
        let files = try MessageFormat("{n, plural, one {# Datei} other {# Dateien}}", locale: "de")
        #expect(files.plan == nil && files.planFallback == .disabled)
        #expect(try files.format(["n": 1]) == "1 Datei" && files.format(["n": 1234]) == "1.234 Dateien")
        let relative = try RelativeTimeFormat(locale: "de")
        #expect(relative.icu.compiled == nil && relative.icu.fallback == .disabled)
        #expect(try relative.format(-3.0, .day) == "vor 3 Tagen")
        // Date intervals: ICU formats them.
        let interval = try DateIntervalFormat(locale: "de", skeleton: "yMMMd")
        #expect(interval.icu.compiled == nil && interval.icu.fallback == .disabled)
        #expect(try interval.format(epochMilliseconds: 1_699_920_000_000, to: 1_700_179_200_000) == "14.–17. Nov. 2023")
        // CLDR's plural ranges: ru one–few is few, en one–other is other.
        #expect(try NumberRangeFormat(locale: "ru").pluralCategory(DecimalNumber("1"), DecimalNumber("2")) == .few)
        #expect(try NumberRangeFormat(locale: "en").pluralCategory(DecimalNumber("1"), DecimalNumber("2")) == .other)
        // Sort keys: ICU writes them, with its terminating zero byte (the table of collation
        // elements, which writes none, is not used), and a sort by them is the comparison sort's.
        let sv = Collator(locale: "sv")
        var name = "Åsa Öberg"
        let icuKey = try name.withUTF8 { bytes throws(ICUStatusError) in try sv.icu.sortKey(bytes) }
        #expect(try sv.sortKey(name) == icuKey)
        var free = [UInt8](repeating: 0xAA, count: 256)
        let written = name.withUTF8 { text in free.withUnsafeMutableBufferPointer { sv.icu.writeSortKey(text, into: $0) } }
        guard case .written(let length) = written else {
            Issue.record("no key written: \(written)")
            return
        }
        #expect(Array(free[..<length]) == icuKey && free[length] == 0)
        #expect(["Öberg", "Zander", "Åberg", "Abel"].sorted(using: sv) == ["Abel", "Zander", "Åberg", "Öberg"])
        // Segmentation: ICU's iterator over the widened text, never the shim's run of its rules,
        // with the same segments.
        let words = try Segmenter(locale: "en", granularity: .word)
        #expect(try words.segments(of: "Hi there").makeIterator().cursor.path == .icu)
        #expect(try words.segments(of: "Hi, there 3.5!").map { String($0.text) } == ["Hi", ",", " ", "there", " ", "3.5", "!"])
    }
}
