import Foundation
import Parlance
import ParlanceLint
import ParlanceLocalization
import ParlanceTestSupport
import Testing

/// Android `res/values*/strings.xml`: the reader against a fixture `res` directory written as
/// Android Studio writes it (every escape, quoting, CDATA, `<xliff:g>`, `translatable`, the
/// locale qualifiers and configuration qualifiers), lookups through `Catalog`, malformed files,
/// and the `<plurals>` lint findings against CLDR.
@Suite struct AndroidStringsTests {
    static let res = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Android/res").path

    static func text(_ catalog: Catalog, _ key: String, _ locale: String) throws -> String? {
        guard case .text(let text)? = catalog.entry(forKey: key, locale: try LocaleID(locale))?.content else { return nil }
        return text.text
    }

    static func temporary(_ prefix: String) throws -> String { try CatalogFixture.scratchDirectory(prefix) }

    @Test func everyEscapeDecodesAsAndroidsCompilerDoes() throws {
        let catalog = try Catalog(directory: Self.res)
        let expected: [(String, String)] = [
            ("welcome", "Welcome, %1$s!"),
            ("apostrophe", "Don't say \"hi\""),
            ("newline_tab", "Line one\nLine\ttwo"),
            ("at_sign", "@home"),
            ("question", "?mark"),
            ("unicode", "café"),
            ("backslash", "a\\b"),
            ("quoted_space", "  two  spaces  "),
            ("quoted_apostrophe", "It's here"),
            ("collapsed", "many spaces here"),
            ("cdata", "Tom & Jerry <3"),
            ("entities", "Tom & Jerry <3"),
            ("app_name", "Parlance"),
            ("planets[0]", "Mercury"),
            ("planets[1]", "Venus"),
        ]
        for (key, value) in expected {
            #expect(try Self.text(catalog, key, "en") == value, "\(key)")
        }
        let welcome = try #require(catalog.entry(forKey: "welcome", locale: "en"))
        #expect(welcome.comment == "Shown on the welcome screen")
        #expect(welcome.format == .android)
        #expect(welcome.location.line == 4)
        #expect(welcome.isTranslatable)
        #expect(catalog.entry(forKey: "app_name", locale: "en")?.isTranslatable == false)
        // colors.xml holds no strings: no table.
        #expect(!catalog.tableNames.contains("colors"))
        #expect(catalog.tableNames == ["Localizable"])
    }

    @Test func qualifiersNameLocalesAndConfigurationFoldersAreIgnored() throws {
        let catalog = try Catalog(directory: Self.res)
        #expect(try Self.text(catalog, "welcome", "fr") == "Bienvenue, %1$s !")
        #expect(try Self.text(catalog, "welcome", "pt-BR") == "Bem-vindo, %1$s!")
        #expect(try Self.text(catalog, "welcome", "sr-Latn") == "Dobrodošli, %1$s!")
        #expect(try Self.text(catalog, "welcome", "pl") == "Witaj, %1$s!")
        // values-night and values-v21 are configurations, not languages.
        let ignored = catalog.diagnostics.filter { $0.code == "ignored-file" }.map { ($0.file as NSString).lastPathComponent }.sorted()
        #expect(ignored == ["values-night", "values-v21"])
        #expect(catalog.diagnostics.filter { $0.code == "ignored-file" }.allSatisfy { $0.message.contains("not a language") })
        #expect(AndroidLayout.folder("values-b+sr+Latn+RS") == .locale(LocaleID("sr-Latn-RS")))
        #expect(AndroidLayout.folder("values-mcc310-en-rUS") == .locale(LocaleID("en-US")))
        #expect(AndroidLayout.folder("values-fr-land").map { if case .ignored = $0 { true } else { false } } == true)
        #expect(AndroidLayout.folder("values-car").map { if case .ignored = $0 { true } else { false } } == true)
        #expect(AndroidLayout.folder("drawable") == nil)
        #expect(AndroidLayout.folderName(LocaleID("pt-BR")) == "values-pt-rBR")
        #expect(AndroidLayout.folderName(LocaleID("sr-Latn")) == "values-b+sr+Latn")
    }

    @Test func lookupsFormatPluralsArraysAndTheDevelopmentLanguage() throws {
        let catalog = try Catalog(directory: Self.res)
        #expect(try catalog.localizedString("songs", locale: "en", arguments: [1]) == "1 song")
        #expect(try catalog.localizedString("songs", locale: "en", arguments: [3]) == "3 songs")
        // Android never shows an English zero item: 0 takes other.
        #expect(try catalog.localizedString("songs", locale: "en", arguments: [0]) == "0 songs")
        let million = try catalog.localizedString("songs", locale: "fr", arguments: [1_000_000])
        // fr many (1,000,000): the number is formatted as French groups it.
        #expect(million.hasSuffix(" de chansons") && million.hasPrefix("1"), "\(million)")
        #expect(try catalog.localizedString("songs", locale: "pl", arguments: [3]) == "3 piosenki")
        #expect(try catalog.localizedString("files_in", locale: "en", arguments: [2, "Music"]) == "2 files in Music")
        #expect(try catalog.localizedString("welcome", locale: "de", arguments: ["Ana"]) == "Welcome, Ana!")
        #expect(try catalog.localizedString("planets[1]", locale: "fr") == "Venus")
    }

