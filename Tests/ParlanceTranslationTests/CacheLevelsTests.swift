#if Translation
import Foundation
import Parlance
import ParlanceTranslation
import Testing

@Suite struct CacheLevelsTests {
    let de = LocaleID("de")

    func key(_ text: String, namespace: String = "n", provider: String = "p") -> TranslationCacheKey {
        TranslationCacheKey(sourceText: text, sourceLanguage: "", targetLanguage: "de", context: "", namespace: namespace, providerID: provider)
    }

    func entry(_ text: String, expires: Date? = nil) -> TranslationCacheEntry {
        TranslationCacheEntry(key: key(text), text: text.uppercased(), createdAt: Date(timeIntervalSince1970: 0), expiresAt: expires)
    }

    @Test func memoryCacheEvictsTheLeastRecentlyUsed() {
        let cache = TranslationMemoryCache(maximumEntries: 3, maximumBytes: 1 << 20)
        let now = Date(timeIntervalSince1970: 0)
        for text in ["a", "b", "c"] { cache.insert(entry(text)) }
        #expect(cache.entry(for: key("a"), now: now)?.text == "A")  // a is now the most recent
        cache.insert(entry("d"))  // evicts b
        #expect(cache.entry(for: key("b"), now: now) == nil)
        #expect(cache.entry(for: key("a"), now: now) != nil)
        #expect(cache.entry(for: key("c"), now: now) != nil)
        #expect(cache.entry(for: key("d"), now: now) != nil)
        #expect(cache.count == 3)
    }

    @Test func memoryCacheHonoursItsByteBudget() {
        let one = entry(String(repeating: "x", count: 1_000))
        let cache = TranslationMemoryCache(maximumEntries: 1_000, maximumBytes: 5_000)
        for index in 0..<20 { cache.insert(entry("\(index)" + String(repeating: "x", count: 1_000))) }
        #expect(cache.byteCount <= 5_000)
        #expect(cache.count == 2)
        // An entry larger than the whole budget is not kept.
        let tiny = TranslationMemoryCache(maximumEntries: 10, maximumBytes: 100)
        tiny.insert(one)
        #expect(tiny.count == 0)
        // Replacing an entry does not double count it.
        cache.insert(entry("19" + String(repeating: "x", count: 1_000)))
        #expect(cache.count == 2)
    }

    @Test func memoryCacheScopesAndExpiry() {
        let cache = TranslationMemoryCache(maximumEntries: 100, maximumBytes: 1 << 20)
        cache.insert(TranslationCacheEntry(key: key("a", namespace: "one", provider: "x"), text: "A", createdAt: Date()))
        cache.insert(TranslationCacheEntry(key: key("b", namespace: "two", provider: "x"), text: "B", createdAt: Date()))
        cache.insert(TranslationCacheEntry(key: key("c", namespace: "two", provider: "y"), text: "C", createdAt: Date()))
        #expect(cache.removeEntries(in: .namespace("one")) == 1)
        #expect(cache.removeEntries(in: .providerID("x")) == 1)
        #expect(cache.count == 1)
        let expiring = entry("e", expires: Date(timeIntervalSince1970: 10))
        cache.insert(expiring)
        #expect(cache.entry(for: expiring.key, now: Date(timeIntervalSince1970: 9)) != nil)
        #expect(cache.entry(for: expiring.key, now: Date(timeIntervalSince1970: 10)) == nil)
        #expect(cache.removeEntries(in: .all) == 1)
    }

