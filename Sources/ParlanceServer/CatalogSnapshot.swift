#if Server
import NIOCore
import Parlance
import ParlanceHTTP
import ParlanceLocalization
import Synchronization

/// `GET /v1/catalog/{locale}`: every key of a table resolved for a locale (fallback chain and
/// negotiation applied, as `localize` does), as JSON:
/// `{"locale":"de-CH","table":"Localizable","strings":{"key":"value", "plural.key":{"format":…,"variables":{…}}}}`.
/// The body is deterministic (keys sorted), so its hash is a strong `ETag`.
struct CatalogSnapshot: Sendable {
    let body: ByteBuffer
    let eTag: String
    /// The languages the strings came from, most used first (BCP 47, comma-separated).
    let contentLanguage: String

    init(catalog: Catalog, table: String, locale: LocaleID) throws(ParlanceError) {
        guard catalog.tableNames.contains(table) else {
            throw ParlanceError(.missingKey, "the table \(quoted(table)) is not in the catalog")
        }
        var out = Array(#"{"locale":"#.utf8)
        HTTPErrorMapping.appendJSONString(locale.languageTag, to: &out)
        out.append(contentsOf: #","table":"#.utf8)
        HTTPErrorMapping.appendJSONString(table, to: &out)
        out.append(contentsOf: #","strings":{"#.utf8)
        var counts: [LocaleID: Int] = [:]
        var first = true
        for key in catalog.keys(table: table) {
            guard let entry = catalog.entry(forKey: key, table: table, locale: locale) else { continue }
            counts[entry.language, default: 0] += 1
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            HTTPErrorMapping.appendJSONString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            Self.write(entry.content, device: catalog.device, to: &out)
        }
        out.append(contentsOf: "}}".utf8)
        body = ByteBuffer(bytes: out)
        eTag = Self.eTag(of: out)
        let ordered = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.identifier < $1.key.identifier }
        contentLanguage = ordered.isEmpty ? locale.languageTag : ordered.map(\.key.languageTag).joined(separator: ", ")
    }

    /// A value as JSON: a string for a format; an object with the format and its plural
    /// variables (variants by CLDR keyword) for a plural entry; for a per-device entry the
    /// catalog's device's value (else `other`, else the first); for a width entry the widest.
    private static func write(_ value: EntryValue, device: String, to out: inout [UInt8]) {
        switch value {
        case .text(let text):
            HTTPErrorMapping.appendJSONString(text.text, to: &out)
        case .plural(let format, let variables):
            out.append(contentsOf: #"{"format":"#.utf8)
            HTTPErrorMapping.appendJSONString(format.text, to: &out)
            out.append(contentsOf: #","variables":{"#.utf8)
            for (index, variable) in variables.sorted(by: { $0.name < $1.name }).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                HTTPErrorMapping.appendJSONString(variable.name, to: &out)
                out.append(contentsOf: #":{"valueType":"#.utf8)
                HTTPErrorMapping.appendJSONString(variable.valueType ?? "d", to: &out)
                out.append(contentsOf: #","variants":{"#.utf8)
                for (position, variant) in variable.variants.enumerated() {
                    if position > 0 { out.append(UInt8(ascii: ",")) }
                    HTTPErrorMapping.appendJSONString(variant.keyword, to: &out)
                    out.append(UInt8(ascii: ":"))
                    HTTPErrorMapping.appendJSONString(variant.text.text, to: &out)
                }
                out.append(contentsOf: "}}".utf8)
            }
            out.append(contentsOf: "}}".utf8)
        case .device(let variants):
            let chosen = variants.first { $0.device == device } ?? variants.first { $0.device == "other" } ?? variants.first
            guard let chosen else { return HTTPErrorMapping.appendJSONString("", to: &out) }
            write(chosen.value, device: device, to: &out)
        case .width(let variants):
            guard let widest = variants.max(by: { $0.width < $1.width }) else { return HTTPErrorMapping.appendJSONString("", to: &out) }
            write(widest.value, device: device, to: &out)
        }
    }

    /// A strong entity tag: FNV-1a 64 of the body, quoted.
    static func eTag(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// Whether `If-None-Match` values match (weak comparison, RFC 9110 §13.1.2; `*` matches).
    static func matches(ifNoneMatch values: [String], eTag: String) -> Bool {
        for value in values {
            for candidate in value.split(separator: ",") {
                var tag = candidate.trimmingCharacters(in: .whitespaces)
                if tag == "*" { return true }
                if tag.hasPrefix("W/") { tag.removeFirst(2) }
                if tag == eTag { return true }
            }
        }
        return false
    }
}

/// The snapshots `GET /v1/catalog/{locale}` answers with, each made once per table and locale:
/// the catalog does not change while the server runs, so a snapshot stays right. Bounded by a
/// count and by the bytes of their bodies; past either bound the oldest snapshots are dropped,
/// so that a client asking for ever new locales costs their computation, not memory. Failures
/// (an unknown table) are not kept.
final class CatalogSnapshots: Sendable {
    private struct Store {
        var snapshots: [String: CatalogSnapshot] = [:]
        /// Keys in the order they were added; `order[first...]` are the live ones.
        var order: [String] = []
        var first = 0
        var bytes = 0
    }

    let catalog: Catalog
    let capacity: Int
    let byteBudget: Int
    private let store = Mutex(Store())

    init(catalog: Catalog, capacity: Int = 256, byteBudget: Int = 32 << 20) {
        self.catalog = catalog
        self.capacity = max(1, capacity)
        self.byteBudget = byteBudget
    }

    /// How many snapshots are kept now.
    var count: Int { store.withLock { $0.snapshots.count } }

    func snapshot(table: String, locale: LocaleID) throws(ParlanceError) -> CatalogSnapshot {
        let key = table + "\u{0}" + locale.identifier
        if let kept = store.withLock({ $0.snapshots[key] }) { return kept }
        // Made outside the lock: two requests for the same new snapshot may both make it, and
        // they make the same bytes.
        let made = try CatalogSnapshot(catalog: catalog, table: table, locale: locale)
        let size = made.body.readableBytes
        guard size <= byteBudget else { return made }
        store.withLock { store in
            guard store.snapshots[key] == nil else { return }
            while store.snapshots.count >= capacity || store.bytes + size > byteBudget, store.first < store.order.count {
                let oldest = store.order[store.first]
                store.first += 1
                if let dropped = store.snapshots.removeValue(forKey: oldest) { store.bytes -= dropped.body.readableBytes }
            }
            if store.first > 64, store.first * 2 > store.order.count {
                store.order.removeFirst(store.first)
                store.first = 0
            }
            store.snapshots[key] = made
            store.order.append(key)
            store.bytes += size
        }
        return made
    }
}
#endif
