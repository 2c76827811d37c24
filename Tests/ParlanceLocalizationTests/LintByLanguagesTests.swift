import Foundation
import Parlance
import ParlanceLint
import Testing

@testable import ParlanceLocalization

/// `lint(directory:)` reads a directory of `.lproj` folders a few languages at a time (so that
/// memory holds one part of a large catalog, not all of it); linting the whole model at once
/// (`lint(catalog:)`) is the oracle: both reports must be equal, findings and summary, on a
/// catalog of many languages broken in every way a part boundary could change.
@Suite("Lint reads many languages part by part, with the whole model's report")
struct LintByLanguagesTests {
    /// 23 languages, more than two parts of ``CatalogLinter/languagesPerPart``.
    static let languages = [
        "Base", "en", "en-GB", "de", "fr", "ru", "pl", "ar", "ja", "zh-Hans", "pt-BR", "pt_BR", "es", "it", "nl", "sv", "cs",
        "uk", "he", "ko", "tr", "fi", "not a locale",
    ]

    static func writeCatalog() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-lint-parts-\(UUID().uuidString)").path
        for (index, language) in languages.enumerated() {
            let folder = "\(directory)/\(language).lproj"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var strings = ""
            for key in 0..<12 {
                // Each language breaks differently: a missing key, an extra key, a placeholder
                // of the wrong type, a stray percent sign, an empty value.
                if language != "en", key == index % 12 { continue }
                let value: String
                switch (language, key) {
                case (_, 3) where index % 3 == 0: value = "\(language) %d items"
                case (_, 5) where index % 4 == 1: value = "\(language) 100% sure"
                case (_, 7) where index % 5 == 2: value = ""
                default: value = key.isMultiple(of: 3) ? "\(language) %@ items" : "\(language) text \(key)"
                }
                strings += "\"key.\(key)\" = \"\(value)\";\n"
            }
            if language != "en", index.isMultiple(of: 2) { strings += "\"extra.\(language)\" = \"only here\";\n" }
            // pt-BR and pt_BR are one locale: each folder holds half of its keys.
            if language == "pt_BR" { strings = "\"key.11\" = \"pt_BR onze\";\n" }
            try Data(strings.utf8).write(to: URL(fileURLWithPath: "\(folder)/Localizable.strings"))
            // Plurals: `few` only where the language has it, dropped in every third language.
            var variants = "<key>one</key><string>%d one</string><key>other</key><string>%d other</string>"
            if ["ru", "pl", "cs", "uk", "ar"].contains(language), !index.isMultiple(of: 3) {
                variants += "<key>few</key><string>%d few</string><key>many</key><string>%d many</string>"
            }
            let plist = """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>items.count</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@items@</string>
                <key>items</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>\(variants)</dict></dict></dict></plist>
                """
            if language != "ko" {
                try Data(plist.utf8).write(to: URL(fileURLWithPath: "\(folder)/Localizable.stringsdict"))
            }
            // A second table in some languages only.
            if index.isMultiple(of: 4) || language == "en" {
                try Data("\"title\" = \"\(language) settings %@\";\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/Settings.strings"))
            }
        }
        return directory
    }

    @Test("every rule, the summary and required keys agree with the whole model")
    func partsAgreeWithWholeModel() throws {
        let directory = try Self.writeCatalog()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(Self.languages.count > 2 * CatalogLinter.languagesPerPart)
        #expect(try CatalogModel.lprojFolderGroups(directory: directory)?.count == Self.languages.count - 1)  // pt-BR + pt_BR
        for options in [
            LintOptions(), LintOptions(requiredKeys: ["key.4", "title", "nowhere"]), LintOptions(developmentLanguage: "de"),
            LintOptions(strictPlurals: true),
        ] {
            let byParts = try CatalogLinter(options: options).lint(directory: directory)
            let whole = try CatalogLinter(options: options).lint(catalog: Catalog(directory: directory))
            #expect(byParts.diagnostics.count > 40)
            #expect(Set(byParts.diagnostics.compactMap(\.language)).count > 15)
            #expect(byParts.diagnostics == whole.diagnostics)
            #expect(byParts.summary == whole.summary)
            #expect(byParts == whole)
        }
    }

    @Test("a directory with a String Catalog or a YAML file is read whole")
    func otherFormatsAreReadWhole() throws {
        let directory = try Self.writeCatalog()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try CatalogModel.lprojFolderGroups(directory: directory) != nil)
        try Data(#"{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }"#.utf8)
            .write(to: URL(fileURLWithPath: "\(directory)/Other.xcstrings"))
        #expect(try CatalogModel.lprojFolderGroups(directory: directory) == nil)
        try FileManager.default.removeItem(atPath: "\(directory)/Other.xcstrings")
        try FileManager.default.createDirectory(atPath: "\(directory)/config", withIntermediateDirectories: true)
        try Data("en:\n  hello: Hello\n".utf8).write(to: URL(fileURLWithPath: "\(directory)/config/en.yml"))
        #expect(try CatalogModel.lprojFolderGroups(directory: directory) == nil)
    }
}
