import Foundation
import Parlance
import ParlanceLint
import ParlanceLocalization
import Testing

/// One deliberate break of the clean catalog and exactly the diagnostics it must produce.
struct LintCase: CustomTestStringConvertible, Sendable {
    var name: String
    var edits: [(file: String, old: String, new: String, utf16: Bool)]
    var options = LintOptions()
    /// (rule, key, language) of every expected diagnostic.
    var expected: [String]
    var testDescription: String { name }
}

private let ruItemsFew = """
    			<key>few</key>
    			<string>%d элемента</string>

    """

let lintCases: [LintCase] = [
    LintCase(
        name: "missing-translation: fr drops a key",
        edits: [("fr.lproj/Localizable.strings", "\"cancel\" = \"Annuler\";\n", "", false)],
        expected: ["missing-translation cancel fr"]),
    LintCase(
        name: "extra-key: fr invents a key",
        edits: [("fr.lproj/Localizable.strings", "\"cancel\" = \"Annuler\";", "\"cancel\" = \"Annuler\";\n\"cancel.button\" = \"Annuler\";", false)],
        expected: ["extra-key cancel.button fr"]),
    LintCase(
        name: "plural-missing-category: ru without few",
        edits: [("ru.lproj/Localizable.stringsdict", ruItemsFew, "", false)],
        expected: ["plural-missing-category items.count ru"]),
    LintCase(
        name: "plural-missing-category: ru xcstrings plural without many",
        edits: [("Settings.xcstrings", "\"many\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld фотографий\" } },", "", false)],
        expected: ["plural-missing-category photos.count ru"]),
    LintCase(
        name: "plural-missing-other: fr without other",
        edits: [("fr.lproj/Localizable.stringsdict", "\t\t\t<key>other</key>\n\t\t\t<string>%d éléments</string>\n", "", false)],
        expected: ["plural-missing-other items.count fr"]),
    LintCase(
        name: "plural-unused-category: few in en (zero stays allowed)",
        edits: [
            (
                "en.lproj/Localizable.stringsdict", "<key>one</key>\n\t\t\t<string>%d item</string>",
                "<key>one</key>\n\t\t\t<string>%d item</string>\n\t\t\t<key>few</key>\n\t\t\t<string>%d items</string>", false
            )
        ],
        expected: ["plural-unused-category items.count en"]),
    LintCase(
        name: "placeholder-mismatch: %d for %@ in UTF-16 ru",
        edits: [("ru.lproj/Localizable.strings", "Добро пожаловать, %@!", "Добро пожаловать, %d!", true)],
        expected: ["placeholder-mismatch welcome ru"]),
    LintCase(
        name: "placeholder-mismatch: fr drops an argument",
        edits: [("fr.lproj/Localizable.strings", "%1$@ vous a envoyé %2$@", "%1$@ vous a envoyé de l'argent", false)],
        expected: ["placeholder-mismatch transfer fr"]),
    LintCase(
        name: "placeholder-mismatch: de substitution adds an argument",
        edits: [("Settings.xcstrings", "%#@files@ belegen %2$@", "%#@files@ belegen %2$@ von %3$@", false)],
        expected: ["placeholder-mismatch storage.used de"]),
    LintCase(
        name: "invalid-format: a lone percent sign",
        edits: [("fr.lproj/Localizable.strings", "\"Solde : %.2f\"", "\"Solde : %.2f %\"", false)],
        expected: ["invalid-format balance fr"]),
    LintCase(
        name: "undefined-variable and unused-variable: a typo in the variable name",
        edits: [("ru.lproj/Localizable.stringsdict", "%#@files@ в %#@folders@", "%#@files@ в %#@folder@", false)],
        expected: [
            "placeholder-mismatch files.in.folders ru", "undefined-variable files.in.folders ru",
            "unused-variable files.in.folders ru",
        ]),
    LintCase(
        name: "state-new and state-needs-review",
        edits: [
            (
                "Settings.xcstrings", "\"state\" : \"translated\", \"value\" : \"Einstellungen\"",
                "\"state\" : \"needs_review\", \"value\" : \"Einstellungen\"", false
            ),
            ("Settings.xcstrings", "\"state\" : \"translated\", \"value\" : \"Настройки\"", "\"state\" : \"new\", \"value\" : \"Настройки\"", false),
        ],
        expected: ["state-needs-review settings.title de", "state-new settings.title ru"]),
    LintCase(
        name: "empty-value: xcstrings and .strings",
        edits: [
            ("Settings.xcstrings", "\"value\" : \"Einstellungen\"", "\"value\" : \"\"", false),
            ("fr.lproj/Localizable.strings", "\"Annuler\"", "\"\"", false),
        ],
        expected: ["empty-value cancel fr", "empty-value settings.title de"]),
    LintCase(
        name: "duplicate-key in a UTF-16 .strings",
        edits: [("ru.lproj/Localizable.strings", "\"cancel\" = \"Отмена\";", "\"cancel\" = \"Отмена\";\n\"cancel\" = \"Отменить\";", true)],
        expected: ["duplicate-key cancel ru"]),
    LintCase(
        name: "required-key-missing", edits: [], options: LintOptions(requiredKeys: ["cancel", "total_odds"]),
        expected: ["required-key-missing total_odds en"]),
    LintCase(
        name: "length-budget: per key and by ratio", edits: [],
        options: LintOptions(maximumLengths: ["cancel": 6], maximumLengthRatio: 1.6),
        expected: ["length-budget cancel fr", "length-budget welcome ru"]),
    LintCase(
        name: "unreadable-file: a truncated stringsdict",
        edits: [("fr.lproj/Localizable.stringsdict", "</dict>\n</plist>", "</dict>", false)],
        expected: ["missing-translation files.in.folders fr", "missing-translation items.count fr", "unreadable-file - fr"]),
    LintCase(
        name: "disabled rules report nothing",
        edits: [("fr.lproj/Localizable.strings", "\"cancel\" = \"Annuler\";\n", "", false)],
        options: LintOptions(disabledRules: [.missingTranslation]), expected: []),
]

