import Parlance

/// A JSON value as read from a request line (by ``JSONReader``) or written in a response.
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
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends compact JSON text, as UTF-8 bytes, to `out`.
    package func write(to out: inout [UInt8]) {
        switch self {
        case .null: Self.append("null", to: &out)
        case .raw(let text): out.append(contentsOf: text.utf8)
        case .bool(let value): Self.append(value ? "true" : "false", to: &out)
        case .integer(let value): out.append(contentsOf: String(value).utf8)
        case .number(let value):
            // A non-finite double has no JSON form: null.
            guard value.isFinite else { return Self.append("null", to: &out) }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            out.append(contentsOf: text.utf8)
        case .string(let value): JSONStringLiteral.append(value, to: &out)
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
                JSONStringLiteral.append(key, to: &out)
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
}
