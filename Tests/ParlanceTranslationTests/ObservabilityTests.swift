#if Translation
import Foundation
import Logging
import Parlance
import ParlanceTranslation
import Testing

@Suite struct ObservabilityTests {
    let de = LocaleID("de")

    @Test func eventsReachTheObserverTheLoggerAndTheMetrics() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteTranslationCacheStore(path: directory.appendingPathComponent("cache.sqlite").path)
        let events = LockedBox([TranslationEvent]())
        let (logger, records) = RecordingLogHandler.logger()
        let metrics = RecordingMetrics()
        let provider = ScriptedProvider()
        let localizer = LiveLocalizer(
            provider: provider, cacheStore: store, cachePolicy: TranslationCachePolicy(namespace: "obs"),
            logger: logger, observer: TranslationEventObserver { event in events.withLock { $0.append(event) } },
            metricsFactory: metrics)
        _ = try await localizer.localize("Hello", to: de)  // miss, start, success, write
        _ = try await localizer.localize("Hello", to: de)  // memory hit
        provider.set(.fail)
        _ = try await localizer.localize("Bye", to: de)  // miss, start, failure with fallback
        try await localizer.invalidate(.all)
        try await localizer.warmUp()

        let kinds = events.current.map { event -> String in
            switch event {
            case .configured: return "configured"
            case .cacheWarmUp: return "warm-up"
            case .cacheHit(_, let level): return "hit-\(level.rawValue)"
            case .cacheMiss: return "miss"
            case .cacheWrite: return "write"
            case .cacheInvalidation: return "invalidation"
            case .coalesced: return "coalesced"
            case .providerStart: return "start"
            case .providerSuccess: return "success"
            case .providerFailure(_, _, let fellBack): return fellBack ? "failure-fallback" : "failure"
            case .storeFailure: return "store-failure"
            }
        }
        #expect(kinds == ["configured", "miss", "start", "success", "write", "hit-memory", "miss", "start", "failure-fallback", "invalidation", "warm-up"])

        // swift-log: the same events, at their levels, with no source text in them.
        let logged = records.current
        #expect(logged.count == kinds.count)
        #expect(
            logged.filter { $0.level == .info }.map(\.message) == [
                "configured: provider scripted, namespace obs", "cache invalidation (all): 1 entries", "cache warm-up: 0 entries",
            ])
        #expect(logged.filter { $0.level == .warning }.count == 1)
        #expect(!logged.contains { $0.message.contains("Hello") || $0.message.contains("Bye") })

        // swift-metrics: counters with namespace and provider dimensions, and the provider timer.
        let dimensions = ["namespace": "obs", "provider": "scripted"]
        #expect(metrics.total("parlance_translation_cache_misses_total", dimensions) == 2)
        #expect(metrics.total("parlance_translation_cache_hits_total", dimensions.merging(["level": "memory"]) { $1 }) == 1)
        #expect(metrics.total("parlance_translation_cache_writes_total", dimensions) == 1)
        #expect(metrics.total("parlance_translation_provider_requests_total", ["outcome": "success"]) == 1)
        #expect(metrics.total("parlance_translation_provider_requests_total", ["outcome": "failure"]) == 1)
        #expect(metrics.total("parlance_translation_fallbacks_total") == 1)
        #expect(metrics.total("parlance_translation_cache_invalidated_entries_total") == 1)
        let durations = metrics.recorded("parlance_translation_provider_duration_seconds")
        #expect(durations.count == 1)
        // Nanoseconds of a real provider call: positive, and less than the test's own hour-long bound.
        #expect(durations.allSatisfy { $0 > 0 && $0 < 3_600_000_000_000 })
    }
}
#endif
