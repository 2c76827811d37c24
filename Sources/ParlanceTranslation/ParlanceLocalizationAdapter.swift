#if Translation
// Every call from ParlanceTranslation into ParlanceLocalization's LanguageManager and Catalog
// lives in this file, so that changes to those types touch one place.
import Parlance
import ParlanceLocalization

enum LanguageManagerAdapter {
    /// The manager's effective language: the task's per-request language inside
    /// `withLanguage`, else the manager's own.
    static func effectiveLanguage(of manager: LanguageManager) -> LocaleID {
        manager.effectiveLocale
    }
}

enum CatalogAdapter {
    /// The development language of a catalog.
    static func developmentLanguage(of catalog: Catalog) -> LocaleID {
        catalog.developmentLanguage
    }

    /// The keys of a table.
    static func keys(of catalog: Catalog, table: String) -> [String] {
        catalog.keys(table: table)
    }

    /// The unformatted text of a key in exactly `language` (not a fallback language of its
    /// chain other than its own parents), with the language it came from; nil for plural and
    /// device entries, and when the key is missing.
    static func text(of catalog: Catalog, key: String, table: String, language: LocaleID) -> (text: String, language: LocaleID)? {
        guard let entry = catalog.entry(forKey: key, table: table, locale: language),
            case .format(let text) = entry.value
        else { return nil }
        return (text, entry.language)
    }
}

/// A `.stringsdict` entry as the pseudo-localized catalog writer needs it.
struct StringsdictEntry {
    struct Variable {
        var valueType: String?
        var variants: [(category: String, text: String)]
    }

    var format: String
    var variables: [(name: String, variable: Variable)]
}

extension CatalogAdapter {
    /// The entries of a `.strings` file, in file order.
    static func readStrings(_ path: String) throws -> [(key: String, value: String)] {
        let file = try StringsFile(contentsOf: path)
        return file.keys.compactMap { key in file.entries[key].map { (key, $0) } }
    }

    /// The plural entries of a `.stringsdict` file, sorted by key (device-specific entries are
    /// not supported and are reported in `skipped`).
    static func readStringsdict(_ path: String) throws -> (entries: [(key: String, entry: StringsdictEntry)], skipped: [String]) {
        let file = try StringsdictFile(contentsOf: path)
        var entries: [(String, StringsdictEntry)] = []
        var skipped: [String] = []
        for (key, value) in file.entries.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .plural(let plural):
                let variables = plural.variables.sorted { $0.key < $1.key }.map { name, variable in
                    (
                        name,
                        StringsdictEntry.Variable(
                            valueType: variable.valueType,
                            variants: variable.variants.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key.rawValue, $0.value) })
                    )
                }
                entries.append((key, StringsdictEntry(format: plural.format, variables: variables)))
            case .format(let text):
                entries.append((key, StringsdictEntry(format: text, variables: [])))
            case .device:
                skipped.append(key)
            }
        }
        return (entries, skipped)
    }
}

extension CatalogAdapter {
    /// Parses a String Catalog (`.xcstrings`), for its located errors.
    static func validateStringCatalog(_ path: String) throws {
        _ = try StringCatalogFile(contentsOf: path)
    }
}
#endif
