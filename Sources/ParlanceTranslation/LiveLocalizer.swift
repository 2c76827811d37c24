#if Translation
import Foundation
public import Logging
public import Metrics
public import Parlance
public import ParlanceLocalization

/// Translates text at run time through a ``TranslationProvider``, with a two-level cache
/// (a bounded in-memory LRU, then a persistent ``TranslationCacheStore``), coalescing of
/// identical concurrent requests, a per-provider concurrency limit, a timeout, a fallback to
/// the source text, logs, metrics and an event observer.
///
/// ```swift
/// let localizer = LiveLocalizer(
///     provider: LibreTranslateProvider(endpoint: "http://127.0.0.1:5000"),
///     cacheStore: try SQLiteTranslationCacheStore(path: "translations.sqlite"),
///     cachePolicy: TranslationCachePolicy(namespace: "reviews", timeToLive: .seconds(30 * 86_400)),
///     languageManager: manager)
/// // In a request handler running inside manager.withLanguage(acceptLanguage:):
/// let text = try await localizer.localize(review.body, from: LocaleID("en"))
/// ```
///
/// The target language, when a request has none, is the language manager's effective
/// language, so inside `LanguageManager/withLanguage(acceptLanguage:isolation:operation:)` each
/// request is translated into its own language with no extra code.
///
/// Every error thrown is a `ParlanceError`. With ``FailurePolicy/fallbackToSource`` (the
/// default) a failing or slow provider gives the source text (``TranslationResponse/Origin/fallback``,
/// never cached); only a missing target language and cancellation (`ParlanceError/Code/cancelled`)
/// throw.
public final class LiveLocalizer: Sendable {
    /// What to do when the provider fails or times out.
    public enum FailurePolicy: Hashable, Sendable {
        /// Return the source text (logged, counted, not cached).
        case fallbackToSource
        /// Throw `ParlanceError/Code/translationFailed` or `ParlanceError/Code/translationTimedOut`.
        case `throw`
    }

    /// How the localizer calls its provider.
    public struct Options: Hashable, Sendable {
        /// What a provider failure gives.
        public var failurePolicy: FailurePolicy
        /// How long one provider call (one text, or one batch) may take.
        public var timeout: Duration
        /// The most provider calls in flight at once (further calls wait their turn).
        public var maximumConcurrentRequests: Int
        /// The most texts one ``LiveLocalizer/translate(batch:)`` accepts.
        public var maximumBatchSize: Int

        /// Options; see the properties.
        public init(
            failurePolicy: FailurePolicy = .fallbackToSource, timeout: Duration = .seconds(10),
            maximumConcurrentRequests: Int = 8, maximumBatchSize: Int = 1_000
        ) {
            self.failurePolicy = failurePolicy
            self.timeout = timeout
            self.maximumConcurrentRequests = max(1, maximumConcurrentRequests)
            self.maximumBatchSize = max(1, maximumBatchSize)
        }
    }

    /// The provider.
    public let provider: any TranslationProvider
    /// The persistent cache level, if any.
    public let cacheStore: (any TranslationCacheStore)?
    /// What is cached, for how long, and how much.
    public let cachePolicy: TranslationCachePolicy
    /// How the provider is called.
    public let options: Options
    /// The in-memory cache level.
    public let memoryCache: TranslationMemoryCache
    /// The provider id written in cache keys.
    public let providerID: String
    /// The language manager giving the default target language, if any.
    public let languageManager: LanguageManager?
    let clock: TranslationClock
    let instrumentation: TranslationInstrumentation
    private let flights = Flights<TranslationCacheKey, TranslationResponse>()
    private let limiter: ConcurrencyLimiter

    /// A localizer.
    ///
    /// - Parameters:
    ///   - provider: the backend.
    ///   - cacheStore: the persistent cache level; nil caches in memory only.
    ///   - cachePolicy: namespace, provider id, time to live, memory bounds.
    ///   - options: failure policy, timeout, concurrency limit.
    ///   - languageManager: gives the target language of requests that have none.
    ///   - logger: receives the events (configuration and invalidations at `info`, cache and
    ///     provider traffic at `debug`, failures at `warning`/`error`).
    ///   - observer: receives every event.
    ///   - metricsFactory: where counters and timers go; nil uses `MetricsSystem.factory`.
    ///   - clock: the time used for time-to-live (inject one in tests).
    public convenience init(
        provider: any TranslationProvider, cacheStore: (any TranslationCacheStore)? = nil,
        cachePolicy: TranslationCachePolicy = TranslationCachePolicy(), options: Options = Options(),
        languageManager: LanguageManager? = nil, logger: Logger = Logger(label: "parlance.translation"),
        observer: TranslationEventObserver? = nil, metricsFactory: (any MetricsFactory)? = nil,
        clock: TranslationClock = .system
    ) {
        self.init(
            provider: provider, cacheStore: cacheStore, cachePolicy: cachePolicy, options: options,
            languageManager: languageManager, logger: logger, observer: observer, metricsFactory: metricsFactory,
            clock: clock, shared: false)
    }

