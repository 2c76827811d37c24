#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON value as read from a request line, kept faithful enough to echo `id` back unchanged.
///
/// Decoding goes through Foundation's `JSONDecoder`; encoding is done here so that the output
/// is compact, deterministic (`id` first, then `result` or `error`) and leaves non-ASCII text
/// as UTF-8.
public enum JSONValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    /// An integer that fits in 64 bits, as written.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in the order they were written (duplicates keep the last one when read).
    case object([(String, JSONValue)])
    /// JSON text written out as it is (an `id` echoed exactly as the request wrote it).
    case raw(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            let members = try decoder.container(keyedBy: AnyKey.self)
            var object: [(String, JSONValue)] = []
            for key in members.allKeys {
                object.append((key.stringValue, try members.decode(JSONValue.self, forKey: key)))
            }
            self = .object(object)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .raw(let text):
            try container.encode(text)
        case .object:
            // Object identity for echoing is handled by `serialized`; Codable encoding of objects
            // is only used in tests and goes through the string form.
            try container.encode(serialized)
        }
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized == rhs.serialized }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized) }

    /// A member of an object by name.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.0 == key })?.1
    }

    /// Compact JSON text.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Appends compact JSON text to `out`.
    public func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .raw(let text): out += text
        case .bool(let value): out += value ? "true" : "false"
        case .integer(let value): out += String(value)
        case .number(let value):
            if value.isFinite {
                var text = value.description
                if text.hasSuffix(".0") { text.removeLast(2) }
                out += text
            } else {
                out += "null"
            }
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                JSONValue.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
