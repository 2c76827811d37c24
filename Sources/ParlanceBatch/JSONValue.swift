package import Parlance

/// A JSON value as read from a request line (by Parlance's strict RFC 8259 reader) or written
/// in a response.
///
/// Encoding is done here so that the output is compact, deterministic (`id` first, then
/// `result` or `error`) and leaves non-ASCII text as UTF-8.
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// An integer that fits in 64 bits, as written (`-0` is the double `-0.0`, keeping its sign).
    case integer(Int64)
    /// Any other number; a JSON number beyond a `Double`'s range reads as an infinity, which the
    /// operations reject as `invalid-number`.
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in the order they were written (duplicates keep the last one when read).
    case object([(String, JSONValue)])
    /// JSON text written out as it is: an `id` echoed exactly as a valid request line wrote it.
    case raw(String)

    /// The value of a parsed JSON element.
    package init(_ element: StrictJSON.Element) {
        switch element.value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let literal): self.init(numberLiteral: literal)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .object(let members): self = .object(members.map { ($0.key, JSONValue($0.value)) })
        }
    }

    /// The value of a JSON number literal (RFC 8259 syntax, already checked): an integer that
    /// fits in 64 bits (not `-0`) is `.integer`, anything else `.number`.
    package init(numberLiteral literal: String) {
        let isInteger = !literal.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
        if isInteger, let value = Int64(literal), !(value == 0 && literal.hasPrefix("-")) {
            self = .integer(value)
        } else {
            // Swift's parser is correctly rounded; beyond the range it gives ±infinity.
            self = .number(Double(literal) ?? .nan)
        }
    }

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized == rhs.serialized }
    package func hash(into hasher: inout Hasher) { hasher.combine(serialized) }

    /// A member of an object by name.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.0 == key })?.1
    }

    /// Compact JSON text.
    package var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Appends compact JSON text to `out`.
    package func write(to out: inout String) {
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

    /// Appends compact JSON text, as UTF-8 bytes, to `out`: the same text as
    /// the `String` writer writes.
    package func write(to out: inout [UInt8]) {
        switch self {
        case .null: Self.append("null", to: &out)
        case .raw(let text): out.append(contentsOf: text.utf8)
        case .bool(let value): Self.append(value ? "true" : "false", to: &out)
        case .integer(let value): out.append(contentsOf: String(value).utf8)
        case .number:
            var text = ""
            write(to: &text)
            out.append(contentsOf: text.utf8)
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends ASCII text known at compile time.
    @inline(__always)
    static func append(_ text: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a JSON string literal for `text` with the escapes of
    /// the `String` writer: `"`, `\`, the C0 controls (named ones by name,
    /// others as `\u00xx`), U+2028 and U+2029; everything else is copied as UTF-8.
    static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                let needsEscape: Bool
                if b == 0x22 || b == 0x5C || b < 0x20 {
                    needsEscape = true
                } else if b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                    needsEscape = true
                } else {
                    needsEscape = false
                }
                if !needsEscape {
                    i += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                switch b {
                case 0x22: append("\\\"", to: &out)
                case 0x5C: append("\\\\", to: &out)
                case 0x0A: append("\\n", to: &out)
                case 0x0D: append("\\r", to: &out)
                case 0x09: append("\\t", to: &out)
                case 0x08: append("\\b", to: &out)
                case 0x0C: append("\\f", to: &out)
                case 0xE2:
                    append(bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029", to: &out)
                    i += 2
                default:
                    // Lower-case hex, as the String writer's `String(_:radix:)`.
                    func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? 0x30 + digit : 0x57 + digit }
                    append("\\u00", to: &out)
                    out.append(hex(b >> 4))
                    out.append(hex(b & 0x0F))
                }
                i += 1
                runStart = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    static func writeString(_ text: String, to out: inout String) {
        // Most texts need no escape: copy them whole. 0xE2 leads U+2028/U+2029 (and other
        // characters, which the scalar loop below copies unchanged).
        if !text.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 || $0 == 0xE2 }) {
            out += "\""
            out += text
            out += "\""
            return
        }
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
}
