import Foundation
import Testing

@testable import Parlance
@testable import ParlanceLocalization

@Suite("Malformed files: located errors")
struct MalformedFileTests {
    static let validStringsdict = ExampleCatalog.text("en.lproj/Localizable.stringsdict")

    /// Returns the error message of a failing read, checking it is `invalid-file` and located.
    func located(
        _ body: () throws -> Void, file: String, line: Int, column: Int? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        do {
            try body()
            Issue.record("expected an error", sourceLocation: sourceLocation)
            return ""
        } catch let error as ParlanceError {
            #expect(error.code == .invalidFile, sourceLocation: sourceLocation)
            let prefix = column.map { "\(file):\(line):\($0):" } ?? "\(file):\(line):"
            #expect(error.message.hasPrefix(prefix), "\(error.message)", sourceLocation: sourceLocation)
            return error.message
        } catch {
            Issue.record("not a ParlanceError: \(error)", sourceLocation: sourceLocation)
            return ""
        }
    }

    /// The 1-based line of the first line containing `needle`.
    func lineNumber(of needle: String, in text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(where: { $0.contains(needle) }) ?? -1) + 1
    }

    @Test(".strings syntax errors name line and column")
    func strings() {
        _ = located(
            { () throws in _ = try StringsFile(text: "\"a\" = \"b\"\n\"c\" = \"d\";", file: "x.strings") },
            file: "x.strings", line: 2, column: 1)
        _ = located(
            { () throws in _ = try StringsFile(text: "/* open\n\"a\" = \"b\";", file: "x.strings") },
            file: "x.strings", line: 1, column: 1)
        _ = located(
            { () throws in _ = try StringsFile(text: "\"a\" = \"unterminated;\n", file: "x.strings") },
            file: "x.strings", line: 1, column: 7)
        _ = located(
            { () throws in _ = try StringsFile(bytes: [0x22, 0xC3, 0x28], file: "bad.strings") },
            file: "bad.strings", line: 1, column: 2)
        _ = located(
            { () throws in _ = try StringsFile(text: "\"a\" = \"\\UD800x\";", file: "x.strings") },
            file: "x.strings", line: 1, column: 8)
    }

    @Test("UTF-16 text with an odd number of bytes is located where the half unit begins")
    func oddUTF16() throws {
        for (bom, littleEndian) in [([UInt8]([0xFE, 0xFF]), false), ([0xFF, 0xFE], true)] {
            // Two lines of UTF-16, then one stray byte.
            let units = Array("\"a\" = \"b\";\n\"c\"".utf16)
            let body = units.flatMap { littleEndian ? [UInt8($0 & 0xFF), UInt8($0 >> 8)] : [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            let error = #expect(throws: CatalogDiagnostic.self) { try TextDecoding.decode(bom + body + [0x41], file: "odd.strings") }
            #expect(error?.line == 2 && error?.column == 4, "\(String(describing: error))")
            #expect(error?.message.contains("half a code unit") == true)
            // The byte-order mark and one byte: line 1, column 1.
            let short = #expect(throws: CatalogDiagnostic.self) { try TextDecoding.decode(bom + [0x33], file: "odd.strings") }
            #expect(short?.line == 1 && short?.column == 1)
        }
    }

    @Test(".strings duplicates are reported, the last value wins")
    func duplicates() throws {
        let file = try StringsFile(text: "\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";\n", file: "d.strings")
        #expect(file.entries["a"] == "3")
        #expect(file.diagnostics.map(\.description) == ["d.strings:3:1: duplicate key \"a\" (first at line 1); the last value wins"])
    }

    @Test(".stringsdict: truncated XML names line and column")
    func truncated() {
        let text = Self.validStringsdict
        let cut = String(text.prefix(text.count / 2))
        let message = located(
            { () throws in _ = try StringsdictFile(bytes: Array(cut.utf8), file: "t.stringsdict") },
            file: "t.stringsdict", line: cut.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(message.contains("malformed XML"))
        let mismatched = text.replacingOccurrences(of: "<string>%d item</string>", with: "<string>%d item</strin>")
        let message2 = located(
            { () throws in _ = try StringsdictFile(bytes: Array(mismatched.utf8), file: "m.stringsdict") },
            file: "m.stringsdict", line: lineNumber(of: "%d item</strin>", in: mismatched))
        #expect(message2.contains("expected </string>"))
    }

    @Test(".stringsdict: wrong types are located at their key")
    func wrongTypes() throws {
        let text = Self.validStringsdict
        let integer = text.replacingOccurrences(of: "<string>%d item</string>", with: "<integer>3</integer>")
        let lines = integer.split(separator: "\n", omittingEmptySubsequences: false)
        let oneLine = try #require(lines.firstIndex(where: { $0.contains("<key>one</key>") })) + 1
        // One malformed entry is skipped with a located diagnostic; the file loads.
        let wrong = try StringsdictFile(bytes: Array(integer.utf8), file: "w.stringsdict")
        #expect(wrong.entries["items.count"] == nil)
        #expect(wrong.entries.count == SampleCatalogEntries.count(in: text) - 1)
        let diagnostic = try #require(wrong.diagnostics.first)
        #expect(diagnostic.line == oneLine && diagnostic.key == "items.count" && diagnostic.code == "malformed-entry")
        #expect(diagnostic.message.contains("must be a string, found a number"))
        // An entry without `other` loads, as on Apple platforms (lint reports it).
        let noOther = text.replacingOccurrences(of: "<key>other</key>\n            <string>%d items</string>", with: "")
        #expect(noOther != text)
        let withoutOther = try StringsdictFile(bytes: Array(noOther.utf8), file: "o.stringsdict")
        #expect(withoutOther.diagnostics.isEmpty)
        guard case .plural(let entry)? = withoutOther.entries["items.count"] else {
            Issue.record("no entry")
            return
        }
        #expect(try entry.format(language: "en", locale: "en", arguments: [2]) == "2 item")  // no `other`: the first variant
        var badType = text
        badType.replaceSubrange(badType.range(of: "<string>d</string>")!, with: "<string>k</string>")
        let bad = try StringsdictFile(bytes: Array(badType.utf8), file: "k.stringsdict")
        #expect(bad.diagnostics.map(\.line) == [lineNumber(of: "<string>k</string>", in: badType) - 1])
        #expect(bad.diagnostics.first?.message.contains("unknown format specifier") == true)
        let array = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<array><string>x</string></array>\n</plist>\n"
        #expect(
            located(
                { () throws in _ = try StringsdictFile(bytes: Array(array.utf8), file: "a.stringsdict") },
                file: "a.stringsdict", line: 3, column: 1
            ).contains("expected a dictionary"))
    }

    @Test(".stringsdict: binary property lists work through Foundation")
    func binary() throws {
        let object = try PropertyListSerialization.propertyList(from: Data(Self.validStringsdict.utf8), options: [], format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let file = try StringsdictFile(bytes: Array(binary), file: "b.stringsdict")
        guard case .plural(let entry)? = file.entries["items.count"] else {
            Issue.record("no entry")
            return
        }
        #expect(try entry.format(language: "en", locale: "en", arguments: [2]) == "2 items")
    }

    @Test(".xcstrings: invalid JSON and wrong types are located")
    func xcstrings() throws {
        let text = ExampleCatalog.shopCatalog
        let cut = String(text.prefix(300))
        _ = located(
            { () throws in _ = try StringCatalogFile(bytes: Array(cut.utf8), file: "c.xcstrings") },
            file: "c.xcstrings", line: cut.split(separator: "\n", omittingEmptySubsequences: false).count)
        let comma = text.replacingOccurrences(of: "\"version\" : \"1.0\"", with: ",")
        _ = located(
            { () throws in _ = try StringCatalogFile(bytes: Array(comma.utf8), file: "c.xcstrings") },
            file: "c.xcstrings", line: lineNumber(of: "\"Welcome to the shop\"", in: comma) + 6)
        let number = text.replacingOccurrences(of: "\"value\" : \"Tap to pay\"", with: "\"value\" : 42")
        let lines = number.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex(where: { $0.contains(": 42") })) + 1
        let numbered = try StringCatalogFile(bytes: Array(number.utf8), file: "n.xcstrings")
        let skipped = try #require(numbered.diagnostics.first)
        #expect(skipped.line == line && skipped.message.contains("\"value\" must be a string, found a number"))
        #expect(numbered.keys.count == (try StringCatalogFile(bytes: Array(text.utf8), file: "t.xcstrings")).keys.count)
        // A malformed format is the translation's problem, found by lint and at lookup, not by the reader.
        let specifier = text.replacingOccurrences(of: "\"Pay now\"", with: "\"Pay %y now\"")
        #expect(try StringCatalogFile(bytes: Array(specifier.utf8), file: "s.xcstrings").diagnostics.isEmpty)
        let argNum = text.replacingOccurrences(of: "\"argNum\" : 2", with: "\"argNum\" : \"two\"")
        let badArgNum = try StringCatalogFile(bytes: Array(argNum.utf8), file: "g.xcstrings")
        #expect(badArgNum.diagnostics.first?.line == lineNumber(of: "\"two\"", in: argNum))
        #expect(badArgNum.diagnostics.first?.message.contains("argNum") == true)
        // Strict JSON numbers.
        let sloppy = text.replacingOccurrences(of: "\"argNum\" : 2", with: "\"argNum\" : 1.0.0--e")
        _ = located(
            { () throws in _ = try StringCatalogFile(bytes: Array(sloppy.utf8), file: "j.xcstrings") },
            file: "j.xcstrings", line: lineNumber(of: "1.0.0--e", in: sloppy))
    }

    @Test(".xcstrings: plain strings, escaped strings and the columns after non-ASCII text")
    func xcstringsStringsAndColumns() throws {
        // Plain strings are taken from the file in one piece, escaped ones scalar by scalar:
        // both give the decoded text, and columns count scalars (not bytes) either way.
        let lines = [
            "{",
            "  \"sourceLanguage\" : \"en\",",
            "  \"strings\" : {",
            "    \"clé ünï — 𝄞\" : { \"localizations\" : { \"fr\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Déjà vu — ½ 𝄞\" } } } },",
            "    \"q\\\"uote\" : { \"localizations\" : { \"fr\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"a \\\"b\\\" \\u00e9 \\ud834\\udd1e\" } } } }",
            "  },",
            "  \"version\" : \"1.0\"",
            "}",
        ]
        let catalog = try StringCatalogFile(bytes: Array(lines.joined(separator: "\n").utf8), file: "u.xcstrings")
        #expect(catalog.diagnostics.isEmpty)
        let french = try #require(catalog.records["fr"])
        #expect(french.map(\.key) == ["clé ünï — 𝄞", "q\"uote"])
        #expect(french.map { if case .text(let text) = $0.content { text.text } else { "" } } == ["Déjà vu — ½ 𝄞", "a \"b\" é 𝄞"])
        // The located node is the localization's object: its `{` after `"fr" : `, counted in scalars.
        for (record, line) in zip(french, [4, 5]) {
            let written = lines[line - 1]
            let brace = try #require(written.range(of: "\"fr\" : {")).upperBound
            #expect(record.location.line == line)
            #expect(record.location.column == written.unicodeScalars.distance(from: written.startIndex, to: brace), "\(record.key)")
        }
        // A raw control character inside a string is an error at its place.
        let tab = lines.joined(separator: "\n").replacingOccurrences(of: "Déjà vu", with: "Déjà\tvu")
        let beforeTab = try #require(tab.split(separator: "\n")[3].split(separator: "\t", maxSplits: 1).first)
        let tabColumn = beforeTab.unicodeScalars.count + 1
        let message = located(
            { () throws in _ = try StringCatalogFile(bytes: Array(tab.utf8), file: "t.xcstrings") }, file: "t.xcstrings", line: 4, column: tabColumn)
        #expect(message.contains("a control character inside a string"))
    }

    @Test("a malformed catalog value names its file and key when used")
    func badValueInCatalog() throws {
        let directory = NSTemporaryDirectory() + "parlance-bad-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: directory + "/en.lproj", withIntermediateDirectories: true)
        try Data("\"bad\" = \"%k\";\n\"n\" = \"%n\";".utf8).write(to: URL(fileURLWithPath: directory + "/en.lproj/Localizable.strings"))
        let catalog = try Catalog(directory: directory)
        let error = try #require(throws: ParlanceError.self) { try catalog.localizedString("bad", locale: "en") }
        #expect(error.code == .invalidFile)
        #expect(error.message.contains("Localizable.strings") && error.message.contains("\"bad\""))
        // No development-language value can be used either: the key itself.
        #expect(catalog.string("bad", locale: "en") == "bad")
        #expect(throws: ParlanceError.self) { try catalog.localizedString("n", locale: "en") }
    }
}

/// Counts the entries of a stringsdict text (its top-level keys), independently of the reader.
enum SampleCatalogEntries {
    static func count(in text: String) -> Int {
        let object = try? PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        return (object as? [String: Any])?.count ?? -1
    }
}
