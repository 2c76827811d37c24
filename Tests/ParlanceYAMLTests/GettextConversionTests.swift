#if YAML
import Foundation
import Parlance
import ParlanceLocalization
import ParlanceTestSupport
import ParlanceConvert
import ParlanceYAML
import Testing

/// `parlance convert` to and from gettext PO and MO, checked with gettext's own tools:
/// `msgfmt --check` on every PO written, `msgunfmt` on every MO written (its output read back
/// through Parlance's PO reader), and lookups of the written files against the source.
@Suite("parlance convert: gettext PO and MO")
struct GettextConversionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sample = root.appendingPathComponent("Tests/SampleCatalog").path
    static let poFixture = root.appendingPathComponent("Tests/ParlanceLocalizationTests/Fixtures/Gettext/Catalog").path

    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("parlance-gettext-\(name)-\(UUID().uuidString)").path
    }

    static func tool(_ name: String) throws -> URL {
        let url = URL(fileURLWithPath: "/usr/bin/" + name)
        try #require(FileManager.default.isExecutableFile(atPath: url.path), "\(name) is needed (Debian package gettext)")
        return url
    }

    /// Every file under a directory with one of the extensions.
    static func files(_ directory: String, _ suffix: String) -> [String] {
        let walker = FileManager.default.enumerator(atPath: directory)
        var out: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(suffix) { out.append(directory + "/" + path) }
        }
        return out.sorted()
    }

    static func msgfmtCheck(_ path: String) throws {
        let run = try ChildProcess.run(try tool("msgfmt"), ["--check", "-o", "/dev/null", path])
        #expect(run.status == 0 && run.stderr.isEmpty, "msgfmt --check \(path): \(run.stderr)")
    }

    /// A message without where it is written.
    static func snapshot(_ message: GettextMessage) -> [String] {
        [
            message.key, message.pluralID ?? "-", message.isFuzzy ? "fuzzy" : "-", message.flags.joined(separator: ","),
            message.extractedComments.joined(separator: "|"), message.translatorComments.joined(separator: "|"),
            message.references.joined(separator: "|"),
        ] + message.strings
    }

    @Test func poToPoKeepsEveryEntryAndIsStable() throws {
        let (first, second) = (Self.temporary("po1"), Self.temporary("po2"))
        let catalog = try Catalog(directory: Self.poFixture)
        let written = try CatalogConverter.convert(catalog, to: .po, directory: first)
        #expect(written.files == [first + "/ru.po"])
        #expect(written.losses.isEmpty, "\(written.losses)")
        try Self.msgfmtCheck(first + "/ru.po")
        let original = GettextFile(reading: Self.poFixture + "/ru.po")
        let again = GettextFile(reading: first + "/ru.po")
        #expect(again.diagnostics == [])
        #expect(again.header == original.header)
        #expect(
            again.messages.map(Self.snapshot).sorted { $0.lexicographicallyPrecedes($1) }
                == original.messages.map(Self.snapshot).sorted { $0.lexicographicallyPrecedes($1) })
        // A second write of the written file is byte for byte the first.
        _ = try CatalogConverter.convert(try Catalog(directory: first), to: .po, directory: second)
        #expect(try Data(contentsOf: URL(fileURLWithPath: first + "/ru.po")) == Data(contentsOf: URL(fileURLWithPath: second + "/ru.po")))
    }

    @Test func moWrittenByParlanceIsWhatMsgunfmtReads() throws {
        let directory = Self.temporary("mo")
        let catalog = try Catalog(directory: Self.poFixture)
        let written = try CatalogConverter.convert(catalog, to: .mo, directory: directory)
        #expect(written.files == [directory + "/ru/LC_MESSAGES/Localizable.mo"])
        // Outside the catalog directory: a `.po` at its top would be read as a locale's table.
        let aside = Self.temporary("aside")
        try FileManager.default.createDirectory(atPath: aside, withIntermediateDirectories: true)
        let unpacked = aside + "/unpacked.po"
        let run = try ChildProcess.run(try Self.tool("msgunfmt"), ["-o", unpacked, written.files[0]])
        #expect(run.status == 0, "\(run.stderr)")
        let theirs = GettextFile(reading: unpacked)
        let mine = GettextFile(reading: written.files[0])
        #expect(theirs.diagnostics == [] && mine.diagnostics == [])
        #expect(theirs.header == mine.header)
        #expect(theirs.header["Plural-Forms"] == GettextFile(reading: Self.poFixture + "/ru.po").header["Plural-Forms"])
        // The entries msgfmt would compile: not fuzzy, translated.
        let expected = GettextFile(reading: Self.poFixture + "/ru.po").messages.filter { !$0.isFuzzy && $0.strings.contains { !$0.isEmpty } }
            .map { [$0.key, $0.pluralID ?? "-"] + $0.strings }.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(theirs.messages.map { [$0.key, $0.pluralID ?? "-"] + $0.strings } == expected)
        #expect(mine.messages.map { [$0.key, $0.pluralID ?? "-"] + $0.strings } == expected)
        // msgfmt compiles the same PO to an MO that reads the same.
        let compiled = aside + "/msgfmt.mo"
        #expect(try ChildProcess.run(try Self.tool("msgfmt"), ["-o", compiled, Self.poFixture + "/ru.po"]).status == 0)
        #expect(GettextFile(reading: compiled).messages.map { [$0.key, $0.pluralID ?? "-"] + $0.strings } == expected)
        // The MO reads back as a catalog table and looks up as the PO does.
        let table = try Catalog(directory: directory)
        let ru = LocaleID("ru")
        for n in [0, 1, 2, 5, 11, 21, 22, 101, 111] {
            #expect(
                try table.localizedString("%d file", locale: ru, arguments: [n])
                    == catalog.localizedString("%d file", locale: ru, arguments: [n]))
        }
    }

    /// The sample catalog (.strings, .stringsdict, String Catalog) in every language to PO:
    /// each file passes `msgfmt --check`, reads back without diagnostics, and every entry not
    /// reported lossy looks up as the source does for the integers 0…120.
    @Test func sampleCatalogToPOPassesMsgfmtAndLooksUpTheSame() throws {
        let directory = Self.temporary("sample")
        let source = try Catalog(directory: Self.sample)
        let written = try CatalogConverter.convert(source, to: .po, directory: directory)
        let files = Self.files(directory, ".po")
        #expect(files.count >= 5, "\(written.files)")
        for file in files { try Self.msgfmtCheck(file) }
        let converted = try Catalog(directory: directory)
        #expect(converted.diagnostics.filter { $0.code != "plural-forms-missing" } == [], "\(converted.diagnostics)")
        let lossy = Set(written.losses.map { "\($0.language) \($0.key)" })
        var compared = 0
        for (_, localeTable) in source.model.tables["Localizable"] ?? [:] where !localeTable.isBase {
            let locale = localeTable.language
            for key in localeTable.keys.sorted() where !lossy.contains("\(locale.languageTag) \(key)") {
                guard let entry = localeTable.entry(key), entry.state == nil else { continue }
                guard let mine = converted.entry(forKey: key, locale: locale), mine.language == locale else {
                    Issue.record("\(locale.languageTag) \(key) is not in the PO")
                    continue
                }
                let isPlural: Bool
                if case .plural = entry.content { isPlural = true } else { isPlural = false }
                let samples: [[any LocalizationArgumentConvertible]] = isPlural ? (0...120).map { [$0 as any LocalizationArgumentConvertible] } : [[]]
                for arguments in samples {
                    let expected = try? source.format(entry, locale: locale, arguments: arguments)
                    let actual = try? converted.format(mine, locale: locale, arguments: arguments)
                    #expect(expected == actual, "\(locale.languageTag) \(key) \(arguments)")
                }
                compared += 1
            }
        }
        #expect(compared >= 10)
    }

    @Test func poToStringCatalogAndBackKeepsPluralsAndContexts() throws {
        let (catalogDirectory, poDirectory) = (Self.temporary("xc"), Self.temporary("back"))
        let po = try Catalog(directory: Self.poFixture)
        _ = try CatalogConverter.convert(po, to: .xcstrings, directory: catalogDirectory)
        let xcstrings = try Catalog(directory: catalogDirectory)
        let ru = LocaleID("ru")
        for n in [1, 2, 5, 21] {
            #expect(
                try xcstrings.localizedString("%d file", locale: ru, arguments: [n]) == po.localizedString("%d file", locale: ru, arguments: [n]))
        }
        #expect(try xcstrings.localizedString("menu\u{4}File", locale: ru) == "Файл")
        _ = try CatalogConverter.convert(xcstrings, to: .po, directory: poDirectory)
        try Self.msgfmtCheck(poDirectory + "/ru.po")
        let back = GettextFile(reading: poDirectory + "/ru.po")
        let original = GettextFile(reading: Self.poFixture + "/ru.po")
        func core(_ message: GettextMessage) -> [String] { [message.key, message.isFuzzy ? "fuzzy" : "-"] + message.strings }
        #expect(back.messages.map(core).sorted { $0.lexicographicallyPrecedes($1) } == original.messages.map(core).sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test func parlanceConvertWritesPOAndMO() throws {
        let (po, mo) = (Self.temporary("cli-po"), Self.temporary("cli-mo"))
        let toPO = try ParlanceBinary.run(["convert", Self.poFixture, "--to", "po", "--output", po])
        #expect(toPO.status == 0, "\(toPO.output)")
        try Self.msgfmtCheck(po + "/ru.po")
        // An MO holds no comments and no fuzzy entries: a lossy conversion (status 3), each loss listed.
        let toMO = try ParlanceBinary.run(["convert", po, "--to", "mo", "--output", mo])
        #expect(toMO.status == 3, "\(toMO.output)")
        #expect(toMO.output.contains("lossy: \(po)/ru.po:"), "\(toMO.output)")
        #expect(toMO.output.contains("'Saved %s' (ru): an MO file leaves out fuzzy"), "\(toMO.output)")
        let run = try ChildProcess.run(try Self.tool("msgunfmt"), [mo + "/ru/LC_MESSAGES/Localizable.mo"])
        #expect(run.status == 0 && run.stdout.contains("msgstr[2] \"%d файлов\""), "\(run.stdout)\(run.stderr)")
        let lint = try ParlanceBinary.run(["lint", po, "--format", "json"])
        #expect(!lint.output.contains("plural-forms-"), "\(lint.output)")
    }
}
#endif
