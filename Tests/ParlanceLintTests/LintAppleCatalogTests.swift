import Foundation
import Parlance
import ParlanceLint
import Testing

@testable import ParlanceLocalization

/// Shapes of shipped Apple catalogs that lint once reported by the thousand, each written as
/// the real file has it: what lint must say about them, and no more.
@Suite("Lint on the shapes of shipped Apple catalogs")
struct LintAppleCatalogTests {
    static let fixtures: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Lint").path

    /// "rule key language severity" of every finding, sorted.
    static func found(_ report: LintReport) -> [String] {
        report.diagnostics.map { "\($0.rule.rawValue) \($0.key ?? "-") \($0.language ?? "-") \($0.severity.rawValue)" }.sorted()
    }

    @Test("keys that are English text: a key the development table lacks is its own English value")
    func textKeys() throws {
        let report = try CatalogLinter().lint(directory: Self.fixtures + "/TextKeys")
        // "Cancel", "Mark All as Read", "Delete %@?" are shown as the key in English: no
        // extra-key. "Sent by %@" drops the argument its key (its English value) passes, and an
        // identifier key the development table lacks is still an extra key.
        #expect(
            Self.found(report) == ["extra-key debug.crash.button fr warning", "placeholder-mismatch Sent by %@ fr error"],
            "\(report.diagnostics.map(\.description).joined(separator: "\n"))")
        let mismatch = try #require(report.diagnostics.first { $0.rule == .placeholderMismatch })
        #expect(mismatch.message.contains("argument 1 (%@ in the key) is missing"), "\(mismatch.message)")
        #expect(mismatch.line == 14 && mismatch.file == "fr.lproj/Localizable.strings", "\(mismatch)")
    }

    @Test("a table whose keys are mostly identifiers still reports each key its development table lacks")
    func identifierKeysStillExtra() throws {
        let directory = try LintFixtures.copy(Self.fixtures + "/TextKeys")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var extra = ""
        for index in 0..<8 { extra += "\"notifications.banner.\(index)\" = \"Bannière \(index)\";\n" }
        try LintFixtures.edit(directory, "fr.lproj/Localizable.strings", "/* No comment provided by engineer. */\n\"Cancel\"", extra + "\"Cancel\"")
        let report = try CatalogLinter().lint(directory: directory)
        let extraKeys = report.diagnostics.filter { $0.rule == .extraKey }.compactMap(\.key).sorted()
        // 15 keys, 5 of them text: the table is not text-keyed, so every key en lacks is extra.
        #expect(extraKeys.count == 13 && extraKeys.contains("Cancel") && extraKeys.contains("Sent by %@"), "\(extraKeys)")
    }

    @Test("a %#@names@ of type ld with only empty variants swallows a string: one warning, and Parlance formats it as Foundation does")
    func swallowedArgument() throws {
        let directory = Self.fixtures + "/SwallowedArgument"
        let report = try CatalogLinter().lint(directory: directory)
        // Not argument-type-conflict (argument 1 as %ld and %1$@), not empty-value for ru's
        // `few` and `many`, not implied-quantity or plural-missing-category for the empty
        // variable: one warning, in the development language, where the variable is defined.
        #expect(
            Self.found(report) == ["empty-plural-variable reactions.summary en warning"],
            "\(report.diagnostics.map(\.description).joined(separator: "\n"))")
        let warning = try #require(report.diagnostics.first)
        #expect(warning.file == "en.lproj/Localizable.stringsdict" && warning.line == 9, "\(warning)")
        #expect(warning.message.contains("\"names\" (%ld) has only empty variants"), "\(warning.message)")

        // Foundation formats the entry, the string consumed by `names`: so does the runtime.
        let catalog = try Catalog(directory: directory)
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
        let en = try catalog.localizedString("reactions.summary", locale: LocaleID("en"), arguments: ["Anna", 1])
        #expect(en == "Anna and 1 other reacted")
        let ru = try catalog.localizedString("reactions.summary", locale: LocaleID("ru"), arguments: ["Anna", 3])
        #expect(ru == "Anna и ещё 3 человека отреагировали")
        #expect(try catalog.localizedString("reactions.summary", locale: LocaleID("ru"), arguments: ["Anna", 5]) == "Anna и ещё 5 человек отреагировали")
        // A variable that prints something still needs an argument of its type.
        #expect(throws: ParlanceError.self) {
            try catalog.localizedString("reactions.summary", locale: LocaleID("ru"), arguments: ["Anna", "Boris"])
        }
    }

    @Test("a variable of empty variants next to a printing one in the development language is still reported")
    func swallowedOnlyInTranslation() throws {
        let directory = try LintFixtures.copy(Self.fixtures + "/SwallowedArgument")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try LintFixtures.edit(
            directory, "en.lproj/Localizable.stringsdict", "\t\t\t<key>one</key>\n\t\t\t<string></string>\n\t\t\t<key>other</key>\n\t\t\t<string></string>\n",
            "\t\t\t<key>one</key>\n\t\t\t<string>%ld name: </string>\n\t\t\t<key>other</key>\n\t\t\t<string>%ld names: </string>\n")
        let report = try CatalogLinter().lint(directory: directory)
        // en prints the names' count, ru drops it: each empty ru variant is reported, and the
        // variable once; argument 1 is then an integer in en and a string in ru's other use.
        let found = Self.found(report)
        #expect(found.filter { $0.hasPrefix("empty-value reactions.summary ru") }.count == 4, "\(found)")
        #expect(found.contains("empty-plural-variable reactions.summary ru warning"), "\(found)")
        #expect(found.contains("argument-type-conflict reactions.summary en error"), "\(found)")
    }
}
