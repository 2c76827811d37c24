import Foundation
import Parlance
import ParlanceTestSupport
import Testing

@testable import ParlanceLocalization

/// The XLIFF writers: what they write reads back into the same entries, a second write is
/// byte-identical to the first, and every file is well-formed XML by xmllint (libxml2's
/// parser, run as a separate program).
@Suite struct XLIFFWriterTests {
    /// Writes every language of every table of `catalog` as `<language>.xliff` into `directory`.
    @discardableResult
    static func writeAll(_ catalog: Catalog, to directory: String, version: XLIFFWriter.Version) throws -> (files: [String], warnings: [CatalogDiagnostic]) {
        let model = catalog.model
        var languages: [String: LocaleID] = [:]
        for byLocale in model.tables.values {
            for (key, table) in byLocale where key != CatalogModel.baseKey { languages[key] = table.language }
        }
        var files: [String] = []
        var warnings: [CatalogDiagnostic] = []
        for target in languages.values.sorted(by: { $0.languageTag < $1.languageTag }) {
            let path = "\(directory)/\(target.languageTag).xliff"
            let sections = XLIFFWriter.sections(
                model: model, tables: model.tables.keys.sorted(), source: catalog.developmentLanguage, target: target, warnings: &warnings)
            let text = XLIFFWriter.document(
                sections, version: version, sourceLanguage: catalog.developmentLanguage.languageTag, targetLanguage: target.languageTag,
                warnings: &warnings, path: path)
            try XLIFFFixtures.write(text, to: path)
            files.append(path)
        }
        return (files, warnings)
    }

