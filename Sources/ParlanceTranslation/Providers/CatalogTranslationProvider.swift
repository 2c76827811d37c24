#if Translation
import Parlance
public import ParlanceLocalization

/// A string catalog as a translation memory: a source text in the catalog's development
/// language is found by value, and its key's translation in the target language is returned,
/// unformatted (placeholders intact).
///
/// ```swift
/// let catalog = try Catalog(directory: "Resources", developmentLanguage: "en")
/// let provider = CatalogTranslationProvider(catalog: catalog)
/// try provider.translateSynchronously(TranslationRequest("Settings", to: LocaleID("fr")))  // "Réglages"
/// ```
///
/// A request's `context` that is a key of the table is used as the key first (so
/// `context: "settings.title"` picks that entry even when several keys share the source text).
/// Only plain entries are used (`.strings` values and String Catalog string units); plural and
/// device entries are not. A text with no translation in the target language (or its parents)
/// is `ParlanceError/Code/translationNotFound`.
public struct CatalogTranslationProvider: SyncTranslationProvider {
    /// The catalog.
    public let catalog: Catalog
    /// The table searched.
    public let table: String
    public let identifier: String
    /// Development-language text → keys with that text, in key order.
    private let keysByText: [String: [String]]
    private let keys: Set<String>

    /// A provider over one table of `catalog`.
    public init(catalog: Catalog, table: String = "Localizable", identifier: String = "catalog") {
        self.catalog = catalog
        self.table = table
        self.identifier = identifier
        let development = CatalogAdapter.developmentLanguage(of: catalog)
        var index: [String: [String]] = [:]
        let keys = CatalogAdapter.keys(of: catalog, table: table)
        for key in keys {
            if let found = CatalogAdapter.text(of: catalog, key: key, table: table, language: development) {
                index[found.text, default: []].append(key)
            }
        }
        keysByText = index
        self.keys = Set(keys)
    }

    public func translateSynchronously(_ request: TranslationRequest) throws -> TranslationResponse {
        guard let target = request.targetLanguage else {
            throw ParlanceError(.invalidArgument, "the catalog provider needs a target language")
        }
        var candidates = keysByText[request.sourceText] ?? []
        if let context = request.context, keys.contains(context) { candidates.insert(context, at: 0) }
        let acceptable = Set(target.fallbackChain.filter { !$0.isRoot }.map(\.languageTag))
        for key in candidates {
            guard let found = CatalogAdapter.text(of: catalog, key: key, table: table, language: target),
                acceptable.contains(found.language.languageTag)
            else { continue }
            return TranslationResponse(
                text: found.text, detectedSourceLanguage: CatalogAdapter.developmentLanguage(of: catalog),
                providerID: identifier)
        }
        throw ParlanceError(
            .translationNotFound, "no \(target.languageTag) translation in the catalog table \(table) for a \(request.sourceText.count)-character text")
    }
}
#endif
