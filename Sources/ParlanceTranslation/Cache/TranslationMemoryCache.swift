#if Translation
public import Foundation
import Parlance

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The in-memory level of the translation cache: a least-recently-used list bounded by an
/// entry count and a byte budget, safe to share between tasks (one lock, O(1) per operation).
///
/// ```swift
/// let cache = TranslationMemoryCache(maximumEntries: 1_000, maximumBytes: 1 << 20)
/// cache.insert(entry)
/// cache.entry(for: entry.key, now: Date())?.text
/// ```
///
/// `Sendable` notes: `state` is only touched between `lock()` and `unlock()` of the cache's own
/// pthread mutex (intercepted by ThreadSanitizer), so it is never accessed concurrently; its
/// dynamic exclusivity check is off for that reason.
public final class TranslationMemoryCache: @unchecked Sendable {
    /// Entries in one array of slots, found through an open-addressing table keyed by the
    /// process-seeded hash of the text and the target language. A hit hashes two strings' bytes,
    /// probes buckets that carry part of each slot's hash (so a probe reads a slot only when that
    /// part matches), compares the six parts in place in one slot (the fields a hit reads and
    /// writes are adjacent), relinks it and builds the response from the slot: no entry or key
    /// is copied, no string retained but the response's. (Parallel arrays, one per field,
    /// touched a dozen cache lines a hit; a slot is three, its neighbours' links two more.)
    private struct State {
        /// One entry, or a free slot (`bucket` < 0). The fields a hit reads come first, in the
        /// order it reads them.
        struct Slot {
            var hash: Int
            var key: TranslationCacheKey
            var expiresAt: Date?
            var previous: Int  // toward most recent; -1 at the head
            var next: Int  // toward least recent; -1 at the tail
            var text: String
            /// `detected` parsed when the entry is stored (nil when absent or not a valid
            /// locale), so that a hit does not parse it.
            var detectedLocale: LocaleID?
            var detected: String?
            var bucket: Int  // the bucket holding the slot; -1 when free
            var createdAt: Date
            var bytes: Int
        }

        /// Open addressing over the slots: a bucket is ``empty``, ``deleted``, or the slot's
        /// index + 2 in its low 32 bits and the high 32 bits of the slot's hash above them. A
        /// key's probe starts at its hash masked to the table's size (a power of two, kept at
        /// most three-quarters full of slots and tombstones).
        var buckets: [UInt64] = Array(repeating: State.empty, count: 16)
        var tombstones = 0
        var slots: [Slot] = []
        var free: [Int] = []
        var head = -1  // most recently used
        var tail = -1  // least recently used
        var bytes = 0
        var count = 0

        static let empty: UInt64 = 0
        static let deleted: UInt64 = 1

        @inline(__always)
        static func tag(_ hash: Int) -> UInt64 { UInt64(bitPattern: Int64(hash)) & 0xFFFF_FFFF_0000_0000 }

        /// The cache's random key of ``hash(text:target:)``.
        let hashKey: (UInt64, UInt64)

        init(hashKey: (UInt64, UInt64)) { self.hashKey = hashKey }

        /// The keyed SipHash-1-3 of the text's and the target language's UTF-8 bytes (one pass
        /// over contiguous bytes; user content fills this table, so the hash is keyed per cache).
        /// Canonically equivalent texts in other byte forms are different keys here: a miss,
        /// never a wrong hit, since a hit compares the strings.
        @inline(__always)
        func hash(text: String, target: String) -> Int { Self.hash(text: text, target: target, key: hashKey) }

        @inline(__always)
        static func hash(text: String, target: String, key: (UInt64, UInt64)) -> Int {
            var hasher = SipHash(key: key)
            hasher.append(text)
            hasher.append(target)
            return Int(truncatingIfNeeded: hasher.finalize())
        }

        /// The slot holding the key with these parts, if any. The parts are parameters, not a
        /// key: passed at +0, they are compared in place and never retained.
        func find(
            _ sourceText: String, _ sourceLanguage: String, _ targetLanguage: String, _ context: String, _ namespace: String,
            _ providerID: String, hash: Int
        ) -> Int? {
            probe(hash: hash) { slot in
                slot.pointee.key.sourceText == sourceText && slot.pointee.key.targetLanguage == targetLanguage
                    && slot.pointee.key.sourceLanguage == sourceLanguage && slot.pointee.key.context == context
                    && slot.pointee.key.namespace == namespace && slot.pointee.key.providerID == providerID
            }
        }

        /// The slot holding the key of `request` (its source language and context, nil
        /// standing for ""), translated to `target`, if any: the request's fields are compared
        /// where they are, so nothing is copied or retained.
        func find(request: TranslationRequest, target: String, namespace: String, providerID: String, hash: Int) -> Int? {
            probe(hash: hash) { slot in
                slot.pointee.key.sourceText == request.sourceText && slot.pointee.key.targetLanguage == target
                    && Self.same(slot.pointee.key.sourceLanguage, request.sourceLanguage)
                    && Self.same(slot.pointee.key.context, request.context) && slot.pointee.key.namespace == namespace
                    && slot.pointee.key.providerID == providerID
            }
        }