    @Test func malformedFilesAreLocatedAndKeepTheirGoodResources() throws {
        let res = try Self.temporary("android-bad")
        try FileManager.default.createDirectory(atPath: res + "/values", withIntermediateDirectories: true)
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
                <string name="good">Good</string>
                <string>no name</string>
                <string name="apostrophe">It's bad</string>
                <plurals name="empty"></plurals>
                <plurals name="songs"><item>no quantity</item><item quantity="other">%d songs</item></plurals>
                <string name="bad_unicode">\\u12</string>
                <string name="styled">A <b>bold</b> word</string>
                <string name="after">Kept</string>
                <string name="broken">Unclosed
            </resources>
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: res + "/values/strings.xml"))
        let file = try AndroidStringsFile(reading: res + "/values/strings.xml")
        #expect(file.records.map(\.key) == ["good", "apostrophe", "songs", "bad_unicode", "styled", "after"])
        let found = file.diagnostics.map { "\($0.line):\($0.code)" }
        #expect(found.contains("4:malformed-entry"), "\(file.diagnostics)")
        #expect(found.contains("5:android-escape"), "\(file.diagnostics)")
        #expect(found.contains("6:malformed-entry"), "\(file.diagnostics)")
        #expect(found.contains("7:malformed-entry"), "\(file.diagnostics)")
        #expect(found.contains("8:android-escape"), "\(file.diagnostics)")
        #expect(found.contains("9:android-markup"), "\(file.diagnostics)")
        let xml = try #require(file.diagnostics.last)
        #expect(xml.code == "unreadable-file")
        #expect(xml.line >= 11 && xml.message.contains("malformed XML"), "\(xml)")
        guard case .text(let styled) = file.records[4].content else { throw AndroidTestFailure("styled is not a text") }
        #expect(styled.text == "A bold word")
        // Through a catalog: the good entries are there, the diagnostics carry the language.
        let catalog = try Catalog(directory: res)
        #expect(try catalog.localizedString("after", locale: "en") == "Kept")
        #expect(catalog.diagnostics.contains { $0.code == "unreadable-file" && $0.file.hasSuffix("values/strings.xml") })
    }

    @Test func externalEntitiesAreNotRead() throws {
        let res = try Self.temporary("android-xxe")
        try FileManager.default.createDirectory(atPath: res + "/values", withIntermediateDirectories: true)
        let secret = res + "/secret.txt"
        try Data("TOP SECRET".utf8).write(to: URL(fileURLWithPath: secret))
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE resources [<!ENTITY leak SYSTEM "file://\(secret)">]>
            <resources>
                <string name="leak">x&leak;y</string>
                <string name="plain">Plain</string>
            </resources>
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: res + "/values/strings.xml"))
        let file = AndroidStringsFile(bytes: Array(text.utf8), file: res + "/values/strings.xml")
        for record in file.records {
            guard case .text(let value) = record.content else { continue }
            #expect(!value.text.contains("TOP SECRET"))
        }
        // No document type declaration is read at all: its line is the file's one diagnostic.
        #expect(file.records.isEmpty)
        #expect(file.diagnostics.map { "\($0.line):\($0.column) \($0.code)" } == ["2:1 unreadable-file"], "\(file.diagnostics)")
    }

    @Test func internalEntitiesAreNotExpanded() {
        // "Billion laughs": ten levels of ten references would be 10^9 copies if expanded.
        var declarations = "<!ENTITY l0 \"lol\">"
        for level in 1...9 {
            declarations += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
        }
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE resources [\(declarations)]>\n<resources><string name=\"a\">&l9;</string></resources>\n"
        let file = AndroidStringsFile(bytes: Array(text.utf8), file: "values/strings.xml")
        #expect(file.records.isEmpty)
        #expect(file.diagnostics.first?.line == 2 && file.diagnostics.first?.code == "unreadable-file", "\(file.diagnostics)")
    }

    @Test func encodeEscapesWhatAndroidWouldChange() {
        #expect(AndroidStringsFile.encode("Don't \"x\" a\\b\n\t<&>") == "Don\\'t \\\"x\\\" a\\\\b\\n\\t&lt;&amp;&gt;")
        #expect(AndroidStringsFile.encode("@home") == "\\@home")
        #expect(AndroidStringsFile.encode("?mark") == "\\?mark")
        #expect(AndroidStringsFile.encode("  two  ") == "\"  two  \"")
        for text in ["Don't \"x\" a\\b\n\t<&>", "@home", "?x", "  two  spaces ", "café \u{1}", "plain"] {
            let encoded = AndroidStringsFile.encode(text)
            // Entities are the XML parser's: decode them as it would before Android's rules.
            let xml = encoded.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&amp;", with: "&")
            #expect(AndroidStringsFile.decode(xml).text == text, "\(text)")
        }
    }

    @Test func lintReportsCLDRQuantities() throws {
        let report = try CatalogLinter().lint(directory: Self.res)
        let plurals = report.diagnostics.filter { $0.key == "songs" }
        // Polish needs many (5, 6, …); Czech needs few (2–4) and has many only for decimals.
        #expect(plurals.contains { $0.rule == .pluralMissingCategory && $0.language == "pl" && $0.message.contains("many") }, "\(plurals)")
        #expect(plurals.contains { $0.rule == .pluralMissingCategory && $0.language == "cs" && $0.message.contains("few") }, "\(plurals)")
        // English zero is never chosen by Android: said so.
        let zero = try #require(plurals.first { $0.rule == .pluralUnusedCategory && $0.message.contains("zero") })
        #expect(zero.message.contains("never shown") && zero.message.contains("0 takes other"), "\(zero)")
        #expect(zero.line == 20)
        // French many (1,000,000) is given: no finding for fr.
        #expect(!plurals.contains { $0.language == "fr" && $0.rule == .pluralMissingCategory })
        // translatable="false" is not reported missing anywhere.
        #expect(!report.diagnostics.contains { $0.key == "app_name" && $0.rule == .missingTranslation })
        #expect(report.diagnostics.contains { $0.key == "apostrophe" && $0.rule == .missingTranslation && $0.language == "pl" })
    }
}

struct AndroidTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
