#if Translation
import Foundation
import Parlance
import ParlanceTranslation
import Testing

@Suite struct LibreTranslateProviderTests {
    let dictionary = [
        "de": ["Settings": "Einstellungen", "Cancel": "Abbrechen", "Save": "Speichern"],
        "ja": ["Settings": "設定"],
        "zh-Hant": ["Settings": "設定（繁體）"],
    ]

    func withServer(
        apiKey: String? = nil, mode: LibreTranslateTestServer.Mode = .normal,
        _ body: (LibreTranslateTestServer) async throws -> Void
    ) async throws {
        let server = LibreTranslateTestServer(dictionary: dictionary, requiredAPIKey: apiKey, mode: mode)
        try await server.start()
        do {
            try await body(server)
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }

    func fastRetries(_ endpoint: String, attempts: Int = 3, timeout: Duration = .seconds(60), apiKey: String? = nil) -> LibreTranslateProvider {
        LibreTranslateProvider(
            configuration: .init(
                endpoint: endpoint, apiKey: apiKey, requestTimeout: timeout, maximumAttempts: attempts,
                initialBackoff: .milliseconds(10), maximumBackoff: .milliseconds(50)))
    }

    @Test func translatesOneTextWithTheDocumentedParameters() async throws {
        try await withServer(apiKey: "secret") { server in
            let provider = LibreTranslateProvider(endpoint: server.endpoint, apiKey: "secret")
            let response = try await provider.translate(TranslationRequest("Settings", from: LocaleID("en-US"), to: LocaleID("de-AT")))
            #expect(response.text == "Einstellungen")
            #expect(response.providerID == "libretranslate")
            #expect(server.received.current == [.init(q: ["Settings"], qWasArray: true, source: "en", target: "de", format: "text", apiKey: "secret")])
        }
    }

    @Test func detectsTheSourceLanguageWhenNoneIsGiven() async throws {
        try await withServer { server in
            let provider = LibreTranslateProvider(endpoint: server.endpoint)
            let response = try await provider.translate(TranslationRequest("Settings", to: LocaleID("zh-TW")))
            #expect(response.text == "設定（繁體）")
            #expect(response.detectedSourceLanguage == (LocaleID("en")))
            #expect(server.received.current.first?.source == "auto")
            #expect(server.received.current.first?.target == "zh-Hant")
        }
    }

    @Test func batchIsOneRequestPerLanguagePair() async throws {
        try await withServer { server in
            let provider = LibreTranslateProvider(endpoint: server.endpoint)
            let de = LocaleID("de")
            let ja = LocaleID("ja")
            let en = LocaleID("en")
            let responses = try await provider.translate(batch: [
                TranslationRequest("Settings", from: en, to: de), TranslationRequest("Settings", from: en, to: ja),
                TranslationRequest("Cancel", from: en, to: de), TranslationRequest("Unknown words", from: en, to: de),
            ])
            #expect(responses.map(\.text) == ["Einstellungen", "設定", "Abbrechen", "Unknown words"])
            #expect(server.received.current.map(\.q) == [["Settings", "Cancel", "Unknown words"], ["Settings"]])
        }
    }

    @Test func retriesServerErrorsWithBackoffThenSucceeds() async throws {
        try await withServer(mode: .failFirst(count: 2, status: 503)) { server in
            let response = try await fastRetries(server.endpoint).translate(TranslationRequest("Save", to: LocaleID("de")))
            #expect(response.text == "Speichern")
            #expect(server.requests.current == 3)
        }
        try await withServer(mode: .failFirst(count: 5, status: 429)) { server in
            do {
                _ = try await fastRetries(server.endpoint).translate(TranslationRequest("Save", to: LocaleID("de")))
                Issue.record("expected an error")
            } catch let error as ParlanceError {
                #expect(error.code == .translationFailed)
                #expect(error.message.contains("HTTP 429: Slow down"))
                #expect(error.message.contains("after 3 attempts"))
            }
            #expect(server.requests.current == 3)
        }
    }

    @Test func clientErrorsAreNotRetried() async throws {
        try await withServer(apiKey: "secret") { server in
            do {
                _ = try await fastRetries(server.endpoint, apiKey: "wrong").translate(TranslationRequest("Save", to: LocaleID("de")))
                Issue.record("expected an error")
            } catch let error as ParlanceError {
                #expect(error.code == .translationFailed)
                #expect(error.message.contains("HTTP 403: Invalid API key"))
            }
            #expect(server.requests.current == 1)
        }
    }

    @Test func requestTimeoutAndOversizedBodies() async throws {
        // The server answers after 10 minutes: returning proves the per-attempt timeout.
        try await withServer(mode: .delay(.seconds(600))) { server in
            let start = ContinuousClock.now
            await #expect(throws: ParlanceError.self) {
                _ = try await fastRetries(server.endpoint, attempts: 2, timeout: .milliseconds(200)).translate(
                    TranslationRequest("Save", to: LocaleID("de")))
            }
            #expect(ContinuousClock.now - start < .seconds(300))
            #expect(server.requests.current == 2)
        }
        try await withServer(mode: .oversized(bytes: 5 << 20)) { server in
            do {
                _ = try await LibreTranslateProvider(endpoint: server.endpoint).translate(TranslationRequest("Save", to: LocaleID("de")))
                Issue.record("expected an error")
            } catch let error as ParlanceError {
                #expect(error.code == .translationFailed)
                #expect(error.message.contains("larger than"))
            }
        }
    }

    @Test func connectionRefusedIsRetriedThenFails() async throws {
        // Bind and close a server to get a port nobody listens on.
        let server = LibreTranslateTestServer(dictionary: [:])
        try await server.start()
        let endpoint = server.endpoint
        try await server.stop()
        do {
            _ = try await fastRetries(endpoint, attempts: 2, timeout: .milliseconds(500)).translate(TranslationRequest("Save", to: LocaleID("de")))
            Issue.record("expected an error")
        } catch let error as ParlanceError {
            #expect(error.code == .translationFailed)
            #expect(error.message.contains("after 2 attempts"))
        }
    }

    @Test func throughTheLocalizerWithFallbackAndCache() async throws {
        try await withServer(mode: .failFirst(count: 1, status: 500)) { server in
            let localizer = LiveLocalizer(provider: fastRetries(server.endpoint, attempts: 1))
            let de = LocaleID("de")
            #expect(try await localizer.translate(TranslationRequest("Cancel", to: de)).origin == .fallback)
            #expect(try await localizer.localize("Cancel", to: de) == "Abbrechen")
            #expect(try await localizer.translate(TranslationRequest("Cancel", to: de)).origin == .memoryCache)
            let batch = try await localizer.translate(batch: ["Save", "Settings", "Cancel"].map { TranslationRequest($0, to: de) })
            #expect(batch.map(\.text) == ["Speichern", "Einstellungen", "Abbrechen"])
            #expect(server.received.current.last?.q == ["Save", "Settings"])
            #expect(server.requests.current == 3)
        }
    }
}
#endif
