#if Translation
import Parlance

/// Translations from an in-memory table: per target language, source text → translation.
///
/// ```swift
/// let provider = DictionaryTranslationProvider(translations: [
///     "de": ["Settings": "Einstellungen", "Cancel": "Abbrechen"],
///     "ja": ["Settings": "設定"],
/// ])
/// ```
///
/// A language matches by its BCP 47 tag, then by its parents (`de-AT` finds `de`). A text not
/// in the table is a `ParlanceError/Code/translationNotFound` error, so that the localizer
/// falls back to the source text without caching it.
public struct DictionaryTranslationProvider: SyncTranslationProvider {
    /// The table: target language tag → source text → translation.
    public let translations: [String: [String: String]]
    public let identifier: String

    /// A provider over `translations` (keys are BCP 47 tags; they are canonicalized, and an
    /// ill-formed one is kept as written and never matches).
    public init(translations: [String: [String: String]], identifier: String = "dictionary") {
        var canonical: [String: [String: String]] = [:]
        for (tag, table) in translations {
            let key = (try? LocaleID(tag).languageTag) ?? tag
            canonical[key, default: [:]].merge(table) { first, _ in first }
        }
        self.translations = canonical
        self.identifier = identifier
    }

    public func translateSynchronously(_ request: TranslationRequest) throws -> TranslationResponse {
        guard let target = request.targetLanguage else {
            throw ParlanceError(.invalidArgument, "the dictionary provider needs a target language")
        }
        for language in target.fallbackChain where !language.isRoot {
            if let text = translations[language.languageTag]?[request.sourceText] {
                return TranslationResponse(text: text, providerID: identifier)
            }
        }
        throw ParlanceError(.translationNotFound, "no \(target.languageTag) translation in the dictionary for a \(request.sourceText.count)-character text")
    }
}
#endif
