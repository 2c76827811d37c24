import Foundation
import Parlance
import ParlanceTestSupport
import Testing

@testable import ParlanceLocalization

/// A `Catalog` lists its directory when it opens and parses a locale's `.lproj` tables when a
/// lookup first needs them, once however many tasks ask at the same time. Real files, written
/// here; the expected texts are the values written.
@Suite("Catalog: lazy per-locale loading")
struct LazyCatalogTests {
    static let languages = ["en", "de", "fr", "ru", "nb", "zh-Hant-TW", "pt-BR", "pt_BR", "Base"]

    /// Every language: `greeting` = "<language> hello %@", `only.<language>`; `en` has
    /// `dup` twice (a duplicate-key diagnostic at line 4); `fr` has an unreadable
    /// `Broken.strings`; `ru` has a plural.
    static func writeCatalog() throws -> String {
        let directory = NSTemporaryDirectory() + "parlance-lazy-\(UUID().uuidString)"
        for language in languages {
            let folder = "\(directory)/\(language).lproj"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var strings = "\"greeting\" = \"\(language) hello %@\";\n\"only.\(language)\" = \"\(language)\";\n"
            if language == "en" { strings += "\"dup\" = \"first\";\n\"dup\" = \"second\";\n" }
            try Data(strings.utf8).write(to: URL(fileURLWithPath: "\(folder)/Localizable.strings"))
            if language == "fr" {
                try Data("\"a\" = \"unterminated;\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/Broken.strings"))
            }
            if language == "ru" {
                let plist = """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>items</key><dict>
                    <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                    <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key><string>d</string>
                    <key>one</key><string>%d файл</string><key>few</key><string>%d файла</string>
                    <key>many</key><string>%d файлов</string><key>other</key><string>%d файла</string></dict></dict></dict></plist>
                    """
                try Data(plist.utf8).write(to: URL(fileURLWithPath: "\(folder)/Localizable.stringsdict"))
            }
        }
        return directory
    }

    @Test("opening parses nothing; many tasks' first lookup in one locale parses it once")
    func concurrentFirstUse() async throws {
        let directory = try Self.writeCatalog()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory)
        #expect(catalog.loadedLocales.isEmpty)
        #expect(catalog.lazyModel.parseCount(key: "ru") == 0)
        let results = await withTaskGroup(of: [String].self) { group in
            for task in 0..<64 {
                group.addTask {
                    let ru = LocaleID("ru")
                    return [
                        (try? catalog.localizedString("greeting", locale: ru, arguments: ["T\(task)"])) ?? "error",
                        (try? catalog.localizedString("items", locale: ru, arguments: [21])) ?? "error",
                        (try? catalog.localizedString("only.en", locale: ru)) ?? "error",
                    ]
                }
            }
            var all: [[String]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 64)
        #expect(Set(results.map { $0[1] }) == ["21 файл"])
        #expect(Set(results.map { $0[2] }) == ["en"])
        #expect(Set(results.map { $0[0] }).count == 64)
        #expect(results.allSatisfy { $0[0].hasPrefix("ru hello T") })
        // ru, and en (the development language) and Base (the chain's end), each parsed once.
        #expect(catalog.lazyModel.parseCount(key: "ru") == 1)
        #expect(catalog.lazyModel.parseCount(key: "en") == 1)
        #expect(catalog.lazyModel.parseCount(key: CatalogModel.baseKey) == 1)
        #expect(catalog.lazyModel.parseCount(key: "de") == 0)
        #expect(catalog.loadedLocales.map(\.identifier) == ["en", "ru"])
        // Later lookups parse nothing more.
        #expect(try catalog.localizedString("items", locale: "ru", arguments: [5]) == "5 файлов")
        #expect(catalog.lazyModel.parseCount(key: "ru") == 1)
    }

    @Test("locales and negotiation come from the listing, without parsing")
    func negotiationWithoutParsing() throws {
        let directory = try Self.writeCatalog()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory)
        #expect(catalog.locales.map(\.identifier) == ["de", "en", "fr", "nb", "pt_BR", "ru", "zh_Hant_TW"])
        #expect(catalog.tableNames == ["Broken", "Localizable"])
        #expect(catalog.loadedLocales.isEmpty)
        // `no` finds nb.lproj and `zh-HK` finds zh-Hant-TW.lproj by LocaleMatcher; only the
        // negotiated locale (and the development language) is parsed.
        let found = try catalog.lookup("greeting", locale: LocaleID("no"), arguments: ["Kari"])
        #expect(found.text == "nb hello Kari")
        #expect(found.locale.identifier == "nb")
        #expect(catalog.lazyModel.parseCount(key: "nb") == 1)
        #expect(catalog.lazyModel.parseCount(key: "zh_hant_tw") == 0)
        #expect(try catalog.localizedString("greeting", locale: LocaleID("zh-HK"), arguments: ["X"]) == "zh-Hant-TW hello X")
        #expect(catalog.loadedLocales.map(\.identifier) == ["en", "nb", "zh_Hant_TW"])
        #expect(catalog.lazyModel.parseCount(key: "de") == 0)
        // pt-BR.lproj and pt_BR.lproj are one locale, parsed together once.
        #expect(try catalog.localizedString("only.pt-BR", locale: LocaleID("pt-BR")) == "pt-BR")
        #expect(try catalog.localizedString("only.pt_BR", locale: LocaleID("pt-BR")) == "pt_BR")
        #expect(catalog.lazyModel.parseCount(key: "pt_br") == 1)
    }

    @Test("diagnostics: the complete list parses every locale; loadedDiagnostics covers what was parsed")
    func diagnostics() throws {
        let directory = try Self.writeCatalog()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory)
        #expect(catalog.loadedDiagnostics.isEmpty)
        #expect(try catalog.localizedString("greeting", locale: "de", arguments: ["A"]) == "de hello A")
        // en was parsed (the development language): its duplicate key, located; fr was not.
        let loaded = catalog.loadedDiagnostics
        #expect(loaded.map(\.code) == ["duplicate-key"])
        #expect(loaded.first?.file == "\(directory)/en.lproj/Localizable.strings")
        #expect(loaded.first?.line == 4)
        #expect(catalog.lazyModel.parseCount(key: "fr") == 0)
        // The complete list parses the rest, and equals one reading of the whole directory.
        let all = catalog.diagnostics
        #expect(all.contains { $0.file == "\(directory)/fr.lproj/Broken.strings" && $0.line == 1 && $0.code == "unreadable-file" })
        #expect(catalog.lazyModel.parseCount(key: "fr") == 1)
        #expect(catalog.loadedLocales.count == catalog.locales.count)
        let whole = try CatalogModel(directory: directory)
        #expect(all == whole.diagnostics)
        #expect(catalog.loadedDiagnostics == all)
        // The unreadable table is listed, and its lookup is a missing key, not a crash.
        #expect(throws: ParlanceError.self) { try catalog.localizedString("a", table: "Broken", locale: "fr") }
    }

    @Test("the lazily read model merged is the model one reading of the directory gives")
    func mergedModelEqualsWholeReading() throws {
        let directory = try ManyLanguageCatalog.write()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A String Catalog read at once, sharing locales with the folders (listed before them).
        let xcstrings = """
            { "sourceLanguage" : "en", "strings" : {
              "greeting" : { "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello" } },
                "ru" : { "stringUnit" : { "state" : "translated", "value" : "Привет" } },
                "pt-BR" : { "stringUnit" : { "state" : "translated", "value" : "Olá" } } } },
              "key.1" : { "localizations" : {
                "ru" : { "stringUnit" : { "state" : "translated", "value" : "из каталога" } } } } },
              "version" : "1.0" }
            """
        try Data(xcstrings.utf8).write(to: URL(fileURLWithPath: "\(directory)/Localizable.xcstrings"))
        let catalog = try Catalog(directory: directory)
        #expect(catalog.loadedLocales.isEmpty)
        // In one locale the .strings entry wins over the String Catalog's.
        #expect(try catalog.localizedString("key.1", locale: "ru") == "ru text 1")
        #expect(try catalog.localizedString("greeting", locale: "pt-BR") == "Olá")
        var whole = try CatalogModel(directory: directory)
        whole.assignBase(to: catalog.developmentLanguage)
        let lazy = catalog.model
        #expect(lazy.diagnostics == whole.diagnostics)
        #expect(lazy.fileCount == whole.fileCount)
        #expect(lazy.tables.keys.sorted() == whole.tables.keys.sorted())
        for (table, byLocale) in whole.tables {
            #expect(lazy.tables[table]?.keys.sorted() == byLocale.keys.sorted())
            for (key, expected) in byLocale {
                guard let actual = lazy.tables[table]?[key] else { continue }
                #expect(actual.language == expected.language)
                #expect(actual.name == expected.name)
                #expect(actual.isBase == expected.isBase)
                #expect(actual.sources.map(\.file) == expected.sources.map(\.file))
                #expect(actual.sources.map(\.keys) == expected.sources.map(\.keys))
                #expect(actual.sources.map(\.entries) == expected.sources.map(\.entries))
            }
        }
        #expect(catalog.locales == CatalogRuntime(model: whole, developmentLanguage: catalog.developmentLanguage, device: "other").locales)
    }
}
