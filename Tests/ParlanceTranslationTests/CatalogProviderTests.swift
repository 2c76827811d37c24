#if Translation
import Foundation
import Parlance
import ParlanceLocalization
import ParlanceTranslation
import Testing

@Suite struct CatalogProviderTests {
    /// A catalog on disk: English (development), French and Portuguese.
    func makeCatalog() throws -> (Catalog, URL) {
        let directory = try temporaryDirectory("parlance-catalog")
        func write(_ language: String, _ contents: String) throws {
            let folder = directory.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
        try write(
            "en",
            """
            "settings.title" = "Settings";
            "settings.menu" = "Settings";
            "delete.confirm" = "Delete %lld files?";
            "only.english" = "Only in English";
            """)
        try write(
            "fr",
            """
            "settings.title" = "Réglages";
            "settings.menu" = "Paramètres";
            "delete.confirm" = "Supprimer %lld fichiers ?";
            """)
        try write(
            "pt",
            """
            "settings.title" = "Configurações";
            """)
        return (try Catalog(directory: directory.path, developmentLanguage: "en"), directory)
    }

    @Test func findsTranslationsBySourceTextAndContext() throws {
        let (catalog, directory) = try makeCatalog()
        defer { try? FileManager.default.removeItem(at: directory) }
        let provider = CatalogTranslationProvider(catalog: catalog)
        let fr = LocaleID("fr")
        // Two keys share "Settings": the first key in order, unless the context names one.
        #expect(try provider.translateSynchronously(TranslationRequest("Settings", to: fr)).text == "Paramètres")
        #expect(try provider.translateSynchronously(TranslationRequest("Settings", to: fr, context: "settings.title")).text == "Réglages")
        // Unformatted: the placeholder is kept for the caller to format.
        #expect(try provider.translateSynchronously(TranslationRequest("Delete %lld files?", to: LocaleID("fr-CA"))).text == "Supprimer %lld fichiers ?")
        // pt-BR falls back to pt.
        #expect(
            try provider.translateSynchronously(TranslationRequest("Settings", to: LocaleID("pt-BR"), context: "settings.title")).text == "Configurações")
    }

    @Test func missingTranslationsAreNotFoundNotTheSourceText() throws {
        let (catalog, directory) = try makeCatalog()
        defer { try? FileManager.default.removeItem(at: directory) }
        let provider = CatalogTranslationProvider(catalog: catalog)
        for (text, language) in [("Only in English", "fr"), ("Not in the catalog", "fr"), ("Settings", "ja"), ("Delete %lld files?", "pt")] {
            do {
                _ = try provider.translateSynchronously(TranslationRequest(text, to: try LocaleID(language)))
                Issue.record("expected translation-not-found for \(text) in \(language)")
            } catch let error as ParlanceError {
                #expect(error.code == .translationNotFound)
            }
        }
    }

    @Test func asATranslationMemoryBehindTheLocalizer() async throws {
        let (catalog, directory) = try makeCatalog()
        defer { try? FileManager.default.removeItem(at: directory) }
        let localizer = LiveLocalizer(provider: CatalogTranslationProvider(catalog: catalog))
        let fr = LocaleID("fr")
        #expect(try await localizer.localize("Settings", to: fr, context: "settings.title") == "Réglages")
        let miss = try await localizer.translate(TranslationRequest("Only in English", to: fr))
        #expect(miss.origin == .fallback)
        #expect(miss.text == "Only in English")
    }
}
#endif
