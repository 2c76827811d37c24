import Foundation
import Parlance
import ParlanceLocalization

extension ShowcaseCommand {
    /// String catalogs: the embedded sample catalog (UTF-16 .strings, .stringsdict, .xcstrings)
    /// evaluated in several languages.
    func localizationSection(_ ids: [String]) throws {
        print()
        print("String catalogs (.strings UTF-16, .stringsdict, .xcstrings) — embedded sample")
        let directory = try SampleCatalog.writeToTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try CLIError.wrap { try Catalog(loading: directory) }
        let counts: [LocalizationArgument] = [0, 1, 2, 5, 21, 1000]
        var rows: [[String]] = []
        var fellBack = false
        for id in ids {
            guard let locale = try? LocaleID(id) else { continue }
            // A row whose entry came from the development language (the key is not translated
            // into this language) is marked.
            let source = catalog.entry(forKey: "items.count", locale: locale)?.language
            let translated = source != catalog.developmentLanguage || locale.language == catalog.developmentLanguage.language
            fellBack = fellBack || !translated
            var row = [translated ? id : "\(id) *"]
            for count in counts {
                row.append(catalog.string("items.count", locale: locale, arguments: [count]))
            }
            rows.append(row)
        }
        print(Table(header: ["items.count"] + counts.map(\.description), rows: rows).rendered)
        if fellBack {
            print("* not translated into this language: the development language (\(catalog.developmentLanguage.languageTag)) is shown")
        }
        print()
        var examples: [[String]] = []
        for id in ["en", "fr", "ru", "ar"] {
            guard let locale = try? LocaleID(id) else { continue }
            examples.append([id, "download.progress", catalog.string("download.progress", locale: locale, arguments: ["report.pdf", 42.25, 1536])])
            examples.append([id, "cart.summary (xcstrings)", catalog.string("cart.summary", table: "Shop", locale: locale, arguments: [3, 21])])
            examples.append([id, "checkout.title (device)", catalog.string("checkout.title", table: "Shop", locale: locale)])
        }
        for id in ["en", "pl", "ru"] {
            guard let locale = try? LocaleID(id) else { continue }
            examples.append([id, "cart.items (xcstrings)", catalog.string("cart.items", table: "Shop", locale: locale, arguments: [22])])
        }
        print(Table(header: ["locale", "key", "result"], rows: examples).rendered)
    }
}
