import Foundation
import Parlance
import ParlanceTestSupport
import Testing

@testable import ParlanceLocalization

/// `parlance export --xliff`, `parlance import --xliff` and `parlance convert --to xliff`,
/// run as the built binary: export, edit a target as a translator does, import, and read the
/// catalog back.
@Suite struct XLIFFCommandTests {
    static func parlance(_ arguments: [String]) throws -> ChildProcessResult {
        let result = try ChildProcess.parlance(arguments)
        return result
    }

    static func replace(_ old: String, with new: String, in path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try #require(text.contains(old), "\(old) is not in \(path):\n\(text)")
        try XLIFFFixtures.write(text.replacingOccurrences(of: old, with: new), to: path)
    }

    /// An `.lproj` catalog: export French, change one target, import; the French `.strings`
    /// gets the new text, keeps its comments, and the plural (whose value type XLIFF does not
    /// carry) formats as before.
    @Test func lprojExportEditImport() throws {
        let catalogDirectory = try XLIFFFixtures.copy(XLIFFFixtures.app)
        let out = try XLIFFFixtures.temporary("xliff-out")
        let before = try Catalog(directory: catalogDirectory)
        let exported = try Self.parlance(["export", "--xliff", catalogDirectory, "--out", out])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout == "\(out)/fr.xliff\n")
        #expect(try XLIFFFixtures.xmllintProblem(out + "/fr.xliff") == nil)
        try Self.replace("<target>OK</target>", with: "<target state=\"translated\">D’accord</target>", in: out + "/fr.xliff")

        let imported = try Self.parlance(["import", "--xliff", out + "/fr.xliff", "--into", catalogDirectory])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("imported 4 translated keys into Localizable (fr)\n"), "\(imported.stdout)")
        let after = try Catalog(directory: catalogDirectory)
        #expect(after.diagnostics.isEmpty, "\(after.diagnostics)")
        #expect(try after.localizedString("ok", locale: "fr") == "D’accord")
        #expect(try after.localizedString("quote", locale: "fr") == "Dis « salut » & <salue>")
        for count in [1, 2, 1_000_000] {
            #expect(
                try after.localizedString("items.count", locale: "fr", arguments: [count])
                    == before.localizedString("items.count", locale: "fr", arguments: [count]))
        }
        let plural = try #require(after.entry(forKey: "items.count", locale: "fr"))
        guard case .plural(_, let variables) = plural.content else {
            Issue.record("items.count is not a plural")
            return
        }
        #expect(variables.first?.valueType == "ld")
        let comments = StringsFile.comments(ofFile: catalogDirectory + "/fr.lproj/Localizable.strings")
        #expect(comments["greeting"] == "Greeting on the home screen")
        // The English files are not touched.
        #expect(
            try String(contentsOfFile: catalogDirectory + "/en.lproj/Localizable.strings", encoding: .utf8)
                == String(contentsOfFile: XLIFFFixtures.app + "/en.lproj/Localizable.strings", encoding: .utf8))
    }

    /// A String Catalog: export German as an `.xcloc`, translate the untranslated key, mark one
    /// as needing review, empty another's target, import the bundle: the catalog holds the new
    /// translation, the needs-review state, and keeps the key whose target was emptied.
    @Test func stringCatalogXclocExportEditImport() throws {
        let catalogDirectory = try XLIFFFixtures.copy(XLIFFFixtures.stringCatalog)
        let out = try XLIFFFixtures.temporary("xliff-xcloc")
        let exported = try Self.parlance(["export", "--xliff", catalogDirectory, "--out", out, "--language", "de", "--xcloc"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let bundle = out + "/de.xcloc"
        let xliff = bundle + "/Localized Contents/de.xliff"
        #expect(try XLIFFFixtures.xmllintProblem(xliff) == nil)
        let contents = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: bundle + "/contents.json"))) as? [String: Any]
        #expect(contents?["targetLocale"] as? String == "de")
        #expect(contents?["developmentRegion"] as? String == "en")

        try Self.replace(
            "<source>Delete</source>\n", with: "<source>Delete</source>\n        <target state=\"translated\">Löschen</target>\n", in: xliff)
        try Self.replace(
            "<target state=\"translated\">Sichern</target>", with: "<target state=\"needs-review-translation\">Speichern</target>", in: xliff)
        try Self.replace("<target state=\"translated\">Abbrechen</target>", with: "<target state=\"translated\"></target>", in: xliff)

        let imported = try Self.parlance(["import", "--xliff", bundle, "--into", catalogDirectory])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.isEmpty, "\(imported.stderr)")
        let after = try Catalog(directory: catalogDirectory)
        #expect(after.diagnostics.isEmpty, "\(after.diagnostics)")
        #expect(try after.localizedString("Delete", locale: "de") == "Löschen")
        #expect(after.entry(forKey: "Delete", locale: "de")?.state == "translated")
        #expect(try after.localizedString("Save", locale: "de") == "Speichern")
        #expect(after.entry(forKey: "Save", locale: "de")?.state == "needs_review")
        #expect(after.entry(forKey: "Save", locale: "de")?.comment == "Save button")
        #expect(try after.localizedString("Cancel", locale: "de") == "Abbrechen")
        #expect(try after.localizedString("%lld files", locale: "de", arguments: [1]) == "1 Datei")
        #expect(try after.localizedString("%lld files", locale: "de", arguments: [4]) == "4 Dateien")
        #expect(try after.localizedString("%lld files", locale: "en", arguments: [1]) == "1 file")
        #expect(after.entry(forKey: "Delete", locale: "en") != nil)
    }

    /// `parlance convert --to xliff` and `--to xliff2` write one well-formed file per language
    /// that reads back into the same French entries.
    @Test(arguments: ["xliff", "xliff2"])
    func convertTargets(target: String) throws {
        let out = try XLIFFFixtures.temporary("xliff-convert")
        let result = try Self.parlance(["convert", XLIFFFixtures.app, "--to", target, "--output", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(out)/en.xliff\n\(out)/fr.xliff\n")
        for file in ["en.xliff", "fr.xliff"] { #expect(try XLIFFFixtures.xmllintProblem(out + "/" + file) == nil) }
        let original = try Catalog(directory: XLIFFFixtures.app)
        let converted = try Catalog(directory: out)
        #expect(XLIFFFixtures.entries(converted, valueTypes: false) == XLIFFFixtures.entries(original, valueTypes: false))
    }

    /// An import of an ill-formed file reports where it is broken and imports nothing.
    @Test func importOfABrokenFileIsLocated() throws {
        let catalogDirectory = try XLIFFFixtures.copy(XLIFFFixtures.app)
        let broken = try XLIFFFixtures.temporary("xliff-broken") + "/fr.xliff"
        try XLIFFFixtures.write("<xliff version=\"1.2\">\n  <file original=\"en.lproj/Localizable.strings\">\n    <body>\n</xliff>\n", to: broken)
        let result = try Self.parlance(["import", "--xliff", broken, "--into", catalogDirectory])
        #expect(result.status != 0)
        #expect(result.stderr.contains("\(broken):4:"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was imported"), "\(result.stderr)")
    }
}
