import Parlance
import ParlanceHTTP
import ParlanceLocalization

/// `GET /v1/catalog/{locale}`: every key of a table resolved for a locale (fallback chain and
/// negotiation applied, as `localize` does), as JSON:
/// `{"locale":"de-CH","table":"Localizable","strings":{"key":"value", "plural.key":{"format":…,"variables":{…}}}}`.
/// The body is deterministic (keys sorted), so its hash is a strong `ETag`.
struct CatalogSnapshot {
    let body: [UInt8]
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
            Self.write(entry.value, device: catalog.device, to: &out, depth: 0)
        }
        out.append(contentsOf: "}}".utf8)
        body = out
        eTag = Self.eTag(of: out)
        let ordered = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.identifier < $1.key.identifier }
        contentLanguage = ordered.isEmpty ? locale.languageTag : ordered.map(\.key.languageTag).joined(separator: ", ")
    }

    /// A value as JSON: a string for a format; an object with the format and its plural
    /// variables (variants by CLDR category) for a stringsdict entry; the catalog's device's
    /// value for a per-device entry.
    private static func write(_ value: CatalogValue, device: String, to out: inout [UInt8], depth: Int) {
        switch value {
        case .format(let text):
            HTTPErrorMapping.appendJSONString(text, to: &out)
        case .plural(let plural):
            out.append(contentsOf: #"{"format":"#.utf8)
            HTTPErrorMapping.appendJSONString(plural.format, to: &out)
            out.append(contentsOf: #","variables":{"#.utf8)
            for (index, name) in plural.variables.keys.sorted().enumerated() {
                guard let variable = plural.variables[name] else { continue }
                if index > 0 { out.append(UInt8(ascii: ",")) }
                HTTPErrorMapping.appendJSONString(name, to: &out)
                out.append(contentsOf: #":{"valueType":"#.utf8)
                HTTPErrorMapping.appendJSONString(variable.valueType ?? "d", to: &out)
                out.append(contentsOf: #","variants":{"#.utf8)
                let variants = variable.variants.sorted { $0.key < $1.key }
                for (position, (category, text)) in variants.enumerated() {
                    if position > 0 { out.append(UInt8(ascii: ",")) }
                    HTTPErrorMapping.appendJSONString(category.rawValue, to: &out)
                    out.append(UInt8(ascii: ":"))
                    HTTPErrorMapping.appendJSONString(text, to: &out)
                }
                out.append(contentsOf: "}}".utf8)
            }
            out.append(contentsOf: "}}".utf8)
        case .device(let byDevice):
            guard depth < 8, let chosen = byDevice[device] ?? byDevice["other"] ?? byDevice.sorted(by: { $0.key < $1.key }).first?.value else {
                HTTPErrorMapping.appendJSONString("", to: &out)
                return
            }
            write(chosen, device: device, to: &out, depth: depth + 1)
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
