#if YAML
import Foundation
import ParlanceLocalization
import Testing

@testable import ParlanceYAML

@Suite("YAML duplicate keys: reported in two parses")
struct YAMLDuplicateKeyTests {
    static let mixed = """
        en:
          a: "1"
          a: "2"
          nested:
            x: one
            y: |
              block
              x: not a key
            x: two
          "quoted": q1
          quoted: q2
          'it''s': s1
          "it's": s2
          list:
            - k: 1
              k: 2
            - k: 3
          flow: {f: 1, f: 2}
          multi: "line one
            a: not a key"
          a: "3"
        fr:
          a: "x"
          a: "y"

        """

    static func summary(_ file: LocaleKeyedFile) -> (entries: [String], diagnostics: [String]) {
        let entries = file.sections.flatMap { section in
            section.records.map { record -> String in
                if case .text(let text) = record.content { return "\(section.name) \(record.key)=\(text.text)@\(record.location)" }
                return "\(section.name) \(record.key)"
            }
        }
        return (entries, file.diagnostics.map { "\($0.line):\($0.column) \($0.code) \($0.message)" }.sorted())
    }

    @Test func thePreScanFindsWhatTheLoopFindsInFewerParses() throws {
        let reader = YAMLFileReader(budget: YAMLCatalogBudget())
        let scanned = reader.readText(Self.mixed, file: "mixed.yml")
        let looped = reader.readText(Self.mixed, file: "mixed.yml", prescan: false)
        let (entries, diagnostics) = Self.summary(scanned.file)
        #expect(entries == Self.summary(looped.file).entries)
        #expect(diagnostics == Self.summary(looped.file).diagnostics)
        // Every earlier occurrence, at its own position in the file, naming the winner's.
        #expect(
            diagnostics
                == [
                    "2:3 duplicate-key duplicate key 'a': defined again at mixed.yml:21:3, which wins",
                    "3:3 duplicate-key duplicate key 'a': defined again at mixed.yml:21:3, which wins",
                    "5:5 duplicate-key duplicate key 'x': defined again at mixed.yml:9:5, which wins",
                    "10:3 duplicate-key duplicate key 'quoted': defined again at mixed.yml:11:3, which wins",
                    "12:3 duplicate-key duplicate key 'it's': defined again at mixed.yml:13:3, which wins",
                    "15:7 duplicate-key duplicate key 'k': defined again at mixed.yml:16:7, which wins",
                    "18:10 duplicate-key duplicate key 'f': defined again at mixed.yml:18:16, which wins",
                    "23:3 duplicate-key duplicate key 'a': defined again at mixed.yml:24:3, which wins",
                ].sorted(), "\(diagnostics)")
        #expect(entries.contains("en a=3@mixed.yml:21:6"))
        #expect(entries.contains("en list.0.k=2@mixed.yml:16:10"))
        #expect(entries.contains("en flow.f=2@mixed.yml:18:19"))
        #expect(entries.contains("en multi=line one a: not a key@mixed.yml:19:10"))
        #expect(entries.contains("en nested.y=block\nx: not a key\n@mixed.yml:6:8"))
        #expect(entries.contains("fr a=y@mixed.yml:24:6"))
        // The loop parses once per duplicate; the pre-scan marks all block-mapping ones at once
        // (the flow mapping's is found by one more parse).
        #expect(looped.parses == 9)
        #expect(scanned.parses == 3)
    }

    @Test func manyDuplicatesTakeTwoParses() throws {
        var text = "en:\n"
        for index in 0..<600 { text += "  group\(index):\n    title: \"first \(index)\"\n    title: \"second \(index)\"\n" }
        let read = YAMLFileReader(budget: YAMLCatalogBudget()).readText(text, file: "many.yml")
        #expect(read.parses == 2)
        #expect(read.file.diagnostics.count == 600)
        #expect(read.file.diagnostics.allSatisfy { $0.code == "duplicate-key" && $0.column == 5 })
        #expect(read.file.diagnostics.map(\.line).sorted() == (0..<600).map { 3 + 3 * $0 })
        #expect(read.file.sections.first?.records.count == 600)
        if case .text(let value)? = read.file.sections.first?.records.last?.content { #expect(value.text == "second 599") } else { Issue.record("no text") }
        // Past the budget the file is refused, located, as before.
        let small = YAMLFileReader(budget: YAMLCatalogBudget(maximumDuplicateKeys: 10)).readText(text, file: "many.yml")
        #expect(small.file.sections.isEmpty && small.file.diagnostics.map(\.code) == ["duplicate-key"])
        #expect(small.file.diagnostics.first?.line == 3 && small.file.diagnostics.first?.column == 5)
    }

    /// A duplicate the marker cannot reach (reported again where it was marked) ends the
    /// reading at once, located, instead of one parse per marker up to the duplicate budget (a
    /// 292-byte file found by FuzzYAML took a minute that way); and past the parse bound, a
    /// file of duplicates the pre-scan cannot see is refused.
    @Test func unrecoverableDuplicatesStopAtOnce() throws {
        let saved = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Regressions/FuzzYAML/duplicate-key-unrecoverable")
        let fuzzed = try String(contentsOf: saved, encoding: .utf8)
        let read = YAMLFileReader(budget: YAMLCatalogBudget()).readText(fuzzed, file: "fuzzed.yml")
        #expect(read.parses <= 3, "\(read.parses) parses")
        #expect(read.file.sections.isEmpty)
        #expect(read.file.diagnostics.last?.code == "duplicate-key" && (read.file.diagnostics.last?.line ?? 0) >= 1, "\(read.file.diagnostics)")
        // Forty duplicates in flow mappings, which the pre-scan does not read: refused after
        // the bound, not parsed forty times.
        var flow = "en:\n"
        for index in 0..<40 { flow += "  g\(index): {t: \"a\", t: \"b\"}\n" }
        let bounded = YAMLFileReader(budget: YAMLCatalogBudget()).readText(flow, file: "flow.yml")
        #expect(bounded.parses == YAMLFileReader.maximumParses)
        #expect(bounded.file.diagnostics.last?.code == "duplicate-key")
    }

    /// A key the pre-scan marked that has no later equal key in its mapping is kept, not dropped.
    @Test func aMarkedKeyWithoutLaterTwinIsRestored() throws {
        var insertions = YAMLFileReader.Insertions()
        let marked = try #require(YAMLFileReader.mark("en:\n  lonely: \"v\"\n  other: \"w\"\n", [(2, 3)], insertions: &insertions))
        let marker = "x\u{2063}parlance-duplicate\u{2063}2:3\u{2063}parlance-duplicate\u{2063}"
        #expect(marked == "en:\n  \(marker)lonely: \"v\"\n  other: \"w\"\n")
        // Positions after the marker map back to the file's.
        #expect(insertions.original(line: 2, column: 11 + marker.unicodeScalars.count) == 11)
        #expect(insertions.original(line: 2, column: 3) == 3 && insertions.original(line: 3, column: 9) == 9)
        let read = YAMLFileReader(budget: YAMLCatalogBudget()).readText(marked, file: "lonely.yml")
        #expect(read.file.diagnostics.isEmpty, "\(read.file.diagnostics)")
        #expect(read.file.sections.first?.records.map(\.key) == ["lonely", "other"])
    }

    @Test func thePreScanReadsOnlyBlockKeys() {
        let text = """
            en:
              a: 1
              b: |
                a: in a block scalar
              c: [a, "b: x"]
              a: 2
              - x: 1
              'q': 1
              "q": 2
            """
        let found = YAMLFileReader.duplicateKeyCandidates(text).map { "\($0.line):\($0.column)" }
        #expect(found == ["2:3", "8:3"])
    }
}
#endif
