#if Translation
public import Foundation

/// What identifies a cached translation: the six parts that can change the answer.
///
/// Languages are BCP 47 tags (`""` when not given); a nil context is `""`.
public struct TranslationCacheKey: Hashable, Sendable, CustomStringConvertible {
    /// The text translated.
    public var sourceText: String
    /// The source language's BCP 47 tag, or `""` for "detect".
    public var sourceLanguage: String
    /// The target language's BCP 47 tag.
    public var targetLanguage: String
    /// The request's context, or `""`.
    public var context: String
    /// The cache policy's namespace.
    public var namespace: String
    /// The provider's identifier.
    public var providerID: String

    /// A key from its parts.
    public init(sourceText: String, sourceLanguage: String, targetLanguage: String, context: String, namespace: String, providerID: String) {
        self.sourceText = sourceText
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.context = context
        self.namespace = namespace
        self.providerID = providerID
    }

    /// Hashes the text and the target language only, the parts that usually differ (equality
    /// still compares all six), for the dictionaries keyed by whole keys (the localizer's
    /// in-flight requests). The memory cache hashes the same two parts' bytes itself.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sourceText)
        hasher.combine(targetLanguage)
    }

    /// Approximate memory use in bytes (UTF-8 lengths plus a fixed overhead), for byte budgets.
    var approximateBytes: Int {
        sourceText.utf8.count + sourceLanguage.utf8.count + targetLanguage.utf8.count + context.utf8.count
            + namespace.utf8.count + providerID.utf8.count + 96
    }

    public var description: String {
        "\(namespace)/\(providerID) \(sourceLanguage.isEmpty ? "auto" : sourceLanguage)→\(targetLanguage)"
            + (context.isEmpty ? "" : " [\(context)]") + " \(sourceText.count) chars"
    }
}

/// A cached translation.
public struct TranslationCacheEntry: Hashable, Sendable {
    /// What it answers.
    public var key: TranslationCacheKey
    /// The translated text.
    public var text: String
    /// The source language the provider detected (BCP 47), if any.
    public var detectedSourceLanguage: String?
    /// When it was written.
    public var createdAt: Date
    /// When it stops being served; nil for never.
    public var expiresAt: Date?

    /// An entry.
    public init(key: TranslationCacheKey, text: String, detectedSourceLanguage: String? = nil, createdAt: Date, expiresAt: Date? = nil) {
        self.key = key
        self.text = text
        self.detectedSourceLanguage = detectedSourceLanguage
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    /// Whether the entry has expired at `date`.
    public func isExpired(at date: Date) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt <= date
    }

    var approximateBytes: Int { key.approximateBytes + text.utf8.count + (detectedSourceLanguage?.utf8.count ?? 0) + 32 }
}

/// Which cached translations an invalidation removes.
public enum TranslationCacheScope: Hashable, Sendable, CustomStringConvertible {
    /// Everything.
    case all
    /// The entries of one namespace.
    case namespace(String)
    /// The entries of one provider.
    case providerID(String)

    func contains(_ key: TranslationCacheKey) -> Bool {
        switch self {
        case .all: return true
        case .namespace(let namespace): return key.namespace == namespace
        case .providerID(let providerID): return key.providerID == providerID
        }
    }

    public var description: String {
        switch self {
        case .all: return "all"
        case .namespace(let namespace): return "namespace \(namespace)"
        case .providerID(let providerID): return "provider \(providerID)"
        }
    }
}

/// The persistent level of the translation cache: an embedded file
/// (``SQLiteTranslationCacheStore``) for one machine, or a database shared by a fleet.
///
/// The in-memory level (``TranslationMemoryCache``) sits in front of it, inside the
/// ``LiveLocalizer``. Methods are `async` so that a network store (PostgreSQL) fits the same
/// protocol; every error thrown is a `ParlanceError` (`ParlanceError/Code/cacheStoreFailed`).
/// A store must be safe to call from many tasks at once.
public protocol TranslationCacheStore: Sendable {
    /// The entry for a key, expired or not (the localizer checks expiry with its own clock); nil when absent.
    func entry(for key: TranslationCacheKey) async throws -> TranslationCacheEntry?
    /// Writes entries (insert or replace) atomically: all or none.
    func write(_ entries: [TranslationCacheEntry]) async throws
    /// Entries to warm the memory cache with, most recent first, at most `limit`, optionally
    /// of one namespace and provider; entries expired at `now` are left out.
    func warmUpEntries(namespace: String?, providerID: String?, now: Date, limit: Int) async throws -> [TranslationCacheEntry]
    /// Removes the entries in `scope`; returns how many.
    @discardableResult
    func removeEntries(in scope: TranslationCacheScope) async throws -> Int
    /// Removes the entries expired at `date`; returns how many.
    @discardableResult
    func removeExpiredEntries(at date: Date) async throws -> Int
}

/// The time the cache uses for time-to-live; inject one in tests.
///
/// ```swift
/// let clock = TranslationClock { fixedDate }
/// ```
public struct TranslationClock: Sendable {
    /// The current time.
    public let now: @Sendable () -> Date

    /// A clock reading `now`.
    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The system's wall clock.
    public static let system = TranslationClock { Date() }
}

/// What a ``LiveLocalizer`` caches and for how long.
///
/// ```swift
/// TranslationCachePolicy(namespace: "checkout", providerIdentifier: "libretranslate",
///                        timeToLive: .seconds(7 * 86_400), maximumEntries: 50_000)
/// ```
public struct TranslationCachePolicy: Hashable, Sendable {
    /// Separates the cache of one application or feature from another's in a shared store;
    /// part of every key. Invalidate a namespace with ``TranslationCacheScope/namespace(_:)``.
    public var namespace: String
    /// The provider id written in keys; nil uses the provider's ``TranslationProvider/identifier``.
    public var providerIdentifier: String?
    /// How long a translation is served; nil keeps it until invalidated or evicted.
    public var timeToLive: Duration?
    /// The most entries kept in memory.
    public var maximumEntries: Int
    /// The most bytes (approximate UTF-8 sizes of keys and texts) kept in memory.
    public var maximumBytes: Int
    /// Whether translations are written to, and read from, the persistent store.
    public var usesStore: Bool

    /// A policy; see the properties.
    public init(
        namespace: String = "default", providerIdentifier: String? = nil, timeToLive: Duration? = nil,
        maximumEntries: Int = 10_000, maximumBytes: Int = 16 << 20, usesStore: Bool = true
    ) {
        self.namespace = namespace
        self.providerIdentifier = providerIdentifier
        self.timeToLive = timeToLive
        self.maximumEntries = max(1, maximumEntries)
        self.maximumBytes = max(1, maximumBytes)
        self.usesStore = usesStore
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
#endif
