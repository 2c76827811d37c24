#if Translation
import Foundation
import Logging
import Metrics
public import Parlance

/// What a ``LiveLocalizer`` did: logged through swift-log, counted through swift-metrics, and
/// passed to a ``TranslationEventObserver`` if one is set.
///
/// Keys identify a request without its text (``TranslationCacheKey/description`` gives the
/// languages, context and the text's length only), so logs never carry user content.
public enum TranslationEvent: Sendable, CustomStringConvertible {
    /// Which cache level answered.
    public enum CacheLevel: String, Sendable {
        /// The in-memory LRU.
        case memory
        /// The persistent store.
        case store
    }

    /// A localizer was created (`shared` for ``LiveLocalizer/configure(provider:cacheStore:cachePolicy:options:languageManager:logger:observer:metricsFactory:clock:)``,
    /// the process-wide one).
    case configured(providerID: String, namespace: String, shared: Bool)
    /// The memory cache was filled from the store.
    case cacheWarmUp(entries: Int)
    /// A translation was served from a cache.
    case cacheHit(TranslationCacheKey, level: CacheLevel)
    /// No cache had the translation (or it had expired).
    case cacheMiss(TranslationCacheKey)
    /// A translation was written to the caches.
    case cacheWrite(TranslationCacheKey)
    /// Cached translations were removed.
    case cacheInvalidation(TranslationCacheScope, removed: Int)
    /// A request joined an identical request already waiting for the provider.
    case coalesced(TranslationCacheKey)
    /// The provider was called (`count` texts: more than 1 for a batch).
    case providerStart(providerID: String, count: Int)
    /// The provider answered.
    case providerSuccess(providerID: String, count: Int, duration: Duration)
    /// The provider failed or timed out; `fellBack` tells whether the source text was returned
    /// (else the error was thrown).
    case providerFailure(providerID: String, error: ParlanceError, fellBack: Bool)
    /// The persistent store failed; the localizer went on without it for this request.
    case storeFailure(ParlanceError)

    public var description: String {
        switch self {
        case let .configured(providerID, namespace, shared):
            return "configured\(shared ? " (shared)" : ""): provider \(providerID), namespace \(namespace)"
        case let .cacheWarmUp(entries): return "cache warm-up: \(entries) entries"
        case let .cacheHit(key, level): return "cache hit (\(level.rawValue)): \(key)"
        case let .cacheMiss(key): return "cache miss: \(key)"
        case let .cacheWrite(key): return "cache write: \(key)"
        case let .cacheInvalidation(scope, removed): return "cache invalidation (\(scope)): \(removed) entries"
        case let .coalesced(key): return "coalesced: \(key)"
        case let .providerStart(providerID, count): return "provider \(providerID) start: \(count) text(s)"
        case let .providerSuccess(providerID, count, duration): return "provider \(providerID) success: \(count) text(s) in \(duration)"
        case let .providerFailure(providerID, error, fellBack):
            return "provider \(providerID) failure\(fellBack ? ", fell back to the source text" : ""): \(error)"
        case let .storeFailure(error): return "cache store failure: \(error)"
        }
    }
}

/// A closure that receives every ``TranslationEvent`` (called synchronously on the task that
/// caused the event: keep it quick).
///
/// ```swift
/// let observer = TranslationEventObserver { event in print("Localization event:", event) }
/// ```
public struct TranslationEventObserver: Sendable {
    /// The closure.
    public let handle: @Sendable (TranslationEvent) -> Void

    /// An observer calling `handle`.
    public init(_ handle: @escaping @Sendable (TranslationEvent) -> Void) {
        self.handle = handle
    }
}

