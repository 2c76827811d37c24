/// The JSON string literal writer (RFC 8259 §7) of every JSON text Parlance writes by hand:
/// batch answers, the HTTP server's bodies and error bodies. It lives in the core module, below
/// both modules that use it (the batch engine and the HTTP error mapping), neither of which
/// depends on the other.
package enum JSONStringLiteral {
    /// Appends `text` as a JSON string literal, quotes included.
    ///
    /// Escaped: `"` and `\`; the C0 controls, the named ones by name (`\b \f \n \r \t`) and
    /// the others as lower-case `\u00xx`; U+2028 and U+2029 as `\u2028` and `\u2029`, so that
    /// the text is also a JavaScript literal and no reader splitting at Unicode line
    /// separators breaks an answer line. Everything else is copied as UTF-8; a text without
    /// any of these is copied whole.
    ///
    /// ```swift
    /// var out: [UInt8] = []
    /// JSONStringLiteral.append("a\"b\n", to: &out)   // "a\"b\n" (with the escapes)
    /// ```
    package static func append(_ text: String, to out: inout [UInt8]) {
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
                case 0x22: appendASCII("\\\"", to: &out)
                case 0x5C: appendASCII("\\\\", to: &out)
                case 0x0A: appendASCII("\\n", to: &out)
                case 0x0D: appendASCII("\\r", to: &out)
                case 0x09: appendASCII("\\t", to: &out)
                case 0x08: appendASCII("\\b", to: &out)
                case 0x0C: appendASCII("\\f", to: &out)
                case 0xE2:
                    appendASCII(bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029", to: &out)
                    i += 2
                default:
                    func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? 0x30 + digit : 0x57 + digit }
                    appendASCII("\\u00", to: &out)
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

    /// `text` as a JSON string literal, quotes included (the escapes of ``append(_:to:)``).
    package static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends ASCII text known at compile time.
    @inline(__always)
    private static func appendASCII(_ text: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