        @inline(__always)
        static func same(_ stored: String, _ given: LocaleID?) -> Bool {
            if let given { return stored == given.languageTag }
            return stored.isEmpty
        }

        @inline(__always)
        static func same(_ stored: String, _ given: String?) -> Bool {
            if let given { return stored == given }
            return stored.isEmpty
        }

        /// Probes the table for `hash`: the first slot whose bucket tag and hash match and that
        /// `matches` accepts (it reads the slot in place).
        @inline(__always)
        func probe(hash: Int, _ matches: (UnsafePointer<Slot>) -> Bool) -> Int? {
            let mask = buckets.count - 1
            let tag = Self.tag(hash)
            var bucket = hash & mask
            return buckets.withUnsafeBufferPointer { buckets in
                slots.withUnsafeBufferPointer { slots in
                    while true {
                        let word = buckets[bucket]
                        if word == Self.empty { return nil }
                        if word & 0xFFFF_FFFF_0000_0000 == tag, word & 0xFFFF_FFFF >= 2 {
                            let slot = Int(word & 0xFFFF_FFFF) - 2
                            let pointer = UnsafePointer(slots.baseAddress! + slot)
                            if pointer.pointee.hash == hash, matches(pointer) { return slot }
                        }
                        bucket = (bucket + 1) & mask
                    }
                }
            }
        }

        func find(_ key: TranslationCacheKey) -> Int? {
            find(
                key.sourceText, key.sourceLanguage, key.targetLanguage, key.context, key.namespace, key.providerID,
                hash: hash(text: key.sourceText, target: key.targetLanguage))
        }

        /// Puts `slot` in the first free bucket of its probe.
        mutating func place(_ slot: Int) {
            let mask = buckets.count - 1
            let hash = slots[slot].hash
            var bucket = hash & mask
            while buckets[bucket] > Self.deleted { bucket = (bucket + 1) & mask }
            if buckets[bucket] == Self.deleted { tombstones -= 1 }
            buckets[bucket] = Self.tag(hash) | UInt64(slot + 2)
            slots[slot].bucket = bucket
        }

        /// Grows (or just cleans) the table so that one more slot keeps it at most 3/4 full.
        mutating func reserveBucket() {
            guard (count + tombstones + 1) * 4 > buckets.count * 3 else { return }
            var size = buckets.count
            while (count + 1) * 2 > size { size *= 2 }
            buckets = Array(repeating: Self.empty, count: size)
            tombstones = 0
            for slot in slots.indices where slots[slot].bucket >= 0 { place(slot) }
        }

        /// Makes `slot` the most recent: unlinks it and pushes it at the head, over one buffer.
        mutating func moveToFront(_ slot: Int) {
            guard head != slot else { return }
            let oldHead = head
            let newTail = slots.withUnsafeMutableBufferPointer { slots -> Int? in
                let before = slots[slot].previous
                let after = slots[slot].next
                // Not the head, so it has a predecessor, and the list is not empty.
                slots[before].next = after
                if after >= 0 { slots[after].previous = before }
                slots[slot].previous = -1
                slots[slot].next = oldHead
                slots[oldHead].previous = slot
                return after >= 0 ? nil : before
            }
            if let newTail { tail = newTail }
            head = slot
        }

        mutating func unlink(_ slot: Int) {
            let before = slots[slot].previous
            let after = slots[slot].next
            if before >= 0 { slots[before].next = after } else { head = after }
            if after >= 0 { slots[after].previous = before } else { tail = before }
        }

        mutating func pushFront(_ slot: Int) {
            slots[slot].previous = -1
            slots[slot].next = head
            if head >= 0 { slots[head].previous = slot }
            head = slot
            if tail < 0 { tail = slot }
        }

        /// `slot`, made most recent; nil (and the entry removed) when it expired at `now`.
        mutating func hit(_ slot: Int, now: () -> Date) -> Int? {
            if let expiresAt = slots[slot].expiresAt, expiresAt <= now() {
                remove(slot)
                return nil
            }
            moveToFront(slot)
            return slot
        }

        /// The response of a hit on `slot`, built in place: the only strings retained are the
        /// response's own.
        @inline(__always)
        func response(_ slot: Int, providerID: String) -> TranslationResponse {
            slots.withUnsafeBufferPointer { slots in
                TranslationResponse(
                    text: slots[slot].text, detectedSourceLanguage: slots[slot].detectedLocale, providerID: providerID,
                    origin: .memoryCache)
            }
        }

        func entry(_ slot: Int) -> TranslationCacheEntry? {
            guard slots[slot].bucket >= 0 else { return nil }
            let found = slots[slot]
            return TranslationCacheEntry(
                key: found.key, text: found.text, detectedSourceLanguage: found.detected, createdAt: found.createdAt,
                expiresAt: found.expiresAt)
        }

        mutating func remove(_ slot: Int) {
            unlink(slot)
            buckets[slots[slot].bucket] = Self.deleted
            tombstones += 1
            bytes -= slots[slot].bytes
            count -= 1
            // Release the strings now; the slot waits in `free`.
            slots[slot].key = State.freeKey
            slots[slot].text = ""
            slots[slot].detectedLocale = nil
            slots[slot].detected = nil
            slots[slot].bucket = -1
            free.append(slot)
        }

