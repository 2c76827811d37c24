import Foundation
import ParlanceLint
import Testing

@testable import Parlance
@testable import ParlanceLocalization

/// Files written by `Scripts/make-reader-fixtures.py` (checked by Python's plistlib, whose
/// reading is stored next to each file as `.expected.json`).
enum ReaderFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Readers")

    static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: directory.appendingPathComponent(name))) }

    static func expected(_ name: String) throws -> NSDictionary {
        let data = try Data(contentsOf: directory.appendingPathComponent("\(name).expected.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    /// A property list node as plain Foundation values, to compare with plistlib's reading.
    static func plain(_ node: PlistNode) -> Any {
        switch node.value {
        case .string(let text): return text
        case .integer(let text), .real(let text), .date(let text): return text
        case .bool(let value): return value
        case .data: return "<data>"
        case .unsupported(let what): return "<\(what)>"
        case .array(let items), .set(let items): return items.map(plain)
        case .dictionary(let members):
            var out: [String: Any] = [:]
            for member in members { out[member.key] = plain(member.node) }
            return out
        }
    }

    /// A temporary catalog directory with the given files (relative path → bytes).
    static func catalog(_ files: [String: [UInt8]]) throws -> String {
        let root = NSTemporaryDirectory() + "parlance-readers-\(UUID().uuidString)"
        for (path, bytes) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return root
    }
}

@Suite("Readers accept what Apple accepts")
struct ReaderCompatibilityTests {
    @Test(".strings: unknown escapes keep the character, short and lowercase \\U/\\u as CoreFoundation reads them")
    func stringsEscapes() throws {
        let file = try StringsFile(text: #""a" = "don\’t";"b" = "\ה";"c" = "\U41\U00e9";"d" = "\u0041";"e" = "x\qy";"#, file: "e.strings")
        #expect(file.entries["a"] == "don’t")
        #expect(file.entries["b"] == "ה")
        #expect(file.entries["c"] == "Aé")  // \U41 is U+0041
        #expect(file.entries["d"] == "u0041")  // CoreFoundation knows \U only: \u is an unknown escape
        #expect(file.entries["e"] == "xqy")
    }

    @Test(".stringsdict with CDATA, entities in keys and comments anywhere reads as plistlib reads it")
    func xmlQuirks() throws {
        let bytes = try ReaderFixtures.bytes("quirks.stringsdict")
        let node = try PropertyListReader.read(bytes, file: "quirks.stringsdict")
        let ours = try #require(ReaderFixtures.plain(node) as? [String: Any])
        #expect(NSDictionary(dictionary: ours) == (try ReaderFixtures.expected("quirks")))
        let file = try StringsdictFile(bytes: bytes, file: "quirks.stringsdict")
        #expect(file.diagnostics.isEmpty)
        guard case .plural(let cart)? = file.entries["cart & checkout"] else {
            Issue.record("no entry")
            return
        }
        #expect(try cart.format(language: "en", locale: "en", arguments: [1]) == "1 item — \"one\" in <your> cart")
        #expect(try cart.format(language: "en", locale: "en", arguments: [3]) == "3  items in <your> cart")
        #expect(file.entries["<tag>"] != nil)
    }

    @Test("binary property lists are read by Parlance's own reader, as plistlib reads them")
    func binary() throws {
        let bytes = try ReaderFixtures.bytes("binary.stringsdict")
        let node = try PropertyListReader.read(bytes, file: "binary.stringsdict")
        let ours = try #require(ReaderFixtures.plain(node) as? [String: Any])
        #expect(NSDictionary(dictionary: ours) == (try ReaderFixtures.expected("binary")))
        let directory = try ReaderFixtures.catalog(["ru.lproj/Localizable.stringsdict": bytes])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory, developmentLanguage: "ru")
        #expect(try catalog.localizedString("items.count", locale: "ru", arguments: [21]) == "21 элемент")
        #expect(try catalog.localizedString("items.count", locale: "ru", arguments: [1000]) == "1\u{A0}000 элементов")
        #expect(try catalog.localizedString("device", locale: "ru") == "Press")
        let mac = try Catalog(directory: directory, developmentLanguage: "ru", device: "mac")
        #expect(try mac.localizedString("device", locale: "ru") == "Click")
        // NSStringVariableWidthRuleType: the widest variant that fits the width the caller passes.
        #expect(try catalog.localizedString("width", locale: "ru") == "Application settings")
        #expect(try catalog.localizedString("width", locale: "ru", width: 30) == "Settings")
        #expect(try catalog.localizedString("width", locale: "ru", width: 50) == "Application settings")
    }

    @Test("a binary property list holding a set is a located error, never a crash")
    func binarySet() throws {
        let bytes = try ReaderFixtures.bytes("set.stringsdict")
        #expect(bytes.count < 100)
        let error = try #require(throws: ParlanceError.self) { try StringsdictFile(bytes: bytes, file: "set.stringsdict") }
        #expect(error.code == .invalidFile && error.message.contains("a set"))
        let directory = try ReaderFixtures.catalog([
            "en.lproj/Localizable.stringsdict": bytes,
            "en.lproj/Localizable.strings": Array(#""ok" = "OK";"#.utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory)
        #expect(try catalog.localizedString("ok", locale: "en") == "OK")
        #expect(catalog.diagnostics.contains { $0.file.hasSuffix("set.stringsdict") || $0.file.hasSuffix("Localizable.stringsdict") })
        let report = try CatalogLinter().lint(directory: directory)
        #expect(report.diagnostics.map(\.rule) == [.unreadableFile])
        // Truncations and bit flips of a valid binary list never crash either.
        let valid = try ReaderFixtures.bytes("binary.stringsdict")
        for cut in stride(from: 0, to: valid.count, by: 7) {
            _ = try? StringsdictFile(bytes: Array(valid.prefix(cut)), file: "cut.stringsdict")
            var flipped = valid
            flipped[cut] ^= 0xA5
            _ = try? StringsdictFile(bytes: flipped, file: "flip.stringsdict")
        }
    }

    @Test("a UID, a null or an unknown object in a binary .stringsdict skips only its entry, with a located diagnostic")
    func binaryUnsupportedObjects() throws {
        let uid = try ReaderFixtures.bytes("uid.stringsdict")
        // The same file with the UID's marker (0x80, written by plistlib) turned into a null
        // (0x00) and into a marker no format version defines (0x70).
        let marker = try #require((0..<(uid.count - 1)).first { uid[$0] == 0x80 && uid[$0 + 1] == 0x07 })
        #expect((marker + 1..<(uid.count - 1)).allSatisfy { !(uid[$0] == 0x80 && uid[$0 + 1] == 0x07) })
        var null = uid
        null[marker] = 0x00
        var unknown = uid
        unknown[marker] = 0x70
        for (bytes, what) in [(uid, "a UID object (byte \(marker)"), (null, "null object (byte \(marker))"), (unknown, "unknown type 0x70 (byte \(marker))")] {
            let file = try StringsdictFile(bytes: bytes, file: "ru.lproj/Localizable.stringsdict")
            #expect(Set(file.entries.keys) == ["items.count", "device", "width"], "\(what)")
            let diagnostic = try #require(file.diagnostics.first)
            #expect(file.diagnostics.count == 1)
            #expect(diagnostic.key == "broken" && diagnostic.code == "malformed-entry" && diagnostic.file == "ru.lproj/Localizable.stringsdict")
            #expect(
                diagnostic.message.contains(#"the "other" variant of "n" must be a string, found "#) && diagnostic.message.contains(what),
                "\(diagnostic.message)")
        }
        let directory = try ReaderFixtures.catalog(["ru.lproj/Localizable.stringsdict": uid])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory, developmentLanguage: "ru")
        #expect(try catalog.localizedString("items.count", locale: "ru", arguments: [21]) == "21 элемент")
        let skipped = try #require(catalog.diagnostics.first { $0.key == "broken" })
        #expect(skipped.file.hasSuffix("ru.lproj/Localizable.stringsdict") && skipped.language == "ru" && skipped.message.contains("a UID object"))
    }

    @Test("%1#@count@ is read as %1$#@count@, as Foundation does")
    func positionWithoutDollar() throws {
        let plural = PluralFormat(format: "%1#@count@", variables: ["count": .init(valueType: "d", variants: [.one: "%d day", .other: "%d days"])])
        #expect(try plural.format(language: "en", locale: "en", arguments: [1]) == "1 day")
        #expect(try plural.format(language: "en", locale: "en", arguments: [4]) == "4 days")
    }

    @Test("one bad entry never fails the catalog: skipped, located, and the rest works")
    func oneBadEntry() throws {
        let good = ExampleCatalog.text("en.lproj/Localizable.stringsdict")
        let broken = good.replacingOccurrences(
            of: "<key>NSStringLocalizedFormatKey</key>", with: "<key>NSStringLocalizedFormatKeyX</key>",
            options: [], range: good.range(of: "<key>NSStringLocalizedFormatKey</key>"))
        #expect(broken != good)
        let directory = try ExampleCatalog.copy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(broken.utf8).write(to: URL(fileURLWithPath: directory + "/en.lproj/Localizable.stringsdict"))
        let catalog = try Catalog(directory: directory)
        let diagnostic = try #require(catalog.diagnostics.first { $0.code == "malformed-entry" })
        #expect(diagnostic.file.hasSuffix("en.lproj/Localizable.stringsdict") && diagnostic.line > 0 && diagnostic.language == "en")
        // Every other entry and language works; the skipped key falls back along the chain.
        let skipped = try #require(diagnostic.key)
        #expect(try catalog.localizedString("items.count", locale: "pl", arguments: [22]) == "22 elementy")
        let found = catalog.entry(forKey: skipped, locale: LocaleID("en"))
        #expect(found.map { $0.format != .stringsdict } ?? true)
        let others = try StringsdictFile(bytes: Array(broken.utf8), file: "en.stringsdict").entries.keys
        #expect(others.count == 4 && !others.contains(skipped))
        for key in others {
            #expect(catalog.entry(forKey: key, locale: LocaleID("en"))?.format == .stringsdict)
        }
    }

    @Test(".xcstrings: device variations, plural inside a device, substitutions that vary by device")
    func stringCatalogVariations() throws {
        let json = #"""
            { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
              "tap" : { "localizations" : { "en" : { "variations" : { "device" : {
                  "iphone" : { "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "Tap %lld time" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "Tap %lld times" } } } } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Click %lld times" } } } } } } },
              "files" : { "localizations" : { "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@files@ here" },
                  "substitutions" : { "files" : { "formatSpecifier" : "lld", "variations" : { "device" : {
                      "mac" : { "variations" : { "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg document" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg documents" } } } } },
                      "other" : { "variations" : { "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg file" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg files" } } } } } } } } } } } } } }
            """#
        let directory = try ReaderFixtures.catalog(["Localizable.xcstrings": Array(json.utf8)])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let phone = try Catalog(directory: directory, device: "iphone")
        #expect(try phone.localizedString("tap", locale: "en", arguments: [1]) == "Tap 1 time")
        #expect(try phone.localizedString("tap", locale: "en", arguments: [3]) == "Tap 3 times")
        #expect(try phone.localizedString("files", locale: "en", arguments: [1]) == "1 file here")
        let mac = try Catalog(directory: directory, device: "mac")
        #expect(try mac.localizedString("tap", locale: "en", arguments: [3]) == "Click 3 times")
        #expect(try mac.localizedString("files", locale: "en", arguments: [2]) == "2 documents here")
        #expect(mac.diagnostics.isEmpty)
    }
}

@Suite(".xcstrings substitutions bind the argument .stringsdict binds")
struct SubstitutionBindingTests {
    /// The same German entry written as `.stringsdict` and as `.xcstrings` (no `argNum`).
    static let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>recent</key><dict>
          <key>NSStringLocalizedFormatKey</key><string>%#@posts@ von %#@people@</string>
          <key>posts</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>lld</string>
            <key>one</key><string>%lld aktueller Beitrag</string><key>other</key><string>%lld aktuelle Beiträge</string></dict>
          <key>people</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>lld</string>
            <key>one</key><string>%lld Teilnehmendem</string><key>other</key><string>%lld Teilnehmenden</string></dict>
        </dict>
        <key>mixed</key><dict>
          <key>NSStringLocalizedFormatKey</key><string>%#@people@ / %#@posts@</string>
          <key>people</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>lld</string>
            <key>one</key><string>%lld person</string><key>other</key><string>%lld people</string></dict>
          <key>posts</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>lld</string>
            <key>one</key><string>%lld post</string><key>other</key><string>%lld posts</string></dict>
        </dict>
        </dict></plist>
        """

    static func unit(_ value: String) -> String { #"{ "stringUnit" : { "state" : "translated", "value" : "\#(value)" } }"# }

    static func substitution(_ name: String, one: String, other: String) -> String {
        #""\#(name)" : { "formatSpecifier" : "lld", "variations" : { "plural" : { "one" : \#(unit(one)), "other" : \#(unit(other)) } } }"#
    }

    static let xcstrings = """
        { "sourceLanguage" : "de", "version" : "1.0", "strings" : {
          "recent" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "%#@posts@ von %#@people@" },
            "substitutions" : { \(substitution("posts", one: "%arg aktueller Beitrag", other: "%arg aktuelle Beiträge")),
                                \(substitution("people", one: "%arg Teilnehmendem", other: "%arg Teilnehmenden")) } } } },
          "mixed" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "%#@people@ / %#@posts@" },
            "substitutions" : { \(substitution("people", one: "%lld person", other: "%lld people")),
                                \(substitution("posts", one: "%lld post", other: "%lld posts")) } } } } } }
        """

    @Test("without argNum, substitutions take the arguments in the order of their tokens; a literal %lld is the substitution's own argument")
    func sameAsStringsdict() throws {
        let plist = try ReaderFixtures.catalog(["de.lproj/Localizable.stringsdict": Array(Self.stringsdict.utf8)])
        let json = try ReaderFixtures.catalog(["Localizable.xcstrings": Array(Self.xcstrings.utf8)])
        defer {
            try? FileManager.default.removeItem(atPath: plist)
            try? FileManager.default.removeItem(atPath: json)
        }
        let fromPlist = try Catalog(directory: plist, developmentLanguage: "de")
        let fromJSON = try Catalog(directory: json)
        for arguments: [Int] in [[5, 3], [1, 1], [1, 5], [2, 1]] {
            let expected = try fromPlist.localizedString("recent", locale: "de", arguments: arguments)
            #expect(try fromJSON.localizedString("recent", locale: "de", arguments: arguments) == expected, "\(arguments)")
            let mixed = try fromPlist.localizedString("mixed", locale: "de", arguments: arguments)
            #expect(try fromJSON.localizedString("mixed", locale: "de", arguments: arguments) == mixed, "\(arguments)")
        }
        #expect(try fromJSON.localizedString("recent", locale: "de", arguments: [5, 3]) == "5 aktuelle Beiträge von 3 Teilnehmenden")
        #expect(try fromJSON.localizedString("mixed", locale: "de", arguments: [1, 5]) == "1 person / 5 posts")
    }
}

@Suite("Finding the table for a locale")
struct NegotiationTests {
    @Test("no locale of the chain in the catalog: LocaleMatcher negotiates before the development language")
    func negotiated() throws {
        let directory = try ReaderFixtures.catalog([
            "en.lproj/Localizable.strings": Array(#""hello" = "Hello";"#.utf8),
            "zh-Hant-TW.lproj/Localizable.strings": Array(#""hello" = "哈囉";"#.utf8),
            "nb.lproj/Localizable.strings": Array(#""hello" = "Hei";"#.utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory)
        let hongKong = try catalog.lookup("hello", locale: LocaleID("zh-HK"))
        #expect(hongKong.text == "哈囉" && hongKong.locale.identifier == "zh_Hant_TW")
        let norwegian = try catalog.lookup("hello", locale: LocaleID("no"))
        #expect(norwegian.text == "Hei" && norwegian.locale.identifier == "nb")
        // No match: the development language, and the lookup says so.
        let japanese = try catalog.lookup("hello", locale: LocaleID("ja"))
        #expect(japanese.text == "Hello" && japanese.locale.identifier == "en")
    }

    @Test("string(…) falls back to the development language's value when a translation is malformed")
    func uiFallback() throws {
        let directory = try ReaderFixtures.catalog([
            "en.lproj/Localizable.strings": Array(#""count" = "%d files";"#.utf8),
            "fr.lproj/Localizable.strings": Array(#""count" = "%k fichiers";"#.utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory)
        #expect(catalog.string("count", locale: "fr", arguments: [3]) == "3 files")
        let error = try #require(throws: ParlanceError.self) { try catalog.localizedString("count", locale: "fr", arguments: [3]) }
        #expect(error.code == .invalidFile && error.message.contains("fr.lproj/Localizable.strings:1:11"))
        // Plain Swift values are arguments.
        let count = 3
        #expect(try catalog.localizedString("count", locale: "en", arguments: [count]) == "3 files")
    }
}