    private init(
        provider: any TranslationProvider, cacheStore: (any TranslationCacheStore)?, cachePolicy: TranslationCachePolicy,
        options: Options, languageManager: LanguageManager?, logger: Logger, observer: TranslationEventObserver?,
        metricsFactory: (any MetricsFactory)?, clock: TranslationClock, shared: Bool
    ) {
        self.provider = provider
        self.cacheStore = cacheStore
        self.cachePolicy = cachePolicy
        self.options = options
        self.languageManager = languageManager
        self.clock = clock
        let providerID = cachePolicy.providerIdentifier ?? provider.identifier
        self.providerID = providerID
        memoryCache = TranslationMemoryCache(maximumEntries: cachePolicy.maximumEntries, maximumBytes: cachePolicy.maximumBytes)
        limiter = ConcurrencyLimiter(limit: options.maximumConcurrentRequests)
        instrumentation = TranslationInstrumentation(
            logger: logger, observer: observer, factory: metricsFactory,
            namespace: cachePolicy.namespace, providerID: providerID)
        instrumentation.emit(.configured(providerID: providerID, namespace: cachePolicy.namespace, shared: shared))
    }

    // MARK: Keys

    /// The target language of a request: its own, else the language manager's effective
    /// language (the task's per-request language inside `withLanguage`).
    ///
    /// - Throws: `ParlanceError/Code/invalidArgument` when there is neither.
    public func targetLanguage(for request: TranslationRequest) throws -> LocaleID {
        if let target = request.targetLanguage { return target }
        if let languageManager { return LanguageManagerAdapter.effectiveLanguage(of: languageManager) }
        throw ParlanceError(.invalidArgument, "the translation request has no target language and the localizer has no language manager")
    }

    /// The cache key of a request (after its target language is resolved).
    public func cacheKey(for request: TranslationRequest) throws -> TranslationCacheKey {
        key(for: request, target: try targetLanguage(for: request))
    }

    private func key(for request: TranslationRequest, target: LocaleID) -> TranslationCacheKey {
        TranslationCacheKey(
            sourceText: request.sourceText, sourceLanguage: request.sourceLanguage?.languageTag ?? "",
            targetLanguage: target.languageTag, context: request.context ?? "",
            namespace: cachePolicy.namespace, providerID: providerID)
    }

    // MARK: Translating

    /// The translation of `text`.
    ///
    /// ```swift
    /// try await localizer.localize("Checkout", from: "en", to: "ja", context: "paywall.primary_cta")
    /// ```
    /// - Throws: as ``translate(_:)``.
    public func localize(
        _ text: String, from sourceLanguage: LocaleID? = nil, to targetLanguage: LocaleID? = nil,
        context: String? = nil
    ) async throws -> String {
        try await translate(TranslationRequest(text, from: sourceLanguage, to: targetLanguage, context: context)).text
    }

    /// Translates one request: memory cache, then store, then the provider (one call for all
    /// identical concurrent requests), under the concurrency limit and the timeout.
    ///
    /// - Throws: `ParlanceError/Code/invalidArgument` without a target language;
    ///   `ParlanceError/Code/cancelled` when the calling task is cancelled; with
    ///   ``FailurePolicy/throw``, `ParlanceError/Code/translationFailed` or
    ///   `ParlanceError/Code/translationTimedOut`.
    public func translate(_ request: TranslationRequest) async throws -> TranslationResponse {
        let target = try targetLanguage(for: request)
        let key = key(for: request, target: target)
        if let hit = cachedResponse(for: key) { return hit }
        var resolved = request
        resolved.targetLanguage = target
        let instrumentation = self.instrumentation
        return try await flights.value(
            for: key, joined: { instrumentation.emit(.coalesced(key)) },
            work: { [self, resolved] in await self.fetch(resolved, key: key) })
    }

    /// The translation of a request if the memory cache has it (no store, no provider); nil otherwise.
    ///
    /// ```swift
    /// localizer.cachedTranslation(for: TranslationRequest("Settings", to: de))?.text
    /// ```
    public func cachedTranslation(for request: TranslationRequest) -> TranslationResponse? {
        // The hot path of a warm cache: the request's parts are looked up as they are, without
        // building a key (six retained strings) unless an observer or debug log wants one.
        if let target = request.targetLanguage {
            return cachedResponse(request, target: target.languageTag)
        }
        guard let target = try? targetLanguage(for: request) else { return nil }
        return cachedResponse(request, target: target.languageTag)
    }

