#if YAML
import Foundation
import Parlance
import ParlanceLocalization
import ParlanceConvert
import ParlanceTestSupport
import ParlanceYAML
import Testing

/// `parlance convert` to and from Android strings.xml, Flutter ARB and i18next JSON: every
/// written Android file passes `xmllint --noout`, each writer's output reads back into the
/// model it was written from and is the same bytes when written again, and one fixture
/// catalog converted between every pair of formats gives the same strings in every result.
@Suite("parlance convert: Android, ARB and i18next")
struct AndroidAndWebConversionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let androidFixture = root.appendingPathComponent("Tests/ParlanceLocalizationTests/Fixtures/Android/res").path
    static let jsonFixtures = root.appendingPathComponent("Tests/ParlanceLocalizationTests/Fixtures/MessageJSON").path

    /// Every format a catalog converts between (one line to add one).
    static let formats: [CatalogConverter.Target] = [.yaml, .xcstrings, .lproj, .po, .mo, .xliff, .android, .arb, .i18next]

    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("parlance-convert-\(name)-\(UUID().uuidString)").path
    }

    static func files(_ directory: String) -> [String] {
        let walker = FileManager.default.enumerator(atPath: directory)
        var out: [String] = []
        while let path = walker?.nextObject() as? String {
            if !CatalogListingProbe.isDirectory(directory + "/" + path) { out.append(path) }
        }
        return out.sorted()
    }

    static func bytes(_ directory: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for file in files(directory) { out[file] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file)) }
        return out
    }

    /// What a reader gives for an entry, without where it is written.
    static func shape(_ entry: CatalogEntry) -> String {
        var parts = [entry.key, entry.comment ?? "-", entry.isTranslatable ? "t" : "f", entry.messageMetadata ?? "-"]
        switch entry.content {
        case .text(let text): parts.append(text.text)
        case .plural(_, let variables):
            for variable in variables { parts += variable.variants.map { "\($0.keyword)=\($0.text.text)" } }
        case .device, .width: parts.append("choice")
        }
        return parts.joined(separator: "|")
    }

    /// table → language → key → shape, every locale loaded.
    static func model(_ catalog: Catalog) -> [String: [String: String]] {
        catalog.loadAllLocales()
        var out: [String: [String: String]] = [:]
        for (table, locales) in catalog.model.tables {
            for (_, locale) in locales {
                for key in locale.keys {
                    guard let entry = locale.entry(key) else { continue }
                    out["\(table) \(locale.language.languageTag)", default: [:]][key] = shape(entry)
                }
            }
        }
        return out
    }

    @Test func androidWrittenPassesXmllintReadsBackAndIsStable() throws {
        let (first, second) = (Self.temporary("android1"), Self.temporary("android2"))
        let original = try Catalog(directory: Self.androidFixture)
        let written = try CatalogConverter.convert(original, to: .android, directory: first)
        #expect(written.losses.isEmpty, "\(written.losses)")
        #expect(
            Self.files(first) == [
                "values-b+sr+Latn/strings.xml", "values-cs/strings.xml", "values-fr/strings.xml", "values-pl/strings.xml",
                "values-pt-rBR/strings.xml", "values/strings.xml",
            ])
        let xmllint = URL(fileURLWithPath: "/usr/bin/xmllint")
        try #require(FileManager.default.isExecutableFile(atPath: xmllint.path), "xmllint is needed (Debian package libxml2-utils)")
        for file in written.files {
            let run = try ChildProcess.run(xmllint, ["--noout", file])
            #expect(run.status == 0 && run.stderr.isEmpty, "xmllint \(file): \(run.stderr)")
        }
        let back = try Catalog(directory: first)
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
        #expect(Self.model(back) == Self.model(original))
        let text = try String(contentsOfFile: first + "/values/strings.xml", encoding: .utf8)
        #expect(text.contains("<string name=\"app_name\" translatable=\"false\">Parlance</string>"))
        #expect(text.contains("<string name=\"apostrophe\">Don\\'t say \\\"hi\\\"</string>"))
        #expect(text.contains("<string name=\"quoted_space\">\"  two  spaces  \"</string>"))
        #expect(text.contains("    <!-- Shown on the welcome screen -->\n    <string name=\"welcome\">"))
        #expect(text.contains("<string-array name=\"planets\">\n        <item>Mercury</item>\n        <item>Venus</item>\n    </string-array>"))
        _ = try CatalogConverter.convert(back, to: .android, directory: second)
        #expect(try Self.bytes(first) == Self.bytes(second))
    }

    @Test func arbAndI18nextWrittenReadBackAndAreStable() throws {
        for (fixture, target, table) in [("arb", CatalogConverter.Target.arb, "Localizable"), ("i18next", .i18next, "common")] {
            let (first, second) = (Self.temporary("\(fixture)1"), Self.temporary("\(fixture)2"))
            let original = try Catalog(directory: Self.jsonFixtures + "/" + fixture)
            let written = try CatalogConverter.convert(original, table: table, to: target, directory: first)
            #expect(written.losses.isEmpty, "\(fixture): \(written.losses)")
            let back = try Catalog(directory: first)
            // The fixture's one invalid message is written as it is, and found again.
            #expect(back.diagnostics.map(\.code) == (fixture == "arb" ? ["invalid-message"] : []), "\(fixture): \(back.diagnostics)")
            #expect(Self.model(back) == Self.model(original), "\(fixture)")
            _ = try CatalogConverter.convert(back, table: table, to: target, directory: second)
            #expect(try Self.bytes(first) == Self.bytes(second), "\(fixture)")
        }
        let arb = try String(contentsOfFile: try writtenARB(), encoding: .utf8)
        #expect(arb.hasPrefix("{\n  \"@@locale\": \"en\",\n"))
        #expect(arb.contains("\"@greeting\": {\n    \"description\": \"A welcome with the user's name\",\n    \"placeholders\": {\n      \"name\": {"))
        // FormatJS to i18next: comments are losses, the strings are the same.
        let formatJS = try Catalog(directory: Self.jsonFixtures + "/formatjs")
        let directory = Self.temporary("formatjs-i18next")
        let written = try CatalogConverter.convert(formatJS, to: .i18next, directory: directory)
        #expect(written.losses.count == 2 && written.losses.allSatisfy { $0.message.contains("comment") }, "\(written.losses)")
        let back = try Catalog(directory: directory)
        for (locale, count, text) in [("en", 1, "1 item"), ("en", 4, "4 items"), ("fr", 2, "2 articles")] {
            #expect(back.string("cart.items", table: "Localizable", locale: try LocaleID(locale), arguments: [], named: ["count": .int(Int64(count))]) == text)
        }
        #expect(try back.localizedString("cart.title", locale: "fr") == "Votre panier")
        #expect(try String(contentsOfFile: directory + "/en.json", encoding: .utf8).contains("\"items_one\": \"{{count}} item\""))
    }

    /// The English ARB file the ARB writer makes of the fixture.
    func writtenARB() throws -> String {
        let directory = Self.temporary("arb-text")
        _ = try CatalogConverter.convert(try Catalog(directory: Self.jsonFixtures + "/arb"), to: .arb, directory: directory)
        return directory + "/app_en.arb"
    }

    /// The fixture every pair of formats is checked on: texts with placeholders, quotes and a
    /// percent sign, a key with a dot, and plurals in English and Russian.
    static func writeFixture(_ directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory + "/en.lproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/ru.lproj", withIntermediateDirectories: true)
        let strings: [(String, [(String, String)])] = [
            ("en", [("greeting", "Hello, %@!"), ("quote", "Don't \\\"quote\\\" 100%% & <tags>"), ("two", "%1$@ and %2$@"), ("menu.open", "Open")]),
            ("ru", [("greeting", "Привет, %@!"), ("quote", "Не «цитируй» 100%% & <теги>"), ("two", "%1$@ и %2$@"), ("menu.open", "Открыть")]),
        ]
        for (language, pairs) in strings {
            let text = pairs.map { "\"\($0.0)\" = \"\($0.1)\";\n" }.joined()
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(language).lproj/Localizable.strings"))
        }
        let plurals: [(String, [(String, String)])] = [
            ("en", [("one", "%d item"), ("other", "%d items")]),
            ("ru", [("one", "%d предмет"), ("few", "%d предмета"), ("many", "%d предметов"), ("other", "%d предмета")]),
        ]
        for (language, variants) in plurals {
            let cases = variants.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined()
            let text = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0"><dict><key>items</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>\(cases)</dict></dict></dict></plist>
                """
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(language).lproj/Localizable.stringsdict"))
        }
    }

    /// The strings a catalog gives for the fixture's keys; a MessageFormat value also gets its
    /// plural argument by the name `count` (i18next's).
    static func strings(_ catalog: Catalog) -> [String] {
        let lookups: [(String, [LocalizationArgument])] = [
            ("greeting", [.string("Ana")]), ("quote", []), ("two", [.string("A"), .string("B")]), ("menu.open", []),
            ("items", [.int(1)]), ("items", [.int(3)]), ("items", [.int(5)]), ("items", [.int(21)]),
        ]
        var out: [String] = []
        for language in ["en", "ru"] {
            guard let locale = try? LocaleID(language) else { continue }
            for (key, arguments) in lookups {
                // i18next names a plural's number `count`: a value choosing by {count} gets it by name.
                var positional = arguments
                var named: [String: LocalizationArgument] = [:]
                if let entry = catalog.entry(forKey: key, locale: locale), entry.isMessageFormat, case .text(let text) = entry.content,
                    text.text.contains("{count"), arguments.count == 1
                {
                    named = ["count": arguments[0]]
                    positional = []
                }
                out.append("\(language) \(key) \(catalog.string(key, table: "Localizable", locale: locale, arguments: positional, named: named))")
            }
        }
        return out
    }

    @Test func everyPairOfFormatsKeepsTheStrings() throws {
        YAMLCatalog.register()
        let source = Self.temporary("matrix-source")
        try Self.writeFixture(source)
        let fixture = try Catalog(directory: source)
        let expected = Self.strings(fixture)
        #expect(expected.contains("ru items 5 предметов") && expected.contains("en quote Don't \"quote\" 100% & <tags>"), "\(expected)")
        var firsts: [CatalogConverter.Target: String] = [:]
        for format in Self.formats {
            let directory = Self.temporary("matrix-\(format.rawValue)")
            _ = try CatalogConverter.convert(fixture, to: format, directory: directory)
            let read = try Catalog(directory: directory)
            #expect(read.diagnostics.isEmpty, "\(format): \(read.diagnostics)")
            #expect(Self.strings(read) == expected, "fixture → \(format)")
            firsts[format] = directory
        }
        for from in Self.formats {
            let catalog = try Catalog(directory: try #require(firsts[from]))
            for to in Self.formats where to != from {
                let directory = Self.temporary("matrix-\(from.rawValue)-\(to.rawValue)")
                _ = try CatalogConverter.convert(catalog, to: to, directory: directory)
                let read = try Catalog(directory: directory)
                #expect(read.diagnostics.isEmpty, "\(from) → \(to): \(read.diagnostics)")
                #expect(Self.strings(read) == expected, "\(from) → \(to)")
            }
        }
    }
}

/// `FileManager`'s directory test, for the listing of written files.
enum CatalogListingProbe {
    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
#endif