        static let freeKey = TranslationCacheKey(
            sourceText: "", sourceLanguage: "", targetLanguage: "", context: "", namespace: "", providerID: "")

        mutating func store(_ entry: TranslationCacheEntry, detectedLocale: LocaleID?, bytes: Int) -> Int {
            let hash = hash(text: entry.key.sourceText, target: entry.key.targetLanguage)
            reserveBucket()
            let made = Slot(
                hash: hash, key: entry.key, expiresAt: entry.expiresAt, previous: -1, next: -1, text: entry.text,
                detectedLocale: detectedLocale, detected: entry.detectedSourceLanguage, bucket: -1, createdAt: entry.createdAt,
                bytes: bytes)
            let slot: Int
            if let reused = free.popLast() {
                slot = reused
                slots[slot] = made
            } else {
                slot = slots.count
                slots.append(made)
            }
            place(slot)
            self.bytes += bytes
            count += 1
            pushFront(slot)
            return slot
        }
    }

    /// The most entries kept.
    public let maximumEntries: Int
    /// The most bytes kept (approximate UTF-8 sizes of keys and texts).
    public let maximumBytes: Int
    @exclusivity(unchecked) private var state: State
    /// The random key of the table's hash, drawn per cache.
    private let hashKey: (UInt64, UInt64)
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// An empty cache with the given bounds (at least 1 each).
    public init(maximumEntries: Int, maximumBytes: Int) {
        self.maximumEntries = max(1, maximumEntries)
        self.maximumBytes = max(1, maximumBytes)
        var generator = SystemRandomNumberGenerator()
        hashKey = (generator.next(), generator.next())
        state = State(hashKey: hashKey)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the state under the mutex. (Not the package's generic `Locked`: its
    /// unspecialized call cost a tenth of a hit.)
    @inline(__always)
    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&state)
    }

    /// The entry for `key`, marked as most recently used; nil when absent or expired at `now`
    /// (an expired entry is removed).
    public func entry(for key: TranslationCacheKey, now: Date) -> TranslationCacheEntry? {
        withState { state in
            guard let found = state.find(key), let slot = state.hit(found, now: { now }) else { return nil }
            return state.entry(slot)
        }
    }

    /// The response (origin ``TranslationResponse/Origin/memoryCache``, provider `providerID`)
    /// of the entry whose key has these parts (the localizer's hot path: no key is built,
    /// nothing is copied but the response's strings), marked as most recently used; the clock
    /// is read only for an entry that has an expiry date.
    func response(
        sourceText: String, sourceLanguage: String, targetLanguage: String, context: String, namespace: String, providerID: String,
        now: () -> Date
    ) -> TranslationResponse? {
        let hash = State.hash(text: sourceText, target: targetLanguage, key: hashKey)
        return withState { state in
            guard let found = state.find(sourceText, sourceLanguage, targetLanguage, context, namespace, providerID, hash: hash),
                let slot = state.hit(found, now: now)
            else { return nil }
            return state.response(slot, providerID: providerID)
        }
    }

    /// ``response(sourceText:sourceLanguage:targetLanguage:context:namespace:providerID:now:)``
    /// for the key of a request translated to `target` (the localizer's hot path), reading the
    /// request's fields in place.
    func response(
        request: TranslationRequest, target: String, namespace: String, providerID: String, now: () -> Date
    ) -> TranslationResponse? {
        let hash = State.hash(text: request.sourceText, target: target, key: hashKey)
        return withState { state in
            guard let found = state.find(request: request, target: target, namespace: namespace, providerID: providerID, hash: hash),
                let slot = state.hit(found, now: now)
            else { return nil }
            return state.response(slot, providerID: providerID)
        }
    }

    /// Inserts or replaces an entry, evicting the least recently used ones beyond the bounds.
    /// An entry larger than the whole byte budget is not kept.
    public func insert(_ entry: TranslationCacheEntry) {
        let bytes = entry.approximateBytes
        let detectedLocale = entry.detectedSourceLanguage.flatMap { try? LocaleID($0) }
        withState { state in
            if let slot = state.find(entry.key) { state.remove(slot) }
            guard bytes <= maximumBytes else { return }
            while state.tail >= 0, state.count >= maximumEntries || state.bytes + bytes > maximumBytes {
                state.remove(state.tail)
            }
            _ = state.store(entry, detectedLocale: detectedLocale, bytes: bytes)
        }
    }

    /// Removes the entries in `scope`; returns how many.
    @discardableResult
    public func removeEntries(in scope: TranslationCacheScope) -> Int {
        withState { state in
            let slots = state.slots.indices.filter { state.slots[$0].bucket >= 0 && scope.contains(state.slots[$0].key) }
            for slot in slots { state.remove(slot) }
            if state.count == 0 { state = State(hashKey: hashKey) }
            return slots.count
        }
    }

    /// How many entries are cached.
    public var count: Int { withState { $0.count } }

    /// The approximate bytes cached.
    public var byteCount: Int { withState { $0.bytes } }
}
#endif
