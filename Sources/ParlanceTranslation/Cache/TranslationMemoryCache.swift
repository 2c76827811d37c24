public import Foundation
@_spi(ParlanceInternals) import Parlance

/// The in-memory level of the translation cache: a least-recently-used list bounded by an
/// entry count and a byte budget, safe to share between tasks (one lock, O(1) per operation).
///
/// ```swift
/// let cache = TranslationMemoryCache(maximumEntries: 1_000, maximumBytes: 1 << 20)
/// cache.insert(entry)
/// cache.entry(for: entry.key, now: Date())?.text
/// ```
public final class TranslationMemoryCache: Sendable {
    /// Entries and their links in separate arrays (a slot's links change without copying its
    /// entry, whose strings would each be retained and released).
    private struct State {
        var index: [TranslationCacheKey: Int] = [:]
        var entries: [TranslationCacheEntry?] = []
        var sizes: [Int] = []
        var previous: [Int] = []  // toward most recent; -1 at the head
        var next: [Int] = []  // toward least recent; -1 at the tail
        var free: [Int] = []
        var head = -1  // most recently used
        var tail = -1  // least recently used
        var bytes = 0

        mutating func unlink(_ slot: Int) {
            let before = previous[slot]
            let after = next[slot]
            if before >= 0 { next[before] = after } else { head = after }
            if after >= 0 { previous[after] = before } else { tail = before }
        }

        mutating func pushFront(_ slot: Int) {
            previous[slot] = -1
            next[slot] = head
            if head >= 0 { previous[head] = slot }
            head = slot
            if tail < 0 { tail = slot }
        }

        /// The live slot of `key`, made most recent; an expired entry is removed.
        mutating func hit(_ key: TranslationCacheKey, now: () -> Date) -> Int? {
            guard let slot = index[key] else { return nil }
            if let expiresAt = entries[slot]?.expiresAt, expiresAt <= now() {
                remove(slot)
                return nil
            }
            if head != slot {
                unlink(slot)
                pushFront(slot)
            }
            return slot
        }

        mutating func remove(_ slot: Int) {
            unlink(slot)
            if let key = entries[slot]?.key { index[key] = nil }
            bytes -= sizes[slot]
            entries[slot] = nil
            free.append(slot)
        }
    }

    /// The most entries kept.
    public let maximumEntries: Int
    /// The most bytes kept (approximate UTF-8 sizes of keys and texts).
    public let maximumBytes: Int
    private let state = Locked(State())

    /// An empty cache with the given bounds (at least 1 each).
    public init(maximumEntries: Int, maximumBytes: Int) {
        self.maximumEntries = max(1, maximumEntries)
        self.maximumBytes = max(1, maximumBytes)
    }

    /// The entry for `key`, marked as most recently used; nil when absent or expired at `now`
    /// (an expired entry is removed).
    public func entry(for key: TranslationCacheKey, now: Date) -> TranslationCacheEntry? {
        entry(for: key) { now }
    }

    /// As ``entry(for:now:)``, reading the clock only for an entry that has an expiry date.
    func entry(for key: TranslationCacheKey, now: () -> Date) -> TranslationCacheEntry? {
        state.withLock { state in
            guard let slot = state.hit(key, now: now) else { return nil }
            return state.entries[slot]
        }
    }

    /// The text and detected language only (no copy of the key: the localizer's hot path).
    func text(for key: TranslationCacheKey, now: () -> Date) -> (text: String, detectedSourceLanguage: String?)? {
        state.withLock { state in
            guard let slot = state.hit(key, now: now), let entry = state.entries[slot] else { return nil }
            return (entry.text, entry.detectedSourceLanguage)
        }
    }

    /// Inserts or replaces an entry, evicting the least recently used ones beyond the bounds.
    /// An entry larger than the whole byte budget is not kept.
    public func insert(_ entry: TranslationCacheEntry) {
        let bytes = entry.approximateBytes
        state.withLock { state in
            if let slot = state.index[entry.key] { state.remove(slot) }
            guard bytes <= maximumBytes else { return }
            while state.tail >= 0, state.index.count >= maximumEntries || state.bytes + bytes > maximumBytes {
                state.remove(state.tail)
            }
            let slot: Int
            if let reused = state.free.popLast() {
                slot = reused
                state.entries[slot] = entry
                state.sizes[slot] = bytes
            } else {
                slot = state.entries.count
                state.entries.append(entry)
                state.sizes.append(bytes)
                state.previous.append(-1)
                state.next.append(-1)
            }
            state.index[entry.key] = slot
            state.bytes += bytes
            state.pushFront(slot)
        }
    }

    /// Removes the entries in `scope`; returns how many.
    @discardableResult
    public func removeEntries(in scope: TranslationCacheScope) -> Int {
        state.withLock { state in
            let slots = state.index.filter { scope.contains($0.key) }.map(\.value)
            for slot in slots { state.remove(slot) }
            if state.index.isEmpty { state = State() }
            return slots.count
        }
    }

    /// How many entries are cached.
    public var count: Int { state.withLock { $0.index.count } }

    /// The approximate bytes cached.
    public var byteCount: Int { state.withLock { $0.bytes } }
}
