import Parlance

/// What a cached formatter was built from: the request's raw `locale` text and up to four
/// option fields as written (nil when absent or null).
///
/// Raw text, not parsed values: a hit skips parsing the locale and building the formatter, so
/// a request costs one hashed lookup. Two spellings of one locale (`en-US`, `EN_us`) are two
/// entries holding equal formatters.
struct FormatterKey: Hashable, Sendable {
    var locale: String
    var first: String?
    var second: String?
    var third: String?
    var fourth: String?
}

/// A bounded, thread-safe map from a request's raw fields to what the batch handlers built
/// from them (formatters, or for pure lookups the answer itself).
///
/// Only successes are stored, and only under a key that was read without error, so a hit
/// stands for steps that would have succeeded again: every check the handler still makes
/// after the lookup runs in the same order as without the cache, and errors are unchanged.
/// When `capacity` entries are stored the map is emptied (untrusted input cannot make it
/// grow without bound; a working set that fits is never evicted).
final class FormatterCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let storage = Locked<[Key: Value]>([:])
    private let capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    subscript(key: Key) -> Value? {
        storage.withLock { $0[key] }
    }

    func store(_ value: Value, for key: Key) {
        storage.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
    }
}

extension BatchRequest {
    /// A field as cache-key text: `.some(nil)` when absent or null, `.some(text)` for a string,
    /// nil when it has another type (the handler's typed accessor then reports it).
    func keyText(_ field: String) -> String?? {
        switch self[field] {
        case nil, .null?: return .some(nil)
        case .string(let text)?: return .some(text)
        default: return nil
        }
    }

    /// The cache key of this request's `locale` and option fields (at most four), or nil when
    /// `locale` is not a string or an option has a type other than string or null.
    func formatterKey(_ first: String? = nil, _ second: String? = nil, _ third: String? = nil, _ fourth: String? = nil) -> FormatterKey? {
        guard case .string(let locale)? = self["locale"] else { return nil }
        var key = FormatterKey(locale: locale)
        if let first {
            guard let text = keyText(first) else { return nil }
            key.first = text
        }
        if let second {
            guard let text = keyText(second) else { return nil }
            key.second = text
        }
        if let third {
            guard let text = keyText(third) else { return nil }
            key.third = text
        }
        if let fourth {
            guard let text = keyText(fourth) else { return nil }
            key.fourth = text
        }
        return key
    }
}
