#if Translation
import Foundation
import Parlance
import ParlanceLocalization
import ParlanceTranslation
import Testing

@Suite struct LiveLocalizerTests {
    let de = LocaleID("de")
    let ja = LocaleID("ja")
    let en = LocaleID("en")

    @Test func translatesCachesInMemoryAndCountsOneProviderCall() async throws {
        let provider = ScriptedProvider()
        let localizer = LiveLocalizer(provider: provider)
        let first = try await localizer.translate(TranslationRequest("Settings", from: en, to: de))
        #expect(first.text == reversed("Settings", "de"))
        #expect(first.origin == .provider)
        #expect(first.providerID == "scripted")
        let second = try await localizer.translate(TranslationRequest("Settings", from: en, to: de))
        #expect(second.text == first.text)
        #expect(second.origin == .memoryCache)
        #expect(provider.calls.current == 1)
        // Each part of the key separates entries: another language, another context.
        _ = try await localizer.translate(TranslationRequest("Settings", from: en, to: ja))
        _ = try await localizer.translate(TranslationRequest("Settings", from: en, to: de, context: "settings.title"))
        #expect(provider.calls.current == 3)
        #expect(localizer.memoryCache.count == 3)
    }

    @Test func memoryHitGivesTheStoredDetectedLanguage() async throws {
        let localizer = LiveLocalizer(provider: ScriptedProvider())
        let key = try localizer.cacheKey(for: TranslationRequest("Bonjour", to: de))
        localizer.memoryCache.insert(TranslationCacheEntry(key: key, text: "Hallo", detectedSourceLanguage: "fr", createdAt: Date()))
        let hit = try #require(localizer.cachedTranslation(for: TranslationRequest("Bonjour", to: de)))
        #expect(hit.text == "Hallo")
        #expect(hit.detectedSourceLanguage == LocaleID("fr"))
        #expect(hit.providerID == "scripted")
        #expect(hit.origin == .memoryCache)
        #expect(try await localizer.translate(TranslationRequest("Bonjour", to: de)) == hit)
        // A detected language that is no locale identifier is left out of the response; the
        // entry keeps it as written.
        let other = try localizer.cacheKey(for: TranslationRequest("Salut", to: de))
        localizer.memoryCache.insert(TranslationCacheEntry(key: other, text: "Hi", detectedSourceLanguage: "not a tag", createdAt: Date()))
        let plain = try #require(localizer.cachedTranslation(for: TranslationRequest("Salut", to: de)))
        #expect(plain.detectedSourceLanguage == nil)
        #expect(plain.text == "Hi")
        #expect(localizer.memoryCache.entry(for: other, now: Date())?.detectedSourceLanguage == "not a tag")
    }

    @Test func thousandConcurrentIdenticalRequestsMakeOneProviderCall() async throws {
        let provider = ScriptedProvider(.delay(.milliseconds(300)))
        let metrics = RecordingMetrics()
        let localizer = LiveLocalizer(provider: provider, metricsFactory: metrics)
        let texts = try await withThrowingTaskGroup(of: TranslationResponse.self) { group in
            for _ in 0..<1_000 {
                group.addTask { try await localizer.translate(TranslationRequest("Checkout", from: self.en, to: self.ja)) }
            }
            var responses: [TranslationResponse] = []
            for try await response in group { responses.append(response) }
            return responses
        }
        #expect(texts.count == 1_000)
        #expect(Set(texts.map(\.text)) == [reversed("Checkout", "ja")])
        #expect(provider.calls.current == 1)
        // Every request other than the leader either joined the flight or hit the memory cache.
        let joined = metrics.total("parlance_translation_coalesced_requests_total")
        let hits = metrics.total("parlance_translation_cache_hits_total", ["level": "memory"])
        #expect(joined + hits == 999)
        #expect(joined > 0)
    }

    @Test func timeToLiveExpiresWithTheInjectedClock() async throws {
        let clock = ManualClock()
        let provider = ScriptedProvider()
        let localizer = LiveLocalizer(
            provider: provider, cachePolicy: TranslationCachePolicy(timeToLive: .seconds(60)),
            clock: clock.translationClock)
        _ = try await localizer.localize("Hello", to: de)
        clock.advance(by: 59)
        #expect(try await localizer.translate(TranslationRequest("Hello", to: de)).origin == .memoryCache)
        #expect(provider.calls.current == 1)
        clock.advance(by: 1)
        #expect(try await localizer.translate(TranslationRequest("Hello", to: de)).origin == .provider)
        #expect(provider.calls.current == 2)
    }

