import Foundation

/// A catalog of 23 `.lproj` folders, each language broken differently (a missing key, an extra
/// key, a placeholder of the wrong type, a stray percent sign, an empty value, a missing plural
/// category), which lint reads a few languages at a time and `Catalog` reads lazily: the tests
/// of both compare the part-by-part reading with the whole model's.
public enum ManyLanguageCatalog {
    /// 23 languages, more than two parts of `CatalogLinter.languagesPerPart` (8).
    public static let languages = [
        "Base", "en", "en-GB", "de", "fr", "ru", "pl", "ar", "ja", "zh-Hans", "pt-BR", "pt_BR", "es", "it", "nl", "sv", "cs",
        "uk", "he", "ko", "tr", "fi", "not a locale",
    ]

    /// Writes the catalog into a fresh temporary directory; returns its path.
    public static func write() throws -> String {
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
}