    static func bytes(_ files: [String]) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for file in files { out[(file as NSString).lastPathComponent] = try Data(contentsOf: URL(fileURLWithPath: file)) }
        return out
    }

    /// Catalog directories of every kind the fixtures hold, with whether their entries carry
    /// comments in the model (a `.strings` file's comments are read only when written).
    static func fixtureCatalogs() throws -> [(name: String, directory: String, comments: Bool)] {
        let german = try XLIFFFixtures.temporary("xliff-de")
        try FileManager.default.copyItem(atPath: XLIFFFixtures.directory + "/xcstrings-de.xliff", toPath: german + "/de.xliff")
        let spanish = try XLIFFFixtures.temporary("xliff-es")
        try FileManager.default.copyItem(atPath: XLIFFFixtures.directory + "/v2-es.xlf", toPath: spanish + "/es.xlf")
        return [
            ("lproj", XLIFFFixtures.app, false), ("xcloc", XLIFFFixtures.export, true), ("String Catalog", XLIFFFixtures.stringCatalog, true),
            ("XLIFF of a String Catalog", german, true), ("XLIFF 2.0", spanish, true),
        ]
    }

    /// read → write → read gives the same entries (values, states, comments where the model
    /// holds them), in both versions; a second write is byte-identical to the first; every
    /// written file passes `xmllint --noout`.
    @Test(arguments: [XLIFFWriter.Version.v1_2, .v2_0])
    func roundTripsAreStable(version: XLIFFWriter.Version) throws {
        for fixture in try Self.fixtureCatalogs() {
            let original = try Catalog(directory: fixture.directory)
            let first = try XLIFFFixtures.temporary("xliff-first")
            let written = try Self.writeAll(original, to: first, version: version)
            #expect(written.warnings.isEmpty, "\(fixture.name): \(written.warnings)")
            for file in written.files {
                #expect(try XLIFFFixtures.xmllintProblem(file) == nil, "\(fixture.name): \(file)")
            }
            let reread = try Catalog(directory: first)
            #expect(reread.diagnostics.isEmpty, "\(fixture.name): \(reread.diagnostics)")
            // XLIFF has no value type unit: a stringsdict's NSStringFormatValueTypeKey is compared
            // by lookups below.
            let valueTypes = fixture.name != "lproj"
            #expect(
                XLIFFFixtures.entries(reread, valueTypes: valueTypes, comment: fixture.comments)
                    == XLIFFFixtures.entries(original, valueTypes: valueTypes, comment: fixture.comments), "\(fixture.name)")
            #expect(!XLIFFFixtures.entries(original).isEmpty)

            let second = try XLIFFFixtures.temporary("xliff-second")
            let again = try Self.writeAll(reread, to: second, version: version)
            #expect(try Self.bytes(again.files) == Self.bytes(written.files), "\(fixture.name)")
        }
        let lproj = try Catalog(directory: XLIFFFixtures.app)
        let directory = try XLIFFFixtures.temporary("xliff-lookup")
        try Self.writeAll(lproj, to: directory, version: version)
        let reread = try Catalog(directory: directory)
        for count in [1, 2, 1_000_000] {
            #expect(
                try reread.localizedString("items.count", locale: "fr", arguments: [count])
                    == lproj.localizedString("items.count", locale: "fr", arguments: [count]))
        }
    }

    /// The XLIFF 1.2 Xcode writes: the `.lproj` fixture's French export has the `<file>`s,
    /// ids, sources, targets and notes of the Xcode-exported `.xcloc` fixture.
    @Test func lprojExportHasXcodesUnits() throws {
        var warnings: [CatalogDiagnostic] = []
        let catalog = try Catalog(directory: XLIFFFixtures.app)
        let sections = XLIFFWriter.sections(model: catalog.model, tables: ["Localizable"], source: "en", target: "fr", warnings: &warnings)
        let xcode = XLIFFDocument(reading: XLIFFFixtures.export + "/fr.xcloc/Localized Contents/fr.xliff")
        #expect(sections.map(\.original) == ["en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict"])
        #expect(sections.count == xcode.files.count)
        for (ours, theirs) in zip(sections, xcode.files) {
            #expect(ours.units.map(\.id) == theirs.units.map(\.id))
            #expect(ours.units.map(\.source) == theirs.units.map(\.source))
            #expect(ours.units.map(\.target) == theirs.units.map(\.target))
            #expect(ours.units.map { $0.note ?? "" } == theirs.units.map { $0.notes.first ?? "" })
        }
        // Read back from the .xcloc, the originals are Xcode's and are written again as they were.
        let fromXcloc = try Catalog(directory: XLIFFFixtures.export)
        let again = XLIFFWriter.sections(model: fromXcloc.model, tables: ["Localizable"], source: "en", target: "fr", warnings: &warnings)
        #expect(again.map(\.original) == xcode.files.map(\.original))
        #expect(warnings.isEmpty)
    }

    /// A language not yet translated gets a unit for every plural category it uses (Polish
    /// `few` and `many` beside English `one` and `other`), sourced from the English `other`,
    /// in CLDR order, without a target: the translator has every form to fill.
    @Test func targetLanguageCategoriesAreOffered() throws {
        var warnings: [CatalogDiagnostic] = []
        let catalog = try Catalog(directory: XLIFFFixtures.app)
        let sections = XLIFFWriter.sections(model: catalog.model, tables: ["Localizable"], source: "en", target: "pl", warnings: &warnings)
        let plurals = try #require(sections.last)
        #expect(
            plurals.units.map(\.id) == [
                "/items.count:dict/NSStringLocalizedFormatKey:dict/:string", "/items.count:dict/items:dict/one:dict/:string",
                "/items.count:dict/items:dict/few:dict/:string", "/items.count:dict/items:dict/many:dict/:string",
                "/items.count:dict/items:dict/other:dict/:string",
            ])
        #expect(plurals.units.map(\.source) == ["%#@items@", "%ld item", "%ld items", "%ld items", "%ld items"])
        #expect(plurals.units.allSatisfy { $0.target == nil })
        let catalogSections = XLIFFWriter.sections(
            model: try Catalog(directory: XLIFFFixtures.stringCatalog).model, tables: ["Localizable"], source: "en", target: "ru", warnings: &warnings)
        #expect(
            catalogSections.first?.units.map(\.id).prefix(4) == [
                "%lld files|==|plural.one", "%lld files|==|plural.few", "%lld files|==|plural.many", "%lld files|==|plural.other",
            ])
        #expect(warnings.isEmpty)
    }

    /// A String Catalog is written as Xcode 15 writes one: one `<file original=
    /// "Localizable.xcstrings">`, plural units `key|==|plural.one`, states, and a key with no
    /// translation without a `<target>`.
    @Test func stringCatalogExport() throws {
        var warnings: [CatalogDiagnostic] = []
        let catalog = try Catalog(directory: XLIFFFixtures.stringCatalog)
        let sections = XLIFFWriter.sections(model: catalog.model, tables: ["Localizable"], source: "en", target: "de", warnings: &warnings)
        let section = try #require(sections.first)
        #expect(sections.count == 1 && section.original == "Localizable.xcstrings")
        #expect(section.units.map(\.id) == ["%lld files|==|plural.one", "%lld files|==|plural.other", "Cancel", "Delete", "Save"])
        #expect(section.units.map(\.source) == ["%lld file", "%lld files", "Cancel", "Delete", "Save"])
        #expect(section.units.map(\.target) == ["%lld Datei", "%lld Dateien", "Abbrechen", nil, "Sichern"])
        #expect(section.units.map(\.note) == ["Count of files", "Count of files", nil, nil, "Save button"])
        let text = XLIFFWriter.document(sections, version: .v1_2, sourceLanguage: "en", targetLanguage: "de", warnings: &warnings)
        #expect(text.contains("<target state=\"translated\">%lld Datei</target>"))
        #expect(text.contains("<trans-unit id=\"Delete\" xml:space=\"preserve\">\n        <source>Delete</source>\n      </trans-unit>"))
        #expect(warnings.isEmpty)
    }

    /// Text XML needs escaped, and whitespace a parser would normalize, survive a round trip
    /// through xmllint-clean files; a control character XML 1.0 cannot hold is a warning.
    @Test(arguments: [XLIFFWriter.Version.v1_2, .v2_0])
    func escapingSurvivesRoundTrips(version: XLIFFWriter.Version) throws {
        let directory = try XLIFFFixtures.temporary("xliff-escapes")
        let strings = """
            "a \\"quoted\\" & <tagged> key" = "x < y && z > \\"w\\" ]]> 'q'";
            "tab\\tand\\nnewline\\r\\nkey" = "line 1\\r\\nline 2\\n\\tindented  two spaces ";
            "emoji 👩🏽‍💻" = "ünïcödé 👩🏽‍💻 %1$@ %%";
            "control" = "bell\\U0007here";
            """
        try XLIFFFixtures.write(strings, to: directory + "/en.lproj/Localizable.strings")
        try XLIFFFixtures.write(strings, to: directory + "/fr.lproj/Localizable.strings")
        let catalog = try Catalog(directory: directory)
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
        let out = try XLIFFFixtures.temporary("xliff-escapes-out")
        let (files, warnings) = try Self.writeAll(catalog, to: out, version: version)
        for file in files { #expect(try XLIFFFixtures.xmllintProblem(file) == nil, "\(file)") }
        #expect(warnings.count == 4)  // the control character, in the en and fr files' sources and targets
        #expect(warnings.allSatisfy { $0.key == "control" && $0.message.contains("U+FFFD") })
        let reread = try Catalog(directory: out)
        for key in catalog.keys() where key != "control" {
            #expect(
                reread.entry(forKey: key, locale: "fr")?.content.texts.first?.text.text
                    == catalog.entry(forKey: key, locale: "fr")?.content.texts.first?.text.text)
            #expect(reread.entry(forKey: key, locale: "fr") != nil, "\(key)")
        }
        #expect(reread.entry(forKey: "control", locale: "fr")?.content.texts.first?.text.text == "bell\u{FFFD}here")
    }
}