    private func cachedResponse(_ request: TranslationRequest, target: String) -> TranslationResponse? {
        guard
            let hit = memoryCache.response(
                request: request, target: target, namespace: cachePolicy.namespace, providerID: providerID, now: clock.now)
        else { return nil }
        instrumentation.memoryHit(
            TranslationCacheKey(
                sourceText: request.sourceText, sourceLanguage: request.sourceLanguage?.languageTag ?? "", targetLanguage: target,
                context: request.context ?? "", namespace: cachePolicy.namespace, providerID: providerID))
        return hit
    }

    private func cachedResponse(for key: TranslationCacheKey) -> TranslationResponse? {
        guard
            let hit = memoryCache.response(
                sourceText: key.sourceText, sourceLanguage: key.sourceLanguage, targetLanguage: key.targetLanguage, context: key.context,
                namespace: key.namespace, providerID: key.providerID, now: clock.now)
        else { return nil }
        instrumentation.memoryHit(key)
        return hit
    }

    private func response(from entry: TranslationCacheEntry, origin: TranslationResponse.Origin) -> TranslationResponse {
        TranslationResponse(
            text: entry.text, detectedSourceLanguage: entry.detectedSourceLanguage.flatMap { try? LocaleID($0) },
            providerID: entry.key.providerID, origin: origin)
    }

    /// The store, then the provider; runs once per flight.
    private func fetch(_ request: TranslationRequest, key: TranslationCacheKey) async -> Result<TranslationResponse, ParlanceErrorBox> {
        if let entry = await storedEntry(for: key) {
            memoryCache.insert(entry)
            instrumentation.emit(.cacheHit(key, level: .store))
            return .success(response(from: entry, origin: .storeCache))
        }
        instrumentation.emit(.cacheMiss(key))
        do {
            let responses = try await callProvider([request]) { provider, requests in [try await provider.translate(requests[0])] }
            let response = responses[0]
            await remember([(key, response)])
            return .success(finished(response))
        } catch {
            return failed([request], error).map { $0[0] }
        }
    }

    private func storedEntry(for key: TranslationCacheKey) async -> TranslationCacheEntry? {
        guard cachePolicy.usesStore, let cacheStore else { return nil }
        do {
            guard let entry = try await cacheStore.entry(for: key), !entry.isExpired(at: clock.now()) else { return nil }
            return entry
        } catch {
            instrumentation.emit(.storeFailure(Self.parlanceError(error, what: "the cache store")))
            return nil
        }
    }

    private func finished(_ response: TranslationResponse) -> TranslationResponse {
        var response = response
        response.providerID = response.providerID ?? providerID
        response.origin = .provider
        return response
    }

    /// Calls the provider under the concurrency limit and the timeout, with events.
    private func callProvider(
        _ requests: [TranslationRequest],
        _ call: @escaping @Sendable (any TranslationProvider, [TranslationRequest]) async throws -> [TranslationResponse]
    ) async throws -> [TranslationResponse] {
        let provider = self.provider
        let providerID = self.providerID
        return try await limiter.withPermit {
            instrumentation.emit(.providerStart(providerID: providerID, count: requests.count))
            let start = ContinuousClock.now
            let responses = try await withTimeout(options.timeout, what: "the translation provider \(providerID)") {
                try await call(provider, requests)
            }
            guard responses.count == requests.count else {
                throw ParlanceError(
                    .translationFailed,
                    "the translation provider \(providerID) answered \(responses.count) texts for \(requests.count)")
            }
            instrumentation.emit(.providerSuccess(providerID: providerID, count: requests.count, duration: ContinuousClock.now - start))
            return responses
        }
    }

    /// The failure policy applied to a provider error.
    private func failed(_ requests: [TranslationRequest], _ error: any Error) -> Result<[TranslationResponse], ParlanceErrorBox> {
        let failure = Self.parlanceError(error, what: "the translation provider \(providerID)")
        if failure.code == .cancelled || Task.isCancelled {
            return .failure(ParlanceErrorBox(error: ParlanceError(.cancelled, failure.message)))
        }
        let fallBack = options.failurePolicy == .fallbackToSource
        instrumentation.emit(.providerFailure(providerID: providerID, error: failure, fellBack: fallBack))
        guard fallBack else { return .failure(ParlanceErrorBox(error: failure)) }
        return .success(requests.map { TranslationResponse(text: $0.sourceText, providerID: providerID, origin: .fallback) })
    }

