import Foundation
import Parlance
import ParlanceLocalization

extension ShowcaseCommand {
    /// A small sample catalog (en, fr, ar, he, ru, ja) written to a temporary directory and
    /// read back by the real `.strings`/`.stringsdict` readers.
    static let languageManagerSample: [(tag: String, strings: [String: String], plural: [(String, String)])] = [
        ("en", ["title": "Settings", "greeting": "Hello, %@!"], [("one", "%d new message"), ("other", "%d new messages")]),
        ("fr", ["title": "Réglages", "greeting": "Bonjour, %@ !"], [("one", "%d nouveau message"), ("other", "%d nouveaux messages")]),
        (
            "ar", ["title": "الإعدادات", "greeting": "مرحبًا، %@!"],
            [
                ("zero", "لا رسائل جديدة"), ("one", "رسالة جديدة واحدة"), ("two", "رسالتان جديدتان"),
                ("few", "%d رسائل جديدة"), ("many", "%d رسالة جديدة"), ("other", "%d رسالة جديدة"),
            ]
        ),
        ("he", ["title": "הגדרות", "greeting": "שלום, %@!"], [("one", "הודעה חדשה אחת"), ("two", "%d הודעות חדשות"), ("other", "%d הודעות חדשות")]),
        (
            "ru", ["title": "Настройки", "greeting": "Привет, %@!"],
            [("one", "%d новое сообщение"), ("few", "%d новых сообщения"), ("many", "%d новых сообщений"), ("other", "%d нового сообщения")]
        ),
        ("ja", ["title": "設定", "greeting": "こんにちは、%@さん!"], [("other", "新着メッセージ%d件")]),
    ]

    /// Writes the sample catalog and returns its directory.
    static func writeLanguageManagerSample() throws -> String {
        let directory = NSTemporaryDirectory() + "parlance-showcase-\(getpid())"
        for (tag, strings, plural) in languageManagerSample {
            let lproj = "\(directory)/\(tag).lproj"
            try FileManager.default.createDirectory(atPath: lproj, withIntermediateDirectories: true)
            let text = strings.sorted { $0.key < $1.key }.map { "\"\($0.key)\" = \"\($0.value)\";" }.joined(separator: "\n")
            try text.write(toFile: "\(lproj)/Localizable.strings", atomically: true, encoding: .utf8)
            let variants = plural.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined()
            let plist = """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>messages</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>\(variants)</dict></dict></dict></plist>
                """
            try plist.write(toFile: "\(lproj)/Localizable.stringsdict", atomically: true, encoding: .utf8)
        }
        return directory
    }

    /// LanguageManager: one process switching language at runtime, then per-request languages.
    func languageManagerSection() throws {
        print("Language manager: runtime switching (same keys, one manager, each language's direction)")
        let directory = try Self.writeLanguageManagerSample()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try CLIError.wrap { try Catalog(loading: directory, developmentLanguage: "en") }
        // A fixed environment so the output does not depend on the machine's LANG.
        let manager = LanguageManager(catalog: catalog, environment: ["LANG": "fr_FR.UTF-8"])
        var rows: [[String]] = []
        func row(_ label: String) {
            let state = manager.state  // one snapshot: string, locale and direction agree
            rows.append([
                label, state.locale.languageTag, state.direction.rawValue, state.string("title"),
                state.string("greeting", arguments: ["Ana"]),
                [1, 5].map { state.string("messages", arguments: [.int($0)]) }.joined(separator: " · "),
            ])
        }
        row("system (LANG=fr_FR)")
        for tag in ["ar", "he", "ru", "ja", "en"] {
            _ = try CLIError.wrap { try manager.setLanguage(tag, persist: false) }
            row("set \"\(tag)\"")
        }
        _ = try CLIError.wrap { try manager.setLanguage("fr-CA", matching: .negotiate, persist: false) }
        row("\"fr-CA\", negotiated")
        print(Table(header: ["choice", "effective", "dir", "title", "greeting", "messages: 1 · 5"], rows: rows).rendered)
        let unsupported: String
        do {
            try manager.setLanguage("de", persist: false)
            unsupported = "accepted?"
        } catch {
            unsupported = "\(error)"
        }
        print("  setLanguage(\"de\") → \(unsupported)")
        print("  picker: " + manager.languageOptions.map { "\($0.nativeName) (\($0.localizedName))" }.joined(separator: ", "))
        print()
        print("Per-request language (task-local), global language stays \(manager.effectiveLocale.languageTag)")
        var requests: [[String]] = []
        for header in ["ar-EG, en;q=0.5", "pt-PT, ru;q=0.8", "he", "de-CH, *;q=0.1"] {
            let answer = manager.withLanguage(acceptLanguage: header) {
                [header, manager.effectiveLocale.languageTag, manager.direction.rawValue, manager.string("messages", arguments: [3])]
            }
            requests.append(answer)
        }
        print(Table(header: ["Accept-Language", "language", "dir", "messages(3)"], rows: requests).rendered)
    }
}
