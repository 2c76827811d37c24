import Foundation
import Logging
import Parlance
import ParlanceLint
import ParlanceTestSupport
import Testing

@testable import ParlanceLocalization

/// Plural mistakes a new user makes: each is on `catalog.diagnostics` when the catalog loads,
/// logged once, and reported once by lint.
@Suite("Catalog loading records plural mistakes")
struct CatalogLoadDiagnosticsTests {
    static func plist(_ key: String, variants: [(String, String)], type: String = "d") -> String {
        CatalogFixture.pluralStringsdict(key, variants: variants, type: type)
    }

    /// ru with the typo `fwe`, en without `other`, ar whose `few` takes `%@`.
    static let files: [String: String] = [
        "ru.lproj/Localizable.stringsdict": plist(
            "new.messages",
            variants: [("one", "%d новое сообщение"), ("fwe", "%d новых сообщения"), ("many", "%d новых сообщений"), ("other", "%d нового сообщения")]),
        "en.lproj/Localizable.stringsdict": plist("files", variants: [("one", "%d file")]),
        "ar.lproj/Localizable.stringsdict": plist(
            "new.messages",
            variants: [("zero", "%d رسائل"), ("one", "%d رسالة"), ("two", "%d رسالتان"), ("few", "%@ رسائل"), ("many", "%d رسالة"), ("other", "%d رسالة")]),
    ]

    static func make() throws -> String { try CatalogFixture.directory("parlance-load", files: files) }

    static func line(of needle: String, in text: String) -> Int { CatalogFixture.line(of: needle, in: text) }

    @Test("the typo fwe, a plural without other and a %@ for a %d number are located diagnostics")
    func recordedAtLoad() throws {
        let directory = try Self.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory)
        // The wrong texts they cause, which nothing else reports at run time.
        #expect(try catalog.localizedString("new.messages", locale: "ru", arguments: [3]) == "3 нового сообщения")
        #expect(try catalog.localizedString("files", locale: "en", arguments: [5]) == "5 file")
        let diagnostics = catalog.diagnostics
        #expect(diagnostics.count == 3, "\(diagnostics)")

        let typo = try #require(diagnostics.first { $0.code == "plural-unknown-category" })
        let ruText = try #require(Self.files["ru.lproj/Localizable.stringsdict"])
        #expect(typo.file == directory + "/ru.lproj/Localizable.stringsdict" && typo.language == "ru" && typo.key == "new.messages")
        #expect(typo.line == Self.line(of: "<string>%d новых сообщения</string>", in: ruText) && typo.column == 4)
        #expect(typo.message.contains(#""fwe" in the variable "n" is not a plural category"#), "\(typo.message)")

        let other = try #require(diagnostics.first { $0.code == "plural-missing-other" })
        #expect(other.language == "en" && other.key == "files" && other.line == 8 && other.column == 3)
        #expect(other.message.contains(#"the variable "n" has no "other" variant"#), "\(other.message)")

        let conflict = try #require(diagnostics.first { $0.code == "argument-type-conflict" })
        #expect(conflict.language == "ar" && conflict.key == "new.messages" && conflict.line == 7)
        #expect(conflict.message.contains("argument 1 is used as %d (integer) and as %@ (object)"), "\(conflict.message)")
    }

    @Test("each problem is logged once per catalog load, however many lookups follow")
    func loggedOnce() throws {
        let directory = try Self.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let handler = RecordingLogHandler()
        let logger = Logger(label: "test", factory: { _ in handler })
        try CatalogRuntime.$logger.withValue(logger) {
            let catalog = try Catalog(directory: directory)
            for _ in 0..<3 {
                for locale in ["ru", "ru-UA", "en", "ar", "fr"] {
                    _ = try? catalog.localizedString("new.messages", locale: LocaleID(locale), arguments: [3])
                    _ = try? catalog.localizedString("files", locale: LocaleID(locale), arguments: [5])
                }
                _ = catalog.diagnostics
                catalog.loadAllLocales()
            }
        }
        let messages = handler.records.withLock { $0.map(\.message) }
        for code in ["is not a plural category", "has no \"other\" variant", "is used as %d (integer) and as %@ (object)"] {
            #expect(messages.filter { $0.contains(code) }.count == 1, "\(code): \(messages)")
        }
        #expect(messages.count == 3, "\(messages)")
    }

    @Test("lint reports each once, under its own rules")
    func lintReportsOnce() throws {
        let directory = try Self.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = try CatalogLinter(options: LintOptions(developmentLanguage: "en")).lint(directory: directory)
        let rules = report.diagnostics.map(\.rule)
        #expect(rules.filter { $0 == .pluralMissingOther }.count == 1, "\(report.diagnostics)")
        #expect(rules.filter { $0 == .argumentTypeConflict }.count == 1, "\(report.diagnostics)")
        #expect(report.diagnostics.filter { $0.message.contains(#""fwe" in the variable "n" is not a plural category"#) }.count == 1)
        #expect(!rules.contains(.unreadableFile))
    }
}