    static func parlanceError(_ error: any Error, what: String) -> ParlanceError {
        switch error {
        case let error as ParlanceError: return error
        case is CancellationError: return ParlanceError(.cancelled, "\(what): cancelled")
        default: return ParlanceError(.translationFailed, "\(what) failed: \(error)")
        }
    }

    /// Writes fresh translations to both levels; a store failure is reported, not thrown.
    private func remember(_ pairs: [(TranslationCacheKey, TranslationResponse)]) async {
        let now = clock.now()
        let expiry = cachePolicy.timeToLive.map { now.addingTimeInterval($0.timeInterval) }
        let entries = pairs.map { key, response in
            TranslationCacheEntry(
                key: key, text: response.text, detectedSourceLanguage: response.detectedSourceLanguage?.languageTag,
                createdAt: now, expiresAt: expiry)
        }
        for entry in entries { memoryCache.insert(entry) }
        if cachePolicy.usesStore, let cacheStore {
            do {
                try await cacheStore.write(entries)
            } catch {
                instrumentation.emit(.storeFailure(Self.parlanceError(error, what: "the cache store")))
            }
        }
        for entry in entries { instrumentation.emit(.cacheWrite(entry.key)) }
    }

    // MARK: Batches

    /// Translates many requests; answers in request order. Cached texts come from the caches;
    /// the rest (duplicates counted once) go to the provider in **one**
    /// ``TranslationProvider/translate(batch:)`` call (one HTTP request for
    /// ``LibreTranslateProvider``), under the concurrency limit and the timeout.
    ///
    /// ```swift
    /// let texts = try await localizer.translate(batch: ["Save", "Cancel"].map { TranslationRequest($0, to: de) })
    /// ```
    /// - Throws: `ParlanceError/Code/invalidArgument` for more than ``Options/maximumBatchSize``
    ///   requests or a request without a target language; otherwise as ``translate(_:)``.
    ///   A batch does not join single requests in flight (no coalescing across the two).
    public func translate(batch requests: [TranslationRequest]) async throws -> [TranslationResponse] {
        guard requests.count <= options.maximumBatchSize else {
            throw ParlanceError(.invalidArgument, "a batch holds at most \(options.maximumBatchSize) texts (got \(requests.count))")
        }
        var results = [TranslationResponse?](repeating: nil, count: requests.count)
        var missing: [TranslationCacheKey: (request: TranslationRequest, positions: [Int])] = [:]
        var order: [TranslationCacheKey] = []
        for (position, request) in requests.enumerated() {
            let target = try targetLanguage(for: request)
            let key = key(for: request, target: target)
            if let hit = cachedResponse(for: key) {
                results[position] = hit
            } else if missing[key] != nil {
                missing[key]?.positions.append(position)
            } else {
                var resolved = request
                resolved.targetLanguage = target
                missing[key] = (resolved, [position])
                order.append(key)
            }
        }
        var toTranslate: [TranslationCacheKey] = []
        for key in order {
            if let entry = await storedEntry(for: key) {
                memoryCache.insert(entry)
                instrumentation.emit(.cacheHit(key, level: .store))
                for position in missing[key]!.positions { results[position] = response(from: entry, origin: .storeCache) }
            } else {
                instrumentation.emit(.cacheMiss(key))
                toTranslate.append(key)
            }
        }
        if !toTranslate.isEmpty {
            let batch = toTranslate.map { missing[$0]!.request }
            let translated: [TranslationResponse]
            do {
                let responses = try await callProvider(batch) { provider, requests in try await provider.translate(batch: requests) }
                await remember(Array(zip(toTranslate, responses)))
                translated = responses.map(finished)
            } catch {
                translated = try failed(batch, error).mapError { $0.error }.get()
            }
            for (key, response) in zip(toTranslate, translated) {
                for position in missing[key]!.positions { results[position] = response }
            }
        }
        return results.map { $0! }
    }

    // MARK: Cache management

    /// Loads up to `limit` of this localizer's namespace and provider entries from the store
    /// into memory (the most recent; expired ones are skipped); returns how many.
    ///
    /// - Throws: `ParlanceError/Code/cacheStoreFailed`.
    @discardableResult
    public func warmUp(limit: Int? = nil) async throws -> Int {
        guard let cacheStore, cachePolicy.usesStore else {
            instrumentation.emit(.cacheWarmUp(entries: 0))
            return 0
        }
        let entries: [TranslationCacheEntry]
        do {
            entries = try await cacheStore.warmUpEntries(
                namespace: cachePolicy.namespace, providerID: providerID, now: clock.now(),
                limit: min(limit ?? cachePolicy.maximumEntries, cachePolicy.maximumEntries))
        } catch {
            throw Self.parlanceError(error, what: "the cache store")
        }
        for entry in entries.reversed() { memoryCache.insert(entry) }
        instrumentation.emit(.cacheWarmUp(entries: entries.count))
        return entries.count
    }

