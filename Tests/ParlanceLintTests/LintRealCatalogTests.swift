import Foundation
import Parlance
import ParlanceLint
import Testing

@testable import ParlanceLocalization

/// A break of the clean catalog as real apps' translators made it (or its clean counterpart),
/// and exactly the diagnostics it must produce as "rule key language severity".
struct RealCatalogCase: CustomTestStringConvertible, Sendable {
    var name: String
    /// (file, old, new): `old` must occur, except when empty (then `new` is the whole file).
    var edits: [(file: String, old: String, new: String)]
    var options = LintOptions()
    var expected: [String]
    var testDescription: String { name }
}

private func unit(_ value: String) -> String { #"{ "stringUnit" : { "state" : "translated", "value" : "\#(value)" } }"# }

private func favoriteEntry(extraction: String?) -> String {
    let state = extraction.map { #""extractionState" : "\#($0)", "# } ?? ""
    return #"""
        "notifications.label.favorite %lld" : { \#(state)"localizations" : {
              "en" : \#(unit("starred")),
              "de" : { "stringUnit" : { "state" : "translated", "value" : "%#@count@" }, "substitutions" : { "count" : { "formatSpecifier" : "lld",
                "variations" : { "plural" : { "one" : \#(unit("%arg Stern")), "other" : \#(unit("%arg Sterne")) } } } } },
              "ru" : { "stringUnit" : { "state" : "translated", "value" : "%#@count@" }, "substitutions" : { "count" : { "formatSpecifier" : "lld",
                "variations" : { "plural" : { "one" : \#(unit("%arg звезда")), "few" : \#(unit("%arg звезды")),
                                              "many" : \#(unit("%arg звёзд")), "other" : \#(unit("%arg звезды")) } } } } } } },
            "photos.count" : {
        """#
}

/// A key written by hand that declares a number its English value drops; de passes a string.
private let manualFav = #"""
    "fav %lld" : {
          "extractionState" : "manual",
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "%@ Sterne" } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "starred" } },
            "ru" : { "stringUnit" : { "state" : "translated", "value" : "%lld звезды" } }
          }
        },
        "photos.count" : {
    """#

private let frItemsMany = "\t\t\t<key>many</key>\n\t\t\t<string>%d d’éléments</string>\n"
private let enZero = "<key>zero</key>\n\t\t\t<string>No items</string>"
private let frOne = "<key>one</key>\n\t\t\t<string>%d élément</string>"

/// A key-binding table as apps keep one (read with `NSDictionary(contentsOf:)`, never formatted):
/// `%` is Shift-5 there.
private let keyBindings = """
    /* Key equivalents of the View menu: @ is Command, $ is Shift, ~ is Option */
    "view.zoom.in" = "@+";
    "view.zoom.actual" = "@0";
    "view.zoom.fit" = "@$%";
    "view.zoom.percent" = "@~%";

    """

private func menu(_ zoom: String, _ save: String) -> String {
    "/* Menu item; %@ is the document's name */\n\"menu.zoom\" = \"\(zoom)\";\n\n\"menu.save\" = \"\(save)\";\n"
}

/// How Xcode writes keys of placeholders only: one with no localization (the key is its
/// English value), one whose translations are in state `new` with the key copied.
private let placeholderOnlyKeys = #"""
    "%@" : {

        },
        "%1$@ %2$@" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "new", "value" : "%1$@ %2$@" } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "%1$@ %2$@" } },
            "ru" : { "stringUnit" : { "state" : "new", "value" : "%1$@ %2$@" } }
          }
        },
    """#

let realCatalogCases: [RealCatalogCase] = [
    // implied-quantity
    RealCatalogCase(
        name: "implied-quantity: ru `one` without the number (shown for 21, 31, …)",
        edits: [("ru.lproj/Localizable.stringsdict", "<string>%d элемент</string>", "<string>один элемент</string>")],
        expected: ["implied-quantity items.count ru warning"]),
    RealCatalogCase(
        name: "implied-quantity: fr `one` without the number (shown for 0 and 1)",
        edits: [("fr.lproj/Localizable.stringsdict", frOne, "<key>one</key>\n\t\t\t<string>un élément</string>")],
        expected: ["implied-quantity items.count fr warning"]),
    RealCatalogCase(
        name: "implied-quantity clean: en `one` holds only 1",
        edits: [("en.lproj/Localizable.stringsdict", "<string>%d item</string>", "<string>one item</string>")],
        expected: []),
    // placeholder-mismatch against the key's specifiers
    RealCatalogCase(
        name: "placeholder-mismatch clean: a translation consumes the argument the key declares",
        edits: [("Settings.xcstrings", "\"photos.count\" : {", favoriteEntry(extraction: nil))],
        expected: []),
    RealCatalogCase(
        name: "placeholder-mismatch clean: a manual key that declares %lld decides, though its English value drops the number",
        edits: [("Settings.xcstrings", "\"photos.count\" : {", favoriteEntry(extraction: "manual"))],
        expected: []),
    RealCatalogCase(
        name: "placeholder-mismatch: a manual key's %lld against a translation's %@",
        edits: [("Settings.xcstrings", "\"photos.count\" : {", manualFav)],
        expected: ["placeholder-mismatch fav %lld de error"]),
    RealCatalogCase(
        name: "placeholder-mismatch: a manual key without specifiers leaves the development value to decide",
        edits: [
            ("Settings.xcstrings", "\"photos.count\" : {", favoriteEntry(extraction: "manual")),
            ("Settings.xcstrings", "notifications.label.favorite %lld", "notifications.label.favorite"),
        ],
        expected: [
            "placeholder-mismatch notifications.label.favorite de error",
            "placeholder-mismatch notifications.label.favorite ru error",
        ]),
    // plural-missing-category for large-number categories
    RealCatalogCase(
        name: "plural-missing-category: fr without `many` (1,000,000) is a warning",
        edits: [("fr.lproj/Localizable.stringsdict", frItemsMany, "")],
        expected: ["plural-missing-category items.count fr warning"]),
    RealCatalogCase(
        name: "plural-missing-category: fr without `many` is an error with --strict-plurals",
        edits: [("fr.lproj/Localizable.stringsdict", frItemsMany, "")], options: LintOptions(strictPlurals: true),
        expected: ["plural-missing-category items.count fr error"]),
    // argument-type-conflict
    RealCatalogCase(
        name: "argument-type-conflict: argument 1 as the %d plural and as %1$@",
        edits: [("ru.lproj/Localizable.stringsdict", "<string>%d элементов</string>", "<string>%d элементов (%1$@)</string>")],
        expected: ["argument-type-conflict items.count ru error"]),
    // empty-value per variant
    RealCatalogCase(
        name: "empty-value: fr `zero` empty where en has a value",
        edits: [("fr.lproj/Localizable.stringsdict", frOne, "<key>zero</key>\n\t\t\t<string></string>\n\t\t\t" + frOne)],
        expected: ["empty-value items.count fr error"]),
    RealCatalogCase(
        name: "empty-value clean: an intentionally empty variant, empty in the source too",
        edits: [
            ("en.lproj/Localizable.stringsdict", enZero, "<key>zero</key>\n\t\t\t<string></string>"),
            ("fr.lproj/Localizable.stringsdict", frOne, "<key>zero</key>\n\t\t\t<string></string>\n\t\t\t" + frOne),
        ],
        expected: []),
    RealCatalogCase(
        name: "missing-translation clean: a regional variant of the development language inherits its keys",
        edits: [("en-GB.lproj/Localizable.strings", "", "\"cancel\" = \"Cancel\";\n")],
        expected: []),
    // the run-time winner
    RealCatalogCase(
        name: "placeholder-mismatch clean: the development language's .stringsdict entry wins over its .strings entry",
        edits: [("en.lproj/Localizable.strings", "\"cancel\" = \"Cancel\";", "\"cancel\" = \"Cancel\";\n\"items.count\" = \"Items\";")],
        expected: []),
    // tables that are never formatted
    RealCatalogCase(
        name: "invalid-format clean: Interface Builder .strings (object-id keys) get no format rules",
        edits: [
            ("en.lproj/Main.strings", "", "\"Zhv-Bz-I5V.title\" = \"Save 50%\";\n\"x2K-aa-b9Q.text\" = \"100% sure\";\n"),
            ("fr.lproj/Main.strings", "", "\"Zhv-Bz-I5V.title\" = \"Économisez 50 %\";\n\"x2K-aa-b9Q.text\" = \"Sûr à 100 %\";\n"),
        ],
        expected: []),
    RealCatalogCase(
        name: "invalid-format clean: InfoPlist passes no argument and its keys are not text, so it is never formatted",
        edits: [
            ("en.lproj/InfoPlist.strings", "", "\"CFBundleName\" = \"Save 50%\";\n"),
            ("fr.lproj/InfoPlist.strings", "", "\"CFBundleName\" = \"Économisez 50 %\";\n"),
        ],
        expected: []),
    RealCatalogCase(
        name: "invalid-format clean: a key-binding table read with NSDictionary (no argument, identifier keys)",
        edits: [("en.lproj/KeyBindings.strings", "", keyBindings), ("fr.lproj/KeyBindings.strings", "", keyBindings)],
        expected: []),
    RealCatalogCase(
        name: "invalid-format: a table that formats an argument is checked",
        edits: [("en.lproj/Menu.strings", "", menu("Zoom to %@", "Save 50%")), ("fr.lproj/Menu.strings", "", menu("Zoomer sur %@", "Économisez 50 %"))],
        expected: ["invalid-format menu.save en error", "invalid-format menu.save fr error"]),
    RealCatalogCase(
        name: "invalid-format clean: --plain-table Menu",
        edits: [("en.lproj/Menu.strings", "", menu("Zoom to %@", "Save 50%")), ("fr.lproj/Menu.strings", "", menu("Zoomer sur %@", "Économisez 50 %"))],
        options: LintOptions(plainTables: ["Menu"]), expected: []),
    RealCatalogCase(
        name: "invalid-format: a table of text keys without arguments is checked (an app formats such tables)",
        edits: [
            ("en.lproj/Labels.strings", "", "\"Save Half\" = \"Save 50%\";\n"),
            ("fr.lproj/Labels.strings", "", "\"Save Half\" = \"Économisez 50 %\";\n"),
        ],
        expected: ["invalid-format Save Half en error", "invalid-format Save Half fr error"]),
    // values of placeholders only need no translation
    RealCatalogCase(
        name: "missing-translation clean: placeholder-only .strings values (\"%@\", \"%1$@ %2$@\")",
        edits: [
            (
                "en.lproj/Localizable.strings", "\"cancel\" = \"Cancel\";",
                "\"cancel\" = \"Cancel\";\n\n\"value.only\" = \"%@\";\n\n\"name.pair\" = \"%1$@ %2$@\";"
            )
        ],
        expected: []),
    RealCatalogCase(
        name: "missing-translation and state-new clean: String Catalog keys of placeholders only",
        edits: [("Settings.xcstrings", "\"photos.count\" : {", placeholderOnlyKeys + "\"photos.count\" : {")],
        expected: []),
    RealCatalogCase(
        name: "missing-translation: a value with a word besides its placeholder still needs translating",
        edits: [("en.lproj/Localizable.strings", "\"cancel\" = \"Cancel\";", "\"cancel\" = \"Cancel\";\n\n\"value.unit\" = \"%@ kg\";")],
        expected: ["missing-translation value.unit fr error", "missing-translation value.unit ru error"]),
    RealCatalogCase(
        name: "invalid-format clean: --plain-table InfoPlist",
        edits: [
            ("en.lproj/InfoPlist.strings", "", "\"CFBundleName\" = \"Save 50%\";\n"),
            ("fr.lproj/InfoPlist.strings", "", "\"CFBundleName\" = \"Économisez 50 %\";\n"),
        ],
        options: LintOptions(plainTables: ["InfoPlist"]), expected: []),
    // stray percent signs
    RealCatalogCase(
        name: "invalid-format: a stray '%' before a letter says so",
        edits: [("fr.lproj/Localizable.strings", "\"Bienvenue, %@ !\"", "\"Bienvenue à 100% pour %@ !\"")],
        expected: ["invalid-format welcome fr error"]),
    RealCatalogCase(
        name: "suspicious-percent: a translation gains '% g' (\"100% garanti\")",
        edits: [("fr.lproj/Localizable.strings", "\"Annuler\"", "\"Annuler, 100% garanti\"")],
        expected: ["placeholder-mismatch cancel fr error", "suspicious-percent cancel fr warning"]),
]

@Suite("Lint rules from real catalogs: broken and clean")
struct LintRealCatalogTests {
    @Test(arguments: realCatalogCases)
    func realCatalog(_ lintCase: RealCatalogCase) throws {
        let directory = try LintFixtures.copy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for edit in lintCase.edits {
            if edit.old.isEmpty {
                let url = URL(fileURLWithPath: directory + "/" + edit.file)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(edit.new.utf8).write(to: url)
            } else {
                try LintFixtures.edit(directory, edit.file, edit.old, edit.new)
            }
        }
        let report = try CatalogLinter(options: lintCase.options).lint(directory: directory)
        let found = report.diagnostics.map { "\($0.rule.rawValue) \($0.key ?? "-") \($0.language ?? "-") \($0.severity.rawValue)" }.sorted()
        #expect(found == lintCase.expected.sorted(), "\(report.diagnostics.map(\.description).joined(separator: "\n"))")
        for diagnostic in report.diagnostics {
            #expect(diagnostic.line > 0 && diagnostic.column > 0, "\(diagnostic)")
        }
    }

    @Test("a stray '%' and a large-number category say what they mean")
    func messages() throws {
        let directory = try LintFixtures.copy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try LintFixtures.edit(directory, "fr.lproj/Localizable.strings", "\"Bienvenue, %@ !\"", "\"Bienvenue à 100% pour %@ !\"")
        try LintFixtures.edit(directory, "fr.lproj/Localizable.stringsdict", frItemsMany, "")
        let report = try CatalogLinter().lint(directory: directory)
        let stray = try #require(report.diagnostics.first { $0.rule == .invalidFormat })
        #expect(stray.message.contains("a lone '%' before \" p\"") && stray.message.contains("write '%%'"), "\(stray.message)")
        let many = try #require(report.diagnostics.first { $0.rule == .pluralMissingCategory })
        #expect(many.message.contains("1000000"), "\(many.message)")
    }

    @Test("implied-quantity names the numbers the category holds: fr `one` exactly 0 and 1, ru `one` 1, 21, 31, …")
    func impliedQuantityNumbers() throws {
        let directory = try LintFixtures.copy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try LintFixtures.edit(directory, "fr.lproj/Localizable.stringsdict", frOne, "<key>one</key>\n\t\t\t<string>un élément</string>")
        try LintFixtures.edit(directory, "ru.lproj/Localizable.stringsdict", "<string>%d элемент</string>", "<string>один элемент</string>")
        let report = try CatalogLinter().lint(directory: directory)
        let fr = try #require(report.diagnostics.first { $0.rule == .impliedQuantity && $0.language == "fr" })
        #expect(fr.message.hasSuffix("but fr uses one for exactly 0 and 1"), "\(fr.message)")
        let ru = try #require(report.diagnostics.first { $0.rule == .impliedQuantity && $0.language == "ru" })
        #expect(ru.message.hasSuffix("but ru uses one for 1, 21, 31, 41 and more"), "\(ru.message)")
        // The numbers named are the ones CLDR's rules put in the category.
        let rules = try PluralRules(locale: LocaleID("fr"))
        #expect((0...1000).filter { rules.category(for: $0) == .one } == [0, 1])
    }

    @Test("invalid-format in a table that is not Localizable names --plain-table")
    func plainTableHint() throws {
        let directory = try LintFixtures.copy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (language, save) in [("en", "Save 50%"), ("fr", "Économisez 50 %")] {
            let url = URL(fileURLWithPath: directory + "/\(language).lproj/Menu.strings")
            try Data("\"menu.zoom\" = \"Zoom %@\";\n\"menu.save\" = \"\(save)\";\n".utf8).write(to: url)
        }
        let report = try CatalogLinter().lint(directory: directory)
        let invalid = report.diagnostics.filter { $0.rule == .invalidFormat }
        #expect(invalid.count == 2)
        for diagnostic in invalid {
            #expect(diagnostic.message.hasSuffix("(it reads it with NSDictionary), lint with --plain-table Menu"), "\(diagnostic.message)")
        }
    }

    @Test("a directory without any catalog file is an error, not a green run")
    func noCatalog() throws {
        let empty = NSTemporaryDirectory() + "parlance-empty-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let report = try CatalogLinter().lint(directory: empty)
        #expect(report.diagnostics.map(\.rule) == [.noCatalog])
        #expect(report.hasErrors)
    }

    @Test("--summary: translated and plural-complete shares per language, with errors and warnings")
    func summary() throws {
        let directory = try LintFixtures.copy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try LintFixtures.edit(directory, "fr.lproj/Localizable.strings", "\"cancel\" = \"Annuler\";\n", "")
        try LintFixtures.edit(directory, "ru.lproj/Localizable.stringsdict", "\t\t\t<key>few</key>\n\t\t\t<string>%d элемента</string>\n", "")
        let report = try CatalogLinter().lint(directory: directory)
        let byLanguage = Dictionary(uniqueKeysWithValues: report.summary.map { ($0.language, $0) })
        // en's Localizable table has 6 keys (4 .strings, 2 .stringsdict); fr is only in that table.
        let fr = try #require(byLanguage["fr"])
        #expect(fr.keys == 6 && fr.translated == 5 && fr.errors == 1 && fr.warnings == 0)
        // ru: items.count (1 variable) and files.in.folders (2), plus Settings' 2 plurals: one of 5 incomplete.
        let ru = try #require(byLanguage["ru"])
        #expect(ru.pluralVariables == 5 && ru.completePluralVariables == 4 && ru.errors == 1)
        #expect(ru.keys == 9 && ru.translated == 9)
        let table = report.summaryTable()
        #expect(table.contains("fr") && table.contains("83.3%") && table.contains("80.0%"), "\(table)")
    }

    @Test("lint and Catalog see the same entries: both read one model")
    func bothPathsAgree() throws {
        for directory in [LintFixtures.clean, LintFixtures.sampleCatalog] {
            let catalog = try Catalog(directory: directory)
            let model = try CatalogModel(directory: directory)
            #expect(model.tables.keys.sorted() == catalog.tableNames)
            for (table, byLocale) in model.tables {
                for (localeKey, localeTable) in byLocale where localeKey != CatalogModel.baseKey {
                    for key in localeTable.keys {
                        // The entry the linter compares is the entry a lookup in that locale finds.
                        let winner = try #require(localeTable.entry(key))
                        let found = catalog.entry(forKey: key, table: table, locale: localeTable.language)
                        #expect(found == winner, "\(table) \(localeKey) \(key)")
                    }
                }
            }
            // Linting the loaded catalog (no second read) equals linting the directory.
            #expect(try CatalogLinter().lint(catalog: catalog).diagnostics == (try CatalogLinter().lint(directory: directory).diagnostics))
        }
    }

    @Test("every SARIF result has a region, missing translations included")
    func sarifRegions() throws {
        let directory = try LintFixtures.copy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try LintFixtures.edit(directory, "fr.lproj/Localizable.strings", "\"cancel\" = \"Annuler\";\n", "")
        try LintFixtures.edit(directory, "fr.lproj/Localizable.stringsdict", "</dict>\n</plist>", "</dict>")
        let report = try CatalogLinter(options: LintOptions(requiredKeys: ["total_odds"])).lint(directory: directory)
        let root = try #require(try JSONSerialization.jsonObject(with: report.sarif()) as? [String: Any])
        let results = try #require(((root["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(results.count == report.diagnostics.count && results.count >= 4)
        for result in results {
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            let line = (location?["region"] as? [String: Any])?["startLine"] as? Int
            #expect((line ?? 0) >= 1, "\(result)")
        }
    }
}