    @Test func providerFailureFallsBackToSourceTextAndIsNotCached() async throws {
        let provider = ScriptedProvider(.fail)
        let (logger, records) = RecordingLogHandler.logger()
        let localizer = LiveLocalizer(provider: provider, logger: logger)
        let response = try await localizer.translate(TranslationRequest("Buy now", to: de))
        #expect(response.text == "Buy now")
        #expect(response.origin == .fallback)
        #expect(localizer.memoryCache.count == 0)
        #expect(
            records.current.contains {
                $0.level == .warning && $0.message.contains("fell back to the source text") && $0.message.contains("the scripted backend failed")
            })
        provider.set(.reverse)
        #expect(try await localizer.localize("Buy now", to: de) == reversed("Buy now", "de"))
    }

    @Test func throwPolicyThrowsTranslationFailed() async throws {
        let localizer = LiveLocalizer(provider: ScriptedProvider(.fail), options: .init(failurePolicy: .throw))
        do {
            _ = try await localizer.localize("Buy now", to: de)
            Issue.record("expected an error")
        } catch let error as ParlanceError {
            #expect(error.code == .translationFailed)
            #expect(error.message.contains("the scripted backend failed"))
        }
    }

    @Test func timeoutFallsBackOrThrows() async throws {
        let provider = ScriptedProvider(.hang)
        let fallback = LiveLocalizer(provider: provider, options: .init(timeout: .milliseconds(100)))
        let start = ContinuousClock.now
        let response = try await fallback.translate(TranslationRequest("Slow", to: de))
        #expect(response.origin == .fallback)
        #expect(response.text == "Slow")
        // The provider hangs for an hour: returning at all proves the timeout (the bound is loose
        // because a loaded machine delays the timer task — by minutes under the thread sanitizer on
        // 2 busy cores — never by an hour).
        #expect(ContinuousClock.now - start < .seconds(1800))

        let strict = LiveLocalizer(provider: provider, options: .init(failurePolicy: .throw, timeout: .milliseconds(100)))
        await #expect(throws: ParlanceError.self) { try await strict.localize("Slow", to: de) }
        do {
            _ = try await strict.localize("Slow", to: de)
        } catch let error as ParlanceError {
            #expect(error.code == .translationTimedOut)
        }
    }

    @Test func cancellationReachesTheProviderAndTheCaller() async throws {
        let provider = ScriptedProvider(.hang)
        let localizer = LiveLocalizer(provider: provider, options: .init(timeout: .seconds(600)))
        let task = Task { try await localizer.localize("Wait", to: de) }
        while provider.inFlight.current.now == 0 { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        do {
            _ = try await task.value
            Issue.record("expected cancellation")
        } catch let error as ParlanceError {
            #expect(error.code == .cancelled)
        }
        // The provider's call was cancelled too (its sleep ended): nothing stays in flight.
        var polls = 0
        while provider.inFlight.current.now != 0, polls < 3_000 {
            try await Task.sleep(for: .milliseconds(10))
            polls += 1
        }
        #expect(provider.inFlight.current.now == 0)
    }

    @Test func concurrencyLimitBoundsProviderCallsInFlight() async throws {
        let provider = ScriptedProvider(.delay(.milliseconds(200)))
        let localizer = LiveLocalizer(provider: provider, options: .init(maximumConcurrentRequests: 3))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<30 {
                group.addTask { _ = try await localizer.localize("text \(index)", to: self.de) }
            }
            try await group.waitForAll()
        }
        #expect(provider.calls.current == 30)
        #expect(provider.inFlight.current.peak == 3)
    }

    @Test func batchSendsOnlyUncachedDistinctTextsInOneProviderCall() async throws {
        let provider = ScriptedProvider()
        let localizer = LiveLocalizer(provider: provider)
        _ = try await localizer.localize("Save", to: de)
        let requests = ["Save", "Cancel", "Delete", "Cancel"].map { TranslationRequest($0, to: de) }
        let responses = try await localizer.translate(batch: requests)
        #expect(responses.map(\.text) == ["Save", "Cancel", "Delete", "Cancel"].map { reversed($0, "de") })
        #expect(responses[0].origin == .memoryCache)
        #expect(provider.batchCalls.current == [2])
        // Now all cached: no provider call.
        _ = try await localizer.translate(batch: requests)
        #expect(provider.batchCalls.current == [2])
        await #expect(throws: ParlanceError.self) {
            _ = try await LiveLocalizer(provider: provider, options: .init(maximumBatchSize: 2)).translate(batch: requests)
        }
    }

    @Test func batchFailureFallsBack() async throws {
        let localizer = LiveLocalizer(provider: ScriptedProvider(.fail))
        let responses = try await localizer.translate(batch: ["One", "Two"].map { TranslationRequest($0, to: de) })
        #expect(responses.map(\.text) == ["One", "Two"])
        #expect(responses.allSatisfy { $0.origin == .fallback })
    }

    @Test func targetLanguageDefaultsToTheLanguageManagersPerRequestLanguage() async throws {
        let manager = try LanguageManager(supportedLanguages: [en, de, ja], environment: ["LANG": "de_DE.UTF-8"])
        let localizer = LiveLocalizer(provider: ScriptedProvider(), languageManager: manager)
        #expect(try await localizer.localize("Hello") == reversed("Hello", "de"))
        let perRequest = try await manager.withLanguage(acceptLanguage: "ja-JP, en;q=0.5") { () async throws -> String in
            try await "Hello".localized(using: localizer)
        }
        #expect(perRequest == reversed("Hello", "ja"))
        // Concurrent requests, each in its own language.
        let results = try await withThrowingTaskGroup(of: (String, String).self) { group in
            for header in ["ja", "de", "en", "ja", "de"] {
                group.addTask {
                    try await manager.withLanguage(acceptLanguage: header) { () async throws -> (String, String) in
                        (header, try await localizer.localize("Hello"))
                    }
                }
            }
            var all: [(String, String)] = []
            for try await result in group { all.append(result) }
            return all
        }
        for (header, text) in results { #expect(text == reversed("Hello", header)) }

        let noLanguage = LiveLocalizer(provider: ScriptedProvider())
        do {
            _ = try await noLanguage.localize("Hello")
            Issue.record("expected an error")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidArgument)
        }
    }

    @Test func sharedConfigurationAndStringConvenience() async throws {
        LiveLocalizer.resetShared()
        do {
            _ = try await "Settings".localized(to: de)
            Issue.record("expected an error without a configured localizer")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidArgument)
        }
        let events = LockedBox([String]())
        let localizer = LiveLocalizer.configure(
            provider: ScriptedProvider(), cachePolicy: TranslationCachePolicy(namespace: "preview"),
            observer: TranslationEventObserver { event in events.withLock { $0.append("\(event)") } })
        defer { LiveLocalizer.resetShared() }
        #expect(LiveLocalizer.shared === localizer)
        #expect(try await "Settings".localized(to: de, context: "settings.title") == reversed("Settings", "de"))
        #expect(events.current.first == "configured (shared): provider scripted, namespace preview")
        #expect(events.current.count == 5)  // configured, miss, provider start, provider success, write
    }

    @Test func invalidationByNamespaceProviderAndAll() async throws {
        let provider = ScriptedProvider()
        let localizer = LiveLocalizer(provider: provider, cachePolicy: TranslationCachePolicy(namespace: "shop"))
        _ = try await localizer.localize("A", to: de)
        _ = try await localizer.localize("B", to: de)
        #expect(try await localizer.invalidate(.namespace("other")) == 0)
        #expect(localizer.memoryCache.count == 2)
        #expect(try await localizer.invalidate(.providerID("scripted")) == 2)
        #expect(localizer.memoryCache.count == 0)
        _ = try await localizer.localize("A", to: de)
        #expect(provider.calls.current == 3)
        #expect(try await localizer.invalidate(.namespace("shop")) == 1)
        _ = try await localizer.localize("A", to: de)
        #expect(try await localizer.invalidate(.all) == 1)
        #expect(localizer.memoryCache.count == 0)
    }
}
#endif