    /// Removes cached translations from memory and from the store; returns how many the store
    /// removed (or memory, without a store).
    ///
    /// ```swift
    /// try await localizer.invalidate(.namespace("checkout"))
    /// try await localizer.invalidate(.providerID("libretranslate"))
    /// try await localizer.invalidate(.all)
    /// ```
    /// - Throws: `ParlanceError/Code/cacheStoreFailed` (memory is cleared all the same).
    @discardableResult
    public func invalidate(_ scope: TranslationCacheScope) async throws -> Int {
        let inMemory = memoryCache.removeEntries(in: scope)
        var removed = inMemory
        if let cacheStore {
            do {
                removed = try await cacheStore.removeEntries(in: scope)
            } catch {
                throw Self.parlanceError(error, what: "the cache store")
            }
        }
        instrumentation.emit(.cacheInvalidation(scope, removed: removed))
        return removed
    }

    // MARK: The shared localizer

    private static let sharedLocalizer = Locked<LiveLocalizer?>(nil)

    /// The process-wide localizer set by ``configure(provider:cacheStore:cachePolicy:options:languageManager:logger:observer:metricsFactory:clock:)``, if any.
    public static var shared: LiveLocalizer? { sharedLocalizer.withLock { $0 } }

    /// Sets up the process-wide localizer used by `Swift/String/localized(from:to:context:using:)`
    /// when no localizer is passed; replaces the previous one. Parameters as ``init(provider:cacheStore:cachePolicy:options:languageManager:logger:observer:metricsFactory:clock:)``.
    ///
    /// ```swift
    /// LiveLocalizer.configure(provider: MyTranslationProvider(),
    ///                         cacheStore: try SQLiteTranslationCacheStore(path: "cache.sqlite"),
    ///                         cachePolicy: TranslationCachePolicy(namespace: "preview", providerIdentifier: "my-provider"))
    /// let localized = try await "Settings".localized(to: LocaleID("ja"))
    /// ```
    @discardableResult
    public static func configure(
        provider: any TranslationProvider, cacheStore: (any TranslationCacheStore)? = nil,
        cachePolicy: TranslationCachePolicy = TranslationCachePolicy(), options: Options = Options(),
        languageManager: LanguageManager? = nil, logger: Logger = Logger(label: "parlance.translation"),
        observer: TranslationEventObserver? = nil, metricsFactory: (any MetricsFactory)? = nil,
        clock: TranslationClock = .system
    ) -> LiveLocalizer {
        let localizer = LiveLocalizer(
            provider: provider, cacheStore: cacheStore, cachePolicy: cachePolicy, options: options,
            languageManager: languageManager, logger: logger, observer: observer,
            metricsFactory: metricsFactory, clock: clock, shared: true)
        sharedLocalizer.withLock { $0 = localizer }
        return localizer
    }

    /// Removes the process-wide localizer (``shared`` is nil afterwards).
    public static func resetShared() {
        sharedLocalizer.withLock { $0 = nil }
    }
}

extension String {
    /// This text translated by `localizer`, or by the shared localizer
    /// (``LiveLocalizer/configure(provider:cacheStore:cachePolicy:options:languageManager:logger:observer:metricsFactory:clock:)``).
    ///
    /// ```swift
    /// let title = try await "Settings".localized(to: LocaleID("ja"), context: "settings.title")
    /// let cta = try await "Checkout".localized(using: localizer)   // the language manager's language
    /// ```
    /// - Throws: ``ParlanceError/Code/invalidArgument`` when no localizer is given or configured;
    ///   otherwise as ``LiveLocalizer/translate(_:)``.
    public func localized(
        from sourceLanguage: LocaleID? = nil, to targetLanguage: LocaleID? = nil, context: String? = nil,
        using localizer: LiveLocalizer? = nil
    ) async throws -> String {
        guard let localizer = localizer ?? LiveLocalizer.shared else {
            throw ParlanceError(.invalidArgument, "no localizer: pass one, or call LiveLocalizer.configure(provider:…) first")
        }
        return try await localizer.localize(self, from: sourceLanguage, to: targetLanguage, context: context)
    }
}
#endif
