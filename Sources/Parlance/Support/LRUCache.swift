/// A bounded, thread-safe cache of immutable values (compiled ICU objects and the like).
///
/// Lookups take a lock for a dictionary access only: values are created **outside** the lock
/// (two tasks may race to create the same value; one wins, the other's copy is dropped), so a
/// slow ICU open never blocks other readers. When the cache is full the least recently used
/// eighth is evicted, releasing the ICU objects they own.
package final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline struct Entry {
        @usableFromInline var value: Value
        @usableFromInline var lastUse: UInt64

        @inlinable init(value: Value, lastUse: UInt64) {
            self.value = value
            self.lastUse = lastUse
        }
    }

    @usableFromInline struct State {
        @usableFromInline var entries: [Key: Entry] = [:]
        @usableFromInline var clock: UInt64 = 0

        @inlinable init() {}
    }

    @usableFromInline let state = Locked(State())
    /// The most entries kept at once.
    package let capacity: Int

    /// A cache holding at most `capacity` values.
    package init(capacity: Int) {
        precondition(capacity > 0, "an LRU cache needs room for one entry")
        self.capacity = capacity
    }

    /// The cached value for `key`, or a new one from `create`, which is then cached.
    /// (Inlinable, as are the lookups, so that each client module gets specialized code: an
    /// unspecialized generic lookup costs more than the ICU call it saves.)
    @inlinable
    package func value<E: Error>(for key: Key, create: () throws(E) -> Value) throws(E) -> Value {
        if let hit = cachedValue(for: key) { return hit }
        let fresh = try create()
        return insert(fresh, for: key)
    }

    /// The cached value, if any, marking it as recently used.
    @inlinable
    package func cachedValue(for key: Key) -> Value? {
        state.withLock { state in
            // One hash lookup; the recency stamp is updated in place through the index.
            guard let index = state.entries.index(forKey: key) else { return nil }
            state.clock &+= 1
            state.entries.values[index].lastUse = state.clock
            return state.entries.values[index].value
        }
    }

    /// Inserts `value` unless another caller inserted one first; returns the value now cached.
    @inlinable
    @discardableResult
    package func insert(_ value: Value, for key: Key) -> Value {
        // Values evicted here are released after the lock is dropped, so that the ICU objects
        // they own are closed outside the critical section.
        var evicted: [Value] = []
        let result = state.withLock { state -> Value in
            state.clock &+= 1
            if let existing = state.entries[key] {
                state.entries[key]?.lastUse = state.clock
                return existing.value
            }
            if state.entries.count >= capacity {
                let victims = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }
                    .prefix(max(1, capacity / 8))
                for (victimKey, victim) in victims {
                    evicted.append(victim.value)
                    state.entries[victimKey] = nil
                }
            }
            state.entries[key] = Entry(value: value, lastUse: state.clock)
            return value
        }
        evicted.removeAll()
        return result
    }

    /// How many values are cached now.
    package var count: Int { state.withLock { $0.entries.count } }

    /// The values cached now (a snapshot, for accounting such as the bench's memory sweep).
    package var values: [Value] { state.withLock { $0.entries.values.map(\.value) } }

    /// Drops every value (for tests and memory pressure).
    package func removeAll() {
        let old = state.withLock { state -> [Key: Entry] in
            defer { state.entries = [:] }
            return state.entries
        }
        _ = old
    }
}