/// Where a localizer's events go: the logger, the metrics and the observer.
struct TranslationInstrumentation: Sendable {
    let logger: Logger
    let observer: TranslationEventObserver?
    let hitsMemory: Counter
    let hitsStore: Counter
    let misses: Counter
    let writes: Counter
    let invalidations: Counter
    let coalesced: Counter
    let providerSuccesses: Counter
    let providerFailures: Counter
    let fallbacks: Counter
    let storeFailures: Counter
    let providerDuration: Metrics.Timer
    /// Whether a memory hit is an event (an observer is set, or the logger logs `debug`): the
    /// logger's level is read once, when the localizer is made (reading it through the
    /// handler cost a tenth of a hit).
    let reportsEachHit: Bool

    /// Metric names; every metric carries `namespace` and `provider` dimensions.
    enum Name {
        static let cacheHits = "parlance_translation_cache_hits_total"
        static let cacheMisses = "parlance_translation_cache_misses_total"
        static let cacheWrites = "parlance_translation_cache_writes_total"
        static let invalidations = "parlance_translation_cache_invalidated_entries_total"
        static let coalesced = "parlance_translation_coalesced_requests_total"
        static let providerRequests = "parlance_translation_provider_requests_total"
        static let fallbacks = "parlance_translation_fallbacks_total"
        static let storeFailures = "parlance_translation_store_failures_total"
        static let providerDuration = "parlance_translation_provider_duration_seconds"
    }

    init(logger: Logger, observer: TranslationEventObserver?, factory: (any MetricsFactory)?, namespace: String, providerID: String) {
        self.logger = logger
        self.observer = observer
        reportsEachHit = observer != nil || logger.logLevel <= .debug
        let factory = factory ?? MetricsSystem.factory
        let base = [("namespace", namespace), ("provider", providerID)]
        hitsMemory = Counter(label: Name.cacheHits, dimensions: base + [("level", "memory")], factory: factory)
        hitsStore = Counter(label: Name.cacheHits, dimensions: base + [("level", "store")], factory: factory)
        misses = Counter(label: Name.cacheMisses, dimensions: base, factory: factory)
        writes = Counter(label: Name.cacheWrites, dimensions: base, factory: factory)
        invalidations = Counter(label: Name.invalidations, dimensions: base, factory: factory)
        coalesced = Counter(label: Name.coalesced, dimensions: base, factory: factory)
        providerSuccesses = Counter(label: Name.providerRequests, dimensions: base + [("outcome", "success")], factory: factory)
        providerFailures = Counter(label: Name.providerRequests, dimensions: base + [("outcome", "failure")], factory: factory)
        fallbacks = Counter(label: Name.fallbacks, dimensions: base, factory: factory)
        storeFailures = Counter(label: Name.storeFailures, dimensions: base, factory: factory)
        providerDuration = Metrics.Timer(label: Name.providerDuration, dimensions: base, factory: factory)
    }

    /// A memory-cache hit, the hot path: the key is built only when an observer or the debug
    /// log receives it.
    @inline(__always)
    func memoryHit(_ key: @autoclosure () -> TranslationCacheKey) {
        if reportsEachHit {
            emit(.cacheHit(key(), level: .memory))
        } else {
            hitsMemory.increment()
        }
    }

    func emit(_ event: TranslationEvent) {
        switch event {
        case .configured, .cacheWarmUp, .cacheInvalidation:
            logger.info("\(event)")
        case .providerFailure(_, _, let fellBack):
            providerFailures.increment()
            if fellBack { fallbacks.increment() }
            logger.warning("\(event)")
        case .storeFailure:
            storeFailures.increment()
            logger.error("\(event)")
        default:
            logger.debug("\(event)")
        }
        switch event {
        case .cacheHit(_, .memory): hitsMemory.increment()
        case .cacheHit(_, .store): hitsStore.increment()
        case .cacheMiss: misses.increment()
        case .cacheWrite: writes.increment()
        case .cacheInvalidation(_, let removed): invalidations.increment(by: removed)
        case .coalesced: coalesced.increment()
        case .providerSuccess(_, _, let duration):
            providerSuccesses.increment()
            providerDuration.recordNanoseconds(Int64(duration.timeInterval * 1e9))
        default: break
        }
        observer?.handle(event)
    }
}
#endif
