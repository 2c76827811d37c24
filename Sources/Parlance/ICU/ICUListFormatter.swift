internal import CICU

/// Owns an ICU list formatter (`UListFormatter`) and, where it compiles, the Swift
/// ``CompiledListFormat`` derived from it, which formats instead of ICU.
///
/// `Sendable` notes: `ListFormatter::format` is a const method over immutable pattern data and
/// the shim keeps no state per handle (see relative_list.c); the compiled format is immutable;
/// concurrency tests and ThreadSanitizer runs cover shared use.
package final class ICUListFormatter: @unchecked Sendable {
    let handle: OpaquePointer
    /// The formatter compiled into Swift, used for every list; nil when it does not compile
    /// (see ``fallback``).
    package let compiled: CompiledListFormat?
    /// ``compiled`` without a reference count: formatting calls it through
    /// `_withUnsafeGuaranteedRef`, which neither retains nor releases, so that threads sharing
    /// one formatter do not all write its count (``compiled`` keeps it alive).
    private let compiledRef: Unmanaged<CompiledListFormat>?
    /// Why there is no compiled path, when there is none.
    package let fallback: ListCompileFallback?

    private struct Key: Hashable, Sendable {
        var locale: String
        var type: Int32
        var width: Int32
    }

    private static let cache = LRUCache<Key, ICUListFormatter>(capacity: 1024)

    package static func cached(locale: LocaleID, type: Int32, width: Int32) throws(ParlanceError) -> ICUListFormatter {
        try cache.value(for: Key(locale: locale.identifier, type: type, width: width)) { () throws(ParlanceError) in
            var status: Int32 = 0
            guard let handle = CICU_listFormatterOpen(locale.identifier, type, width, &status), status <= 0 else {
                throw ICUStatusError(status: status).parlanceError(.internal, "ICU cannot open a list formatter for \(locale.identifier)")
            }
            return ICUListFormatter(handle: handle, language: Self.language(of: locale.identifier))
        }
    }

    package static var cachedCount: Int { cache.count }

    private init(handle: OpaquePointer, language: String) {
        self.handle = handle
        (compiled, fallback) = ListCompiler.compile(language: language) { items throws(ICUStatusError) in
            try Self.icuFormat(handle, items)
        }
        compiledRef = compiled.map { Unmanaged.passUnretained($0) }
    }
    deinit { CICU_listFormatterClose(handle) }

    /// The language subtag of an ICU locale id, as `Locale::getLanguage()` gives it ("es" for
    /// "es_419", "he" for "he_IL@calendar=hebrew").
    static func language(of identifier: String) -> String {
        String(identifier.prefix { $0 != "_" && $0 != "-" && $0 != "@" }).lowercased()
    }

    /// The items joined: by the compiled format where there is one, else by ICU.
    package func format(_ items: [String]) -> String {
        if let compiledRef { return compiledRef._withUnsafeGuaranteedRef { $0.format(items) } }
        return (try? Self.icuFormat(handle, items)) ?? items.joined(separator: ", ")
    }

    /// The items joined by ICU itself (`ulistfmt_formatStringsToResult`), never the compiled
    /// format: what `--verify-lists` compares the compiled output with.
    package func icuFormat(_ items: [String]) throws(ICUStatusError) -> String {
        try Self.icuFormat(handle, items)
    }

    private static func icuFormat(_ handle: OpaquePointer, _ items: [String]) throws(ICUStatusError) -> String {
        // The items go over as one UTF-8 buffer cut by lengths, in temporary (stack) storage;
        // the shim widens them to UTF-16 itself and writes the list back as UTF-8, which
        // `ICUOutput.utf8` turns into the String (Swift strings are UTF-8: no UTF-16 on this side).
        var totalBytes = 0
        for item in items { totalBytes += item.utf8.count }
        let result: Result<String, ICUStatusError> = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(totalBytes, 1)) { joined in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(items.count, 1)) { lengths in
                var offset = 0
                for index in items.indices {
                    let utf8 = items[index].utf8
                    let count = utf8.count
                    let target = UnsafeMutableBufferPointer(rebasing: joined[offset..<(offset + count)])
                    let copied: Void? = utf8.withContiguousStorageIfAvailable { bytes in
                        UnsafeMutableRawBufferPointer(target).copyMemory(from: UnsafeRawBufferPointer(bytes))
                    }
                    if copied == nil { _ = target.initialize(from: utf8) }
                    lengths[index] = Int32(count)
                    offset += count
                }
                // Room for the items and the locale's connectors ("、", " und ", ", and ") in
                // one round; a longer list costs a second, exactly sized round.
                return joined.withMemoryRebound(to: CChar.self) { bytes -> Result<String, ICUStatusError> in
                    do throws(ICUStatusError) {
                        return .success(
                            try ICUOutput.utf8(initialCapacity: min(totalBytes + 32 * items.count + 64, Int(Int32.max) - 1)) { out, capacity, status in
                                CICU_listFormatUTF8(handle, bytes.baseAddress, lengths.baseAddress, Int32(items.count), out, capacity, status)
                            })
                    } catch {
                        return .failure(error)
                    }
                }
            }
        }
        return try result.get()
    }
}

extension ListType {
    /// The shim's constant for this value.
    package var icu: Int32 {
        switch self {
        case .and: CICU_LIST_TYPE_AND
        case .or: CICU_LIST_TYPE_OR
        case .units: CICU_LIST_TYPE_UNITS
        }
    }
}

extension ListWidth {
    /// The shim's constant for this value.
    package var icu: Int32 {
        switch self {
        case .wide: CICU_LIST_WIDTH_WIDE
        case .short: CICU_LIST_WIDTH_SHORT
        case .narrow: CICU_LIST_WIDTH_NARROW
        }
    }
}
