import Foundation
import Logging
@_spi(ParlanceInternals) import Parlance
import Testing

@testable import ParlanceLocalization

/// A catalog on disk in 20 languages: each has `language` (its own tag), `greeting`, and
/// en/ru/ar have a stringsdict `items.count`. Written once per process into a temp directory
/// and parsed by the real `Catalog` reader.
enum ManagerFixture {
    static let greetings: [(tag: String, greeting: String)] = [
        ("en", "Hello"), ("fr", "Bonjour"), ("de", "Hallo"), ("es", "Hola"), ("it", "Ciao"),
        ("pt-BR", "Olá"), ("ru", "Привет"), ("pl", "Cześć"), ("ar", "مرحبا"), ("he", "שלום"),
        ("ja", "こんにちは"), ("zh-Hans", "你好"), ("ko", "안녕하세요"), ("tr", "Merhaba"), ("nl", "Hallo!"),
        ("sv", "Hej"), ("fa", "سلام"), ("uk", "Привіт"), ("hi", "नमस्ते"), ("el", "Γειά σου"),
    ]
    static let rightToLeft: Set<String> = ["ar", "he", "fa"]

    static let directory: String = {
        let directory = NSTemporaryDirectory() + "parlance-manager-\(getpid())-\(UUID().uuidString)"
        for (tag, greeting) in greetings {
            let lproj = "\(directory)/\(tag).lproj"
            try! FileManager.default.createDirectory(atPath: lproj, withIntermediateDirectories: true)
            let strings = "\"language\" = \"\(tag)\";\n\"greeting\" = \"\(greeting)\";\n\"welcome\" = \"%@ — \(greeting)\";\n"
            try! strings.write(toFile: "\(lproj)/Localizable.strings", atomically: true, encoding: .utf8)
        }
        let plurals: [String: [(String, String)]] = [
            "en": [("one", "%d item"), ("other", "%d items")],
            "ru": [("one", "%d элемент"), ("few", "%d элемента"), ("many", "%d элементов"), ("other", "%d элемента")],
            "ar": [("zero", "لا عناصر"), ("one", "عنصر واحد"), ("two", "عنصران"), ("few", "%d عناصر"), ("many", "%d عنصرًا"), ("other", "%d عنصر")],
        ]
        for (tag, forms) in plurals {
            let variants = forms.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined()
            let plist = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0"><dict><key>items.count</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@items@</string>
                <key>items</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>\(variants)</dict>
                </dict></dict></plist>
                """
            try! plist.write(toFile: "\(directory)/\(tag).lproj/Localizable.stringsdict", atomically: true, encoding: .utf8)
        }
        return directory
    }()

    /// The catalog is read completely when it is created (`loadAllLocales()`: a catalog parses
    /// each locale on first use otherwise); the temporary folder goes right after.
    static let catalog: Catalog = {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try! Catalog(directory: directory, developmentLanguage: "en")
        catalog.loadAllLocales()
        return catalog
    }()

    static func manager(
        environment: [String: String] = [:], store: (any LanguagePreferenceStore)? = nil,
        logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    ) -> LanguageManager {
        LanguageManager(catalog: catalog, store: store, environment: environment, logger: logger)
    }

    static func locale(_ tag: String) -> LocaleID { try! LocaleID(tag) }
}

/// A swift-log handler that keeps what it receives, to check that warnings are logged.
final class RecordingLogHandler: LogHandler, @unchecked Sendable {
    // `Sendable` notes: all mutable state is behind the lock; `metadata`/`logLevel` are
    // set once before the logger is shared.
    let records = Locked<[(level: Logger.Level, message: String, metadata: Logger.Metadata?)]>([])
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        records.withLock { $0.append((event.level, event.message.description, event.metadata)) }
    }
}

@Suite("LanguageManager: system languages from the environment")
struct LanguageManagerEnvironmentTests {
    @Test(
        arguments: [
            (["LANG": "pt_BR.UTF-8"], ["pt-BR"]),
            (["LANGUAGE": "fr:de"], ["fr", "de"]),
            (["LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"], ["fr", "de", "en-US"]),
            (["LC_ALL": "C"], []),
            (["LC_ALL": "C", "LANGUAGE": "fr:de", "LANG": "de_DE.UTF-8"], []),
            (["LC_ALL": "POSIX"], []),
            (["LANG": "C.UTF-8", "LANGUAGE": "fr"], []),
            (["LANG": "sr_RS@latin"], ["sr-Latn-RS"]),
            (["LANG": "sr_RS.UTF-8@latin"], ["sr-Latn-RS"]),
            (["LANG": "uz_UZ@cyrillic"], ["uz-Cyrl-UZ"]),
            (["LANG": "ca_ES.UTF-8@valencia"], ["ca-ES-valencia"]),
            (["LANG": "de_DE.ISO-8859-15@euro"], ["de-DE"]),
            (["LC_ALL": "", "LC_MESSAGES": "ja_JP.eucJP", "LANG": "fr_FR"], ["ja-JP"]),
            (["LC_ALL": "es_MX.UTF-8", "LC_MESSAGES": "ja_JP", "LANG": "fr_FR"], ["es-MX"]),
            (["LANG": "es_419.UTF-8"], ["es-419"]),
            (["LANGUAGE": "fr::C:de_CH:fr", "LANG": "en_GB.UTF-8"], ["fr", "de-CH", "en-GB"]),
            (["LANG": "not a locale!"], []),
            ([:], []),
        ] as [([String: String], [String])])
    func parsesTheEnvironment(environment: [String: String], expected: [String]) {
        #expect(SystemLanguages.preferred(in: environment).map(\.languageTag) == expected)
    }

    @Test func posixLocaleFallsBackToTheDevelopmentLanguage() {
        let manager = ManagerFixture.manager(environment: ["LC_ALL": "C", "LANGUAGE": "fr:de"])
        #expect(manager.choice == .system)
        #expect(manager.effectiveLocale == ManagerFixture.locale("en"))
        #expect(manager.string("greeting") == "Hello")
    }

    @Test func languageListIsNegotiatedInOrder() {
        // "xx" is supported by no one; "de-AT" is closest to the supported "de".
        let manager = ManagerFixture.manager(environment: ["LANGUAGE": "xx:de_AT:fr", "LANG": "es_ES.UTF-8"])
        #expect(manager.effectiveLocale == ManagerFixture.locale("de"))
        #expect(manager.systemLanguage == ManagerFixture.locale("de"))
        #expect(manager.state.requested.map(\.languageTag) == ["xx", "de-AT", "fr", "es-ES"])
    }

    @Test func brazilianPortugueseAndSerbianLatin() throws {
        #expect(ManagerFixture.manager(environment: ["LANG": "pt_BR.UTF-8"]).effectiveLocale == ManagerFixture.locale("pt-BR"))
        let serbian = try LanguageManager(
            supportedLanguages: [LocaleID("en"), LocaleID("sr-Cyrl"), LocaleID("sr-Latn")],
            environment: ["LANG": "sr_RS@latin"])
        #expect(serbian.effectiveLocale == ManagerFixture.locale("sr-Latn"))
    }
}

@Suite("LanguageManager: switching, lookup, direction, picker")
struct LanguageManagerSwitchingTests {
    @Test func supportedLanguagesComeFromTheCatalogDevelopmentLanguageFirst() {
        let manager = ManagerFixture.manager()
        #expect(manager.supportedLanguages.count == 20)
        #expect(manager.supportedLanguages.first == ManagerFixture.locale("en"))
        #expect(Set(manager.supportedLanguages.map(\.languageTag)) == Set(ManagerFixture.greetings.map(\.tag)))
    }

    @Test func switchingTakesEffectForTheNextLookup() throws {
        let manager = ManagerFixture.manager(environment: ["LANG": "fr_FR.UTF-8"])
        #expect(try manager.localizedString("greeting") == "Bonjour")
        try manager.setLanguage("ar")
        #expect(manager.direction == .rightToLeft)
        #expect(try manager.localizedString("greeting") == "مرحبا")
        #expect(try manager.localizedString("items.count", arguments: [3]) == "٣ عناصر")
        try manager.setLanguage(.language(LocaleID("ru")))
        #expect(manager.direction == .leftToRight)
        #expect(try manager.localizedString("items.count", arguments: [21]) == "21 элемент")
        #expect(try manager.localizedString("items.count", arguments: [1000]) == "1\u{A0}000 элементов")
        // Formatter caches are keyed by locale: back in English the grouping is English.
        try manager.setLanguage("en")
        #expect(try manager.localizedString("items.count", arguments: [1000]) == "1,000 items")
        #expect(try manager.localizedString("welcome", arguments: ["Ana"]) == "Ana — Hello")
        try manager.setLanguage(.system)
        #expect(manager.effectiveLocale == ManagerFixture.locale("fr"))
        #expect(manager.state.generation == 4)
    }

    @Test func unsupportedLanguageIsAnErrorUnlessNegotiated() throws {
        let manager = ManagerFixture.manager()
        let before = manager.state
        #expect(throws: ParlanceError.self) { try manager.setLanguage("fr-CA") }
        do {
            try manager.setLanguage("sw")
            Issue.record("sw is not supported")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("sw"))
        }
        #expect(manager.state == before)
        let negotiated = try manager.setLanguage("fr-CA", matching: .negotiate)
        #expect(negotiated.locale == ManagerFixture.locale("fr"))
        #expect(negotiated.choice == .language(ManagerFixture.locale("fr")))
        #expect(negotiated.requested == [ManagerFixture.locale("fr-CA")])
        #expect(throws: ParlanceError.self) { try manager.setLanguage("th", matching: .negotiate) }
        // CLDR language matching lets Swahili speakers fall back to English (languageInfo.xml, distance 30, one way).
        #expect(try manager.resolve(.language(LocaleID("sw")), matching: .negotiate).locale == ManagerFixture.locale("en"))
        // The same language with likely subtags is the supported one.
        #expect(try manager.setLanguage("zh-Hans-CN", matching: .exact).locale == ManagerFixture.locale("zh-Hans"))
        #expect(throws: ParlanceError.self) { try manager.setLanguage("en US") }
    }

    @Test func pickerNamesEachLanguageInItself() throws {
        let manager = ManagerFixture.manager()
        let options = Dictionary(uniqueKeysWithValues: manager.languageOptions.map { ($0.id, $0) })
        #expect(options["ar"]?.nativeName == "العربية")
        #expect(options["ar"]?.direction == .rightToLeft)
        #expect(options["ja"]?.nativeName == "日本語")
        #expect(options["es"]?.nativeName == "Español")
        #expect(options["es"]?.localizedName == "Spanish")
        try manager.setLanguage("fr")
        #expect(manager.languageOptions.first { $0.id == "es" }?.localizedName == "Espagnol")
    }

    @Test func managerWithoutCatalog() throws {
        let manager = try LanguageManager(supportedLanguages: [LocaleID("en"), LocaleID("he")], environment: ["LANG": "he_IL.UTF-8"])
        #expect(manager.direction == .rightToLeft)
        #expect(manager.string("greeting") == "greeting")
        #expect(throws: ParlanceError.self) { try manager.localizedString("greeting") }
        #expect(throws: ParlanceError.self) { try LanguageManager(supportedLanguages: [LocaleID]()) }
    }
}
