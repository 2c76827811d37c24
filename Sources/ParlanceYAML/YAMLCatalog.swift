#if YAML
import Parlance
public import ParlanceLocalization

/// YAML string catalogs: the locale-keyed files of view-model apps and Rails-i18n
/// `config/locales/*.yml`, read into the same located model as `.strings`, `.stringsdict` and
/// `.xcstrings`.
///
/// Call ``register(budget:)`` once at start-up; from then on `Catalog(directory:)`,
/// `CatalogLinter`, `ParlanceTesting` and the batch `localize` op read every `.yml`/`.yaml`
/// file of a catalog directory tree, merged into the `Localizable` table. (The YAML parser
/// lives in this separate module so that users who read no YAML never build it.)
///
/// ```swift
/// import ParlanceYAML
///
/// YAMLCatalog.register()
/// let catalog = try Catalog(directory: "config/locales")
/// try catalog.localizedString("inbox.messages", locale: "ru", named: ["count": 3])  // "3 сообщения"
/// try catalog.localizedString("greeting", locale: "en-AU", named: ["name": "Ada"])   // "Hello, Ada!" (from en)
/// ```
public enum YAMLCatalog {
    /// Registers the YAML reader for this process (a second call replaces the budget).
    ///
    /// - Parameter budget: the limits each YAML file must stay within.
    public static func register(budget: YAMLCatalogBudget = YAMLCatalogBudget()) {
        CatalogFormatRegistry.register(YAMLCatalogFormatReader(budget: budget))
    }

    /// Reads one YAML file alone, for tools: its entries by locale as written, and its
    /// diagnostics (located). Reading never throws: a bad file is diagnostics.
    ///
    /// ```swift
    /// let file = YAMLCatalog.read(file: "config/locales/en.yml")
    /// file.entries["en"]?.map(\.key)   // ["activerecord.models.user", …]
    /// file.diagnostics                 // [] for a well-formed file
    /// ```
    public static func read(file: String, budget: YAMLCatalogBudget = YAMLCatalogBudget()) -> YAMLCatalogFile {
        let read = YAMLFileReader(budget: budget).read(file: file)
        var entries: [String: [CatalogEntry]] = [:]
        for section in read.sections {
            let context = CatalogEntry.Context(table: CatalogModel.mergedTable, language: section.locale, format: .yaml)
            entries[section.name, default: []] += section.records.map { CatalogEntry(record: $0, context: context) }
        }
        return YAMLCatalogFile(file: file, entries: entries, diagnostics: read.diagnostics)
    }
}

/// One YAML file read alone: entries by locale key as written, and diagnostics.
public struct YAMLCatalogFile: Sendable {
    /// The file.
    public var file: String
    /// Entries by the locale key written in the file (`en`, `en-us`), in file order.
    public var entries: [String: [CatalogEntry]]
    /// What could not be used, located.
    public var diagnostics: [CatalogDiagnostic]
}

struct YAMLCatalogFormatReader: LocaleKeyedCatalogReader {
    let budget: YAMLCatalogBudget
    var format: CatalogFileFormat { .yaml }
    var fileExtensions: [String] { ["yml", "yaml"] }
    func read(file: String) -> LocaleKeyedFile { YAMLFileReader(budget: budget).read(file: file) }
}
#endif
