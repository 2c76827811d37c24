import Foundation
import Parlance
import ParlanceBatch
import Testing

/// The CLI as a newcomer meets it: the help lists the batch operations, usage errors say what
/// is valid and how to pass negative numbers, exit statuses are the documented ones, and the
/// showcase fits 120 terminal columns with wide characters aligned.
@Suite("CLI usability")
struct CLIUsabilityTests {
    @Test("a negative number before -- is a usage error (64) that mentions --")
    func negativeNumbers() throws {
        let result = try CLI.run(["format", "number", "de", "-5"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(#"Put negative numbers after "--""#))
        let fixed = try CLI.run(["format", "number", "de", "--", "-5"])
        #expect(fixed.status == 0 && fixed.stdout == "-5\n")
    }

    @Test(
        "an unknown enum value lists the valid ones, exit 64",
        arguments: [
            (["format", "relative", "fr", "--", "-1", "fortnight"], ["year", "quarter", "month", "week", "day", "hour", "minute", "second"]),
            (["format", "list", "es", "--width", "huge", "a"], ["wide", "short", "narrow"]),
            (["format", "number", "en", "1", "--notation", "tiny"], ["standard", "scientific", "engineering", "compact-short", "compact-long"]),
            (["format", "currency", "en", "1", "EUR", "--display", "logo"], ["symbol", "narrow-symbol", "iso-code", "name"]),
            (["format", "date", "en", "0", "--date-style", "tiny"], ["none", "full", "long", "medium", "short"]),
        ])
    func enumValues(arguments: [String], valid: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        for value in valid {
            #expect(result.stderr.contains("'\(value)'") || result.stderr.contains("- \(value)"), "\(value) in \(result.stderr)")
        }
    }

    @Test("documented exit statuses: 0, 1 for rejected input, 64 for usage")
    func exitStatuses() throws {
        #expect(try CLI.run(["plural", "ru", "21"]).status == 0)
        #expect(try CLI.run(["plural", "en US", "1"]).status == 1)
        #expect(try CLI.run(["format", "number", "de", "1,5"]).status == 1)
        #expect(try CLI.run(["plural", "ru", "21", "--bogus"]).status == 64)
        #expect(try CLI.run(["nonsense"]).status == 64)
    }

    @Test("batch --help lists every operation and its fields")
    func batchHelp() throws {
        let help = try CLI.run(["batch", "--help"]).stdout
        let operations = BatchEngine().operations
        #expect(operations.count >= 10)
        for op in operations {
            #expect(help.contains("  \(op) "), "\(op) missing from batch --help")
        }
        for field in ["locale", "number", "skeleton", "timeZone", "items", "available", "requested", "key"] {
            #expect(help.contains(field))
        }
    }

    /// Widths from UAX #11 (EastAsianWidth.txt): ideographs, kana and Hangul are W, Latin and
    /// Cyrillic N/A, U+0301 a nonspacing mark.
    @Test(
        "display width by East Asian Width",
        arguments: [
            ("日本語", 6), ("Français", 8), ("e\u{301}", 1), ("한국어", 6), ("ｱ", 1), ("Ａ", 2), ("Привет", 6),
            ("العربية", 7), ("中文（台灣）", 12), ("", 0), ("👍", 2), ("a\u{200B}b", 2),
        ])
    func displayWidth(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test("showcase: every line fits 120 columns, CJK cells aligned, fallback rows marked")
    func showcase() throws {
        let result = try CLI.run(["showcase"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines where DisplayWidth.of(line) > 120 {
            Issue.record("\(DisplayWidth.of(line)) columns: \(line)")
        }
        // In the locale table, the column after each own name starts at the same column.
        let localeRows = lines.filter { $0.hasPrefix("ja ") || $0.hasPrefix("fr ") || $0.hasPrefix("zh-TW ") }
            .filter { $0.contains("Japanese") || $0.contains("French") || $0.contains("Chinese (Taiwan)") }
        #expect(localeRows.count == 3)
        let columns = localeRows.map { row -> Int in
            let english = ["Japanese", "French", "Chinese (Taiwan)"].first { row.contains($0) }!
            return DisplayWidth.of(row[..<row.range(of: english)!.lowerBound])
        }
        #expect(Set(columns).count == 1, "\(localeRows)")
        #expect(result.stdout.contains("ja *"))
        #expect(result.stdout.contains("* not translated into this language"))
    }

    @Test("parlance locale aligns keys by display width")
    func localeCommand() throws {
        let result = try CLI.run(["locale", "ja", "--in", "ja,zh"])
        #expect(result.status == 0)
        let valueColumns = result.stdout.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "  ", options: .backwards) else { return nil }
            return DisplayWidth.of(line[..<range.upperBound])
        }
        #expect(Set(valueColumns).count == 1, "\(result.stdout)")
    }
}