@Suite("Lint rules on broken catalogs")
struct LintRuleTests {
    @Test func cleanCatalogHasNoDiagnostics() throws {
        let report = try CatalogLinter().lint(directory: LintFixtures.clean)
        #expect(report.diagnostics.map(\.description) == [])
        #expect(report.developmentLanguage == "en")
    }

    @Test(arguments: lintCases)
    func brokenCatalog(_ lintCase: LintCase) throws {
        let directory = try LintFixtures.copy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for edit in lintCase.edits {
            try LintFixtures.edit(directory, edit.file, edit.old, edit.new, utf16: edit.utf16)
        }
        let report = try CatalogLinter(options: lintCase.options).lint(directory: directory)
        let found = report.diagnostics.map { "\($0.rule.rawValue) \($0.key ?? "-") \($0.language ?? "-")" }.sorted()
        #expect(found == lintCase.expected.sorted(), "\(report.diagnostics.map(\.description).joined(separator: "\n"))")
        for diagnostic in report.diagnostics {
            #expect(diagnostic.severity == diagnostic.rule.defaultSeverity)
            #expect(!diagnostic.file.hasPrefix("/"), "files are relative to the catalog directory")
            // Foundation names no line for a truncated property list; other findings have one.
            if ![.requiredKeyMissing, .missingTranslation, .unreadableFile].contains(diagnostic.rule) {
                #expect(diagnostic.line > 0, "\(diagnostic)")
            }
        }
    }

    @Test func linesPointAtTheBrokenValue() throws {
        let directory = try LintFixtures.copy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try LintFixtures.edit(directory, "ru.lproj/Localizable.strings", "Добро пожаловать, %@!", "Добро пожаловать, %d!", utf16: true)
        try LintFixtures.edit(directory, "ru.lproj/Localizable.stringsdict", ruItemsFew, "")
        let report = try CatalogLinter().lint(directory: directory)
        let lines = Dictionary(uniqueKeysWithValues: report.diagnostics.map { ($0.rule, ($0.file, $0.line)) })
        #expect(lines[.placeholderMismatch]?.0 == "ru.lproj/Localizable.strings")
        #expect(lines[.placeholderMismatch]?.1 == 2)
        #expect(lines[.pluralMissingCategory]?.0 == "ru.lproj/Localizable.stringsdict")
        #expect(lines[.pluralMissingCategory]?.1 == 9)  // <key>items</key>
    }

    @Test func warningsAsErrors() throws {
        let directory = try LintFixtures.copy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try LintFixtures.edit(directory, "fr.lproj/Localizable.strings", "\"cancel\" = \"Annuler\";", "\"cancel\" = \"Annuler\";\n\"x\" = \"y\";")
        #expect(try CatalogLinter().lint(directory: directory).hasErrors == false)
        #expect(try CatalogLinter(options: LintOptions(warningsAsErrors: true)).lint(directory: directory).hasErrors)
    }

    @Test func pluralSamplesCoverEveryCategoryOfEveryLocale() throws {
        for locale in PluralRules.localesWithRules {
            let samples = try PluralSamples(locale: LocaleID(locale))
            for category in samples.categories {
                #expect(samples.integers[category] != nil || samples.decimals[category] != nil, "\(locale) \(category)")
            }
        }
        let ru = try PluralSamples(locale: "ru")
        #expect(ru.integerCategories == [.one, .few, .many])
        #expect(try PluralSamples(locale: "fr").integerCategories == [.one, .many, .other])
    }
}