    /// 20,000 random inserts, lookups and invalidations against a plain reference LRU (an
    /// array in recency order): the same hits, evictions and counts at every step, through
    /// table growth, tombstones and slot reuse; keys differ in one part at a time.
    @Test func memoryCacheAgreesWithAReferenceLRU() {
        let cache = TranslationMemoryCache(maximumEntries: 50, maximumBytes: 1 << 30)
        var reference: [TranslationCacheKey] = []  // most recent last
        var generator = SystemRandomNumberGenerator()
        let now = Date(timeIntervalSince1970: 0)
        func randomKey() -> TranslationCacheKey {
            TranslationCacheKey(
                sourceText: "text \(Int.random(in: 0..<120, using: &generator))", sourceLanguage: ["", "en"].randomElement(using: &generator)!,
                targetLanguage: ["de", "fr"].randomElement(using: &generator)!, context: ["", "menu"].randomElement(using: &generator)!,
                namespace: ["n", "m"].randomElement(using: &generator)!, providerID: "p")
        }
        for step in 0..<20_000 {
            let key = randomKey()
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<4:
                cache.insert(TranslationCacheEntry(key: key, text: "\(key.sourceText)|\(step)", createdAt: now))
                reference.removeAll { $0 == key }
                if reference.count == 50 { reference.removeFirst() }
                reference.append(key)
            case 4:
                let removed = cache.removeEntries(in: .namespace(key.namespace))
                #expect(removed == reference.filter { $0.namespace == key.namespace }.count)
                reference.removeAll { $0.namespace == key.namespace }
            default:
                let found = cache.entry(for: key, now: now)
                let expected = reference.contains(key)
                #expect((found != nil) == expected, "step \(step): \(key)")
                if let found {
                    #expect(found.key == key && found.text.hasPrefix("\(key.sourceText)|"))
                    reference.removeAll { $0 == key }
                    reference.append(key)
                }
            }
            #expect(cache.count == reference.count)
        }
    }

    @Test func storeIsTheSecondLevelAndSurvivesANewLocalizer() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cache.sqlite").path
        let provider = ScriptedProvider()
        let first = LiveLocalizer(provider: provider, cacheStore: try SQLiteTranslationCacheStore(path: path))
        #expect(try await first.localize("Hello", to: de, context: "greeting") == reversed("Hello", "de"))

        // A new process: a new localizer and store on the same file.
        let metrics = RecordingMetrics()
        let second = LiveLocalizer(provider: provider, cacheStore: try SQLiteTranslationCacheStore(path: path), metricsFactory: metrics)
        let fromStore = try await second.translate(TranslationRequest("Hello", to: de, context: "greeting"))
        #expect(fromStore.origin == .storeCache)
        #expect(fromStore.text == reversed("Hello", "de"))
        #expect(try await second.translate(TranslationRequest("Hello", to: de, context: "greeting")).origin == .memoryCache)
        #expect(provider.calls.current == 1)
        #expect(metrics.total("parlance_translation_cache_hits_total", ["level": "store"]) == 1)
        #expect(metrics.total("parlance_translation_cache_hits_total", ["level": "memory"]) == 1)
    }

    @Test func warmUpLoadsOnlyThisNamespaceAndProvider() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteTranslationCacheStore(path: directory.appendingPathComponent("cache.sqlite").path)
        let writer = LiveLocalizer(provider: ScriptedProvider(), cacheStore: store, cachePolicy: TranslationCachePolicy(namespace: "shop"))
        for text in ["a", "b", "c"] { _ = try await writer.localize(text, to: de) }
        let other = LiveLocalizer(provider: ScriptedProvider(), cacheStore: store, cachePolicy: TranslationCachePolicy(namespace: "blog"))
        _ = try await other.localize("z", to: de)

        let events = LockedBox([String]())
        let provider = ScriptedProvider()
        let reader = LiveLocalizer(
            provider: provider, cacheStore: store, cachePolicy: TranslationCachePolicy(namespace: "shop"),
            observer: TranslationEventObserver { event in events.withLock { $0.append("\(event)") } })
        #expect(try await reader.warmUp() == 3)
        #expect(reader.memoryCache.count == 3)
        #expect(events.current.contains("cache warm-up: 3 entries"))
        #expect(try await reader.translate(TranslationRequest("b", to: de)).origin == .memoryCache)
        #expect(provider.calls.current == 0)
        // Invalidation reaches the store.
        #expect(try await reader.invalidate(.namespace("shop")) == 3)
        #expect(try store.entryCount() == 1)
    }

    @Test func expiredStoreEntriesAreNotServed() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteTranslationCacheStore(path: directory.appendingPathComponent("cache.sqlite").path)
        let clock = ManualClock()
        let provider = ScriptedProvider()
        let policy = TranslationCachePolicy(timeToLive: .seconds(3_600))
        _ = try await LiveLocalizer(provider: provider, cacheStore: store, cachePolicy: policy, clock: clock.translationClock).localize("x", to: de)
        clock.advance(by: 3_599)
        let later = LiveLocalizer(provider: provider, cacheStore: store, cachePolicy: policy, clock: clock.translationClock)
        #expect(try await later.translate(TranslationRequest("x", to: de)).origin == .storeCache)
        clock.advance(by: 1)
        let expired = LiveLocalizer(provider: provider, cacheStore: store, cachePolicy: policy, clock: clock.translationClock)
        #expect(try await expired.translate(TranslationRequest("x", to: de)).origin == .provider)
        #expect(provider.calls.current == 2)
    }

    /// A store that always fails: the localizer goes on with the provider and reports it.
    struct BrokenStore: TranslationCacheStore {
        func entry(for key: TranslationCacheKey) async throws -> TranslationCacheEntry? { throw ParlanceError(.cacheStoreFailed, "disk on fire") }
        func write(_ entries: [TranslationCacheEntry]) async throws { throw ParlanceError(.cacheStoreFailed, "disk on fire") }
        func warmUpEntries(namespace: String?, providerID: String?, now: Date, limit: Int) async throws -> [TranslationCacheEntry] {
            throw ParlanceError(.cacheStoreFailed, "disk on fire")
        }
        func removeEntries(in scope: TranslationCacheScope) async throws -> Int { throw ParlanceError(.cacheStoreFailed, "disk on fire") }
        func removeExpiredEntries(at date: Date) async throws -> Int { throw ParlanceError(.cacheStoreFailed, "disk on fire") }
    }

    @Test func storeFailureIsReportedAndTheProviderStillAnswers() async throws {
        let metrics = RecordingMetrics()
        let (logger, records) = RecordingLogHandler.logger()
        let localizer = LiveLocalizer(provider: ScriptedProvider(), cacheStore: BrokenStore(), logger: logger, metricsFactory: metrics)
        #expect(try await localizer.localize("ok", to: de) == reversed("ok", "de"))
        #expect(metrics.total("parlance_translation_store_failures_total") == 2)  // the read and the write
        #expect(records.current.filter { $0.level == .error && $0.message.contains("disk on fire") }.count == 2)
        await #expect(throws: ParlanceError.self) { try await localizer.warmUp() }
    }
}
#endif
