import Foundation
import Parlance
import ParlanceTestSupport
import Testing

@testable import ParlanceLocalization

/// The XLIFF reader: Xcode's XLIFF 1.2 (`.lproj` and String Catalog originals, `.xcloc`
/// bundles), XLIFF 2.0 core, states, notes, and located diagnostics for malformed files.
@Suite struct XLIFFReaderTests {
    /// Xcode's `.xcloc` of the `App` fixture reads into the same French and English entries
    /// as the `.lproj` folders it was exported from, and looks strings up the same way.
    @Test func xclocImportsIntoTheModelOfItsLproj() throws {
        let lproj = try Catalog(directory: XLIFFFixtures.app)
        let xcloc = try Catalog(directory: XLIFFFixtures.export)
        #expect(xcloc.diagnostics.isEmpty, "\(xcloc.diagnostics)")
        // XLIFF carries no NSStringFormatValueTypeKey: value types are compared by lookups.
        let fromLproj = XLIFFFixtures.entries(lproj, valueTypes: false)
        let fromXcloc = XLIFFFixtures.entries(xcloc, valueTypes: false)
        #expect(fromXcloc == fromLproj)
        #expect(fromLproj.count == 8)
        for locale: LocaleID in ["fr", "en"] {
            for count in [0, 1, 2, 21, 1_000_000] {
                let expected = try lproj.localizedString("items.count", locale: locale, arguments: [count])
                #expect(try xcloc.localizedString("items.count", locale: locale, arguments: [count]) == expected)
            }
            #expect(
                try xcloc.localizedString("greeting", locale: locale, arguments: ["Ana"])
                    == lproj.localizedString("greeting", locale: locale, arguments: ["Ana"]))
        }
        #expect(try xcloc.localizedString("items.count", locale: "fr", arguments: [1_000_000]).hasSuffix(" d’éléments"))
        // Notes are the comments the `.strings` files hold.
        let comments = StringsFile.comments(ofFile: XLIFFFixtures.app + "/fr.lproj/Localizable.strings")
        for key in ["greeting", "ok", "quote"] {
            #expect(xcloc.entry(forKey: key, locale: "fr")?.comment == comments[key])
        }
        let entry = try #require(xcloc.entry(forKey: "quote", locale: "fr"))
        #expect(entry.format == .xliff)
        #expect(entry.location.file.hasSuffix("fr.xcloc/Localized Contents/fr.xliff"))
        #expect(entry.location.line == 18)
    }

    /// A String Catalog's units: `key|==|plural.one` units are a whole-string plural; states
    /// map as Xcode maps them; an empty target leaves the key untranslated.
    @Test func stringCatalogUnitsAndStates() throws {
        let document = XLIFFDocument(reading: XLIFFFixtures.directory + "/xcstrings-de.xliff")
        #expect(document.diagnostics.isEmpty)
        #expect(document.version == .v1_2)
        let (tables, diagnostics) = document.tableRecords()
        #expect(diagnostics.isEmpty)
        let table = try #require(tables.first)
        #expect(tables.count == 1 && table.table == "Localizable" && table.originals == ["Localizable.xcstrings"])
        #expect(table.targetRecords.map(\.key) == ["%lld files", "Cancel", "Save"])
        #expect(table.sourceRecords.map(\.key) == ["%lld files", "Cancel", "Delete", "Save"])

        let directory = try XLIFFFixtures.temporary("xliff-de")
        try FileManager.default.copyItem(atPath: XLIFFFixtures.directory + "/xcstrings-de.xliff", toPath: directory + "/de.xliff")
        let catalog = try Catalog(directory: directory)
        let plural = catalog.entry(forKey: "%lld files", locale: "de")
        #expect(
            XLIFFFixtures.describe(plural, comment: true)
                == "plural(%#@__plural@;plural:wholeString/-{one=%lld Datei,other=%lld Dateien[needs_review]}) state=translated comment=Count of files")
        #expect(try catalog.localizedString("%lld files", locale: "de", arguments: [1]) == "1 Datei")
        #expect(try catalog.localizedString("%lld files", locale: "de", arguments: [3]) == "3 Dateien")
        #expect(catalog.entry(forKey: "Save", locale: "de")?.state == "translated")  // final
        #expect(catalog.entry(forKey: "Cancel", locale: "de")?.comment == nil)  // <note/>
        // Delete has an empty target: the German lookup falls back to the English source.
        #expect(catalog.entry(forKey: "Delete", locale: "de")?.language == "en")
        #expect(try catalog.localizedString("Delete", locale: "de") == "Delete")
    }

    /// XLIFF 2.0 core: `srcLang`/`trgLang`, `<notes>`, segments joined, `name` as the key
    /// when the NMTOKEN `id` cannot hold it, segment states.
    @Test func xliff2Core() throws {
        let document = XLIFFDocument(reading: XLIFFFixtures.directory + "/v2-es.xlf")
        #expect(document.diagnostics.isEmpty)
        #expect(document.version == .v2_0)
        let section = try #require(document.files.first)
        #expect(section.sourceLanguage == "en" && section.targetLanguage == "es" && section.table == "Localizable")
        #expect(section.units.map(\.id) == ["greeting", "two segments", "ok"])
        #expect(section.units[1].source == "One. Two." && section.units[1].target == "Uno. Dos.")
        #expect(section.units[0].notes == ["Greeting on the home screen"])
        #expect(section.units[2].target == nil && section.units[2].state == "initial")

        let directory = try XLIFFFixtures.temporary("xliff-es")
        try FileManager.default.copyItem(atPath: XLIFFFixtures.directory + "/v2-es.xlf", toPath: directory + "/es.xlf")
        let catalog = try Catalog(directory: directory)
        #expect(try catalog.localizedString("greeting", locale: "es", arguments: ["Ana"]) == "¡Hola, Ana!")
        #expect(catalog.entry(forKey: "two segments", locale: "es")?.state == "translated")  // reviewed
        #expect(catalog.entry(forKey: "ok", locale: "es")?.language == "en")
    }

    /// One bad unit never fails the file: each problem is located and the other units load.
    @Test func malformedUnitsAreLocatedAndSkipped() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="en.lproj/Localizable.strings" source-language="en" target-language="fr" datatype="plaintext">
                <body>
                  <trans-unit id="good"><source>Good</source><target>Bon</target></trans-unit>
                  <trans-unit><source>No id</source><target>Pas d'id</target></trans-unit>
                  <trans-unit id="no.source"><target>Rien</target></trans-unit>
                  <trans-unit id="markup"><source>Tap <g id="1">here</g></source><target>Touchez ici</target></trans-unit>
                  <trans-unit id="also.good"><source>Fine</source><target>Bien</target></trans-unit>
                </body>
              </file>
              <file original="en.lproj/Localizable.stringsdict" source-language="en" target-language="fr" datatype="plaintext">
                <body>
                  <trans-unit id="items.count"><source>%d items</source><target>%d éléments</target></trans-unit>
                </body>
              </file>
              <file original="en.lproj/Other.strings" source-language="en" target-language="fr">
                <body>
                  <trans-unit id="cut"><source>Cut</source><target>Couper
            </xliff>
            """
        let directory = try XLIFFFixtures.temporary("xliff-bad")
        let path = directory + "/fr.xliff"
        try XLIFFFixtures.write(text, to: path)
        let document = XLIFFDocument(reading: path)
        let found = document.diagnostics.map { "\($0.line) \($0.message)" }
        #expect(document.diagnostics.allSatisfy { $0.file == path && $0.column > 0 }, "\(document.diagnostics)")
        #expect(found.contains { $0.hasPrefix("6 <trans-unit> has no \"id\"") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("7 the unit \"no.source\" has no <source>") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("8 <g> inside <source> (inline markup)") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("20 ill-formed XML: an end tag does not match its start tag") }, "\(found)")
        let (tables, recordDiagnostics) = document.tableRecords()
        #expect(recordDiagnostics.map(\.line) == [14])
        #expect(recordDiagnostics.first?.message.contains("expected a stringsdict unit id") == true)
        #expect(tables.first?.targetRecords.map(\.key) == ["good", "also.good"])

        let catalog = try Catalog(directory: directory)
        #expect(try catalog.localizedString("also.good", locale: "fr") == "Bien")
        #expect(catalog.diagnostics.count == document.diagnostics.count + recordDiagnostics.count)
    }

    /// No DTD is read and no entity expanded: a document type declaration refuses the file.
    @Test func documentTypeDeclarationsAreRefused() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE xliff [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
            <xliff version="1.2"><file original="a.strings" source-language="en" target-language="fr"><body>
            <trans-unit id="x"><source>&c;</source><target>&c;</target></trans-unit></body></file></xliff>
            """
        let document = XLIFFDocument(data: Data(text.utf8), path: "evil.xliff")
        #expect(document.files.isEmpty)
        #expect(
            document.diagnostics.map(\.description) == [
                "evil.xliff:2:1: a document type declaration (<!DOCTYPE>) is not allowed in XLIFF: the file is not read"
            ])
        let external = XLIFFDocument(data: Data("<!doctype xliff SYSTEM \"file:///etc/passwd\"><xliff/>".utf8), path: "x.xliff")
        #expect(external.diagnostics.first?.line == 1 && external.files.isEmpty)
    }

    /// Hostile nesting stops at the depth bound with a located diagnostic.
    @Test func nestingIsBounded() throws {
        let depth = 10_000
        let text = "<xliff version=\"1.2\">" + String(repeating: "<g>", count: depth) + String(repeating: "</g>", count: depth) + "</xliff>"
        let document = XLIFFDocument(data: Data(text.utf8), path: "deep.xliff")
        #expect(document.files.isEmpty)
        #expect(document.diagnostics.count == 1)
        #expect(document.diagnostics.first?.message.contains("deeper than \(XLIFFDocument.maximumDepth)") == true)
    }

    /// Not XLIFF at all.
    @Test func otherRootsAndUnreadableFiles() throws {
        let document = XLIFFDocument(data: Data("<plist version=\"1.0\"><dict/></plist>".utf8), path: "p.xliff")
        #expect(document.diagnostics.map(\.message) == ["expected an <xliff> root element, found <plist>"])
        let missing = XLIFFDocument(reading: "/nonexistent/fr.xliff")
        #expect(missing.diagnostics.map(\.message) == ["cannot read the file"])
    }
}
