#if Translation
// The examples of ParlanceTranslation's guide, as written there, with their
// results checked.
import Foundation
import Logging
import Parlance
import ParlanceLocalization
import ParlanceTranslation
import Testing

struct MyTranslationProvider: TranslationProvider {
    var identifier: String { "my-provider" }
    func translate(_ request: TranslationRequest) async throws -> TranslationResponse {
        TranslationResponse(text: request.sourceText.uppercased())  // call your backend here
    }
}

struct SafeProvider: TranslationProvider {
    func translate(_ request: TranslationRequest) async throws -> TranslationResponse {
        do {
            return TranslationResponse(text: try await callBackend(with: request))
        } catch {
            return TranslationResponse(text: request.sourceText)
        }
    }

    private func callBackend(with request: TranslationRequest) async throws -> String {
        throw ParlanceError(.translationFailed, "the backend is down")
    }
}

struct DictionaryProvider: SyncTranslationProvider {
    let values: [String: String]

    func translateSynchronously(_ request: TranslationRequest) throws -> TranslationResponse {
        TranslationResponse(text: values[request.sourceText] ?? request.sourceText)
    }
}

/// Serialized: the first example sets the process-wide localizer.
@Suite(.serialized) struct ReadmeExamplesTests {
    @Test func customProviderSharedAndExplicit() async throws {
        let directory = try temporaryDirectory()
        defer {
            LiveLocalizer.resetShared()
            try? FileManager.default.removeItem(at: directory)
        }
        let cachePath = directory.appendingPathComponent("translations.sqlite").path

        // The process-wide localizer…
        LiveLocalizer.configure(
            provider: MyTranslationProvider(),
            cacheStore: try SQLiteTranslationCacheStore(path: cachePath),
            cachePolicy: TranslationCachePolicy(namespace: "preview", providerIdentifier: "my-provider"))
        #expect(try await "Settings".localized(to: LocaleID("ja")) == "SETTINGS")

        // …or an explicit one.
        let localizer = LiveLocalizer(provider: MyTranslationProvider())
        #expect(try await "Checkout".localized(to: LocaleID("de"), using: localizer) == "CHECKOUT")

        // Context.
        #expect(
            try await "Checkout".localized(
                from: LocaleID("en"), to: LocaleID("ja"),
                context: "paywall.primary_cta", using: localizer) == "CHECKOUT")
        // The shared localizer wrote through to the SQLite file.
        #expect(try SQLiteTranslationCacheStore(path: cachePath).entryCount() == 1)
    }

    @Test func perRequestLanguage() async throws {
        let manager = try LanguageManager(supportedLanguages: [LocaleID("en"), LocaleID("de"), LocaleID("ja")])
        let perRequest = LiveLocalizer(provider: MyTranslationProvider(), languageManager: manager)
        let text = try await manager.withLanguage(acceptLanguage: "ja-JP, en;q=0.5") {
            try await perRequest.localize("Great product!", from: LocaleID("en"))  // into Japanese: "GREAT PRODUCT!"
        }
        #expect(text == "GREAT PRODUCT!")
        #expect(try perRequest.cacheKey(for: TranslationRequest("Great product!")).targetLanguage == manager.effectiveLocale.languageTag)
        let japaneseKey = try manager.withLanguage(acceptLanguage: "ja-JP") { try perRequest.cacheKey(for: TranslationRequest("Great product!")) }
        #expect(japaneseKey.targetLanguage == "ja")
    }

    @Test func safeProviderFallsBack() async throws {
        #expect(try await "Settings".localized(to: LocaleID("fr"), using: LiveLocalizer(provider: SafeProvider())) == "Settings")
    }

    @Test func dictionaryProvider() async throws {
        let dictionary = LiveLocalizer(provider: DictionaryProvider(values: ["Settings": "Einstellungen"]))
        #expect(try await dictionary.localize("Settings", to: LocaleID("de")) == "Einstellungen")
        let shipped = LiveLocalizer(provider: DictionaryTranslationProvider(translations: ["de": ["Settings": "Einstellungen"]]))
        #expect(try await shipped.localize("Settings", to: LocaleID("de-AT")) == "Einstellungen")
    }

    @Test func loggerAndObserver() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cachePath = directory.appendingPathComponent("translations.sqlite").path
        let seen = LockedBox([String]())

        let observer = TranslationEventObserver { event in
            print("Localization event:", event)
            seen.withLock { $0.append("\(event)") }
        }
        let observed = LiveLocalizer(
            provider: MyTranslationProvider(),
            cacheStore: try SQLiteTranslationCacheStore(path: cachePath),
            cachePolicy: TranslationCachePolicy(providerIdentifier: "my-provider"),
            logger: Logger(label: "myapp.translation"),
            observer: observer)
        #expect(try await observed.localize("Settings", to: LocaleID("ja")) == "SETTINGS")
        #expect(
            Array(seen.current.prefix(3)) == [
                "configured: provider my-provider, namespace default",
                "cache miss: default/my-provider auto→ja 8 chars",
                "provider my-provider start: 1 text(s)",
            ])
    }

    @Test func pseudoLocalizationExample() {
        #expect(PseudoLocalizationProvider().pseudoLocalize("Delete %lld files?") == "[Ðéļéţé %lld ƒîļéš? ~~~~]")
    }
}
#endif
