/// The strict RFC 8259 JSON reader of the batch engine and the HTTP server: request lines,
/// request bodies and the server's own OpenAPI document are all read by it.
///
/// It accepts exactly RFC 8259's grammar: no trailing commas, comments, single quotes, unquoted
/// keys, leading zeros, `NaN`/`Infinity`, byte order mark, or unescaped control characters in
/// strings, and strings must be well-formed UTF-8. It reads the UTF-8 bytes in one pass
/// straight to a ``JSONValue``: no intermediate tree, no copy of the text. Numbers become
/// `.integer` when they fit 64 bits (not `-0`), else `.number` (a number beyond a `Double` reads
/// as an infinity, which the operations reject as `invalid-number`); a lone surrogate escape
/// reads as U+FFFD; repeated member names are all kept, in order.
///
/// Time is linear in the length of the text: while reading, only a byte offset is kept. The
/// line and column of an error are computed once, from its offset, when the error is made.
///
/// ```swift
/// let value = try JSONReader.parse(#"{"op":"plural","number":1}"#)
/// value["number"]   // .integer(1)
/// ```
package enum JSONReader {
    /// The deepest nesting of arrays and objects accepted: deeper input is an error, never a
    /// stack overflow. A request needs a handful of levels; 512 leaves room for any real
    /// document and keeps the reader's recursion far from the smallest thread stack it runs on.
    package static let maximumDepth = 512

    /// A syntax error: where (1-based line and column in Unicode scalars, 0-based byte offset)
    /// and what was expected there.
    package struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The line, counting line feeds before the error.
        package let line: Int
        /// The column, counting Unicode scalars from the start of the line.
        package let column: Int
        /// The byte offset in the UTF-8 text.
        package let offset: Int
        /// What was expected, and what was found instead.
        package let message: String

        /// `line:column: message`.
        package var description: String { "\(line):\(column): \(message)" }

        /// The error at `offset` of `bytes`, its line and column counted here (once per error).
        init(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, message: String) {
            var line = 1
            var lineStart = 0
            for index in 0..<offset where bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            var column = 1
            // Continuation bytes (10xxxxxx) do not start a scalar.
            for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
            self.line = line
            self.column = column
            self.offset = offset
            self.message = message
        }
    }

    /// A text read: its value and, when it is an object with an `id` member, the byte range of
    /// the (last) `id` value as written, so that the batch protocol echoes it exactly.
    package struct Document: Sendable {
        /// The value read.
        package var value: JSONValue
        /// The byte range of the top-level object's last `id` member's value.
        package var idRange: Range<Int>?
    }

    /// Reads one JSON text given as UTF-8 bytes (surrounding white space allowed).
    ///
    /// - Parameter keeping: when given, a member of the top-level object whose name it refuses
    ///   is checked as strictly as the rest of the text but not built (no strings, arrays or
    ///   objects are made for it) and left out of the value: a request line's unknown members,
    ///   which the protocol ignores, then cost a scan of their bytes and no memory.
    /// - Throws: ``SyntaxError`` naming the line, column and what was expected.
    package static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, keeping: ((String) -> Bool)? = nil
    ) throws(SyntaxError) -> Document {
        var reader = Reader(bytes)
        return try reader.document(keeping: keeping)
    }

    /// Reads one JSON text (surrounding white space allowed); `keeping` as in
    /// ``read(_:keeping:)-(UnsafeBufferPointer<UInt8>,_)``.
    package static func read(_ text: String, keeping: ((String) -> Bool)? = nil) throws(SyntaxError) -> Document {
        var text = text
        return try text.withUTF8 { bytes in Result { () throws(SyntaxError) in try read(bytes, keeping: keeping) } }.get()
    }

    /// The value of one JSON text (surrounding white space allowed).
    package static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        try read(text).value
    }

    /// The value of one JSON text given as UTF-8 bytes.
    package static func parse(bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer in Result { () throws(SyntaxError) in try read(buffer).value } }.get()
    }

    /// The length of a well-formed UTF-8 sequence at `i` (RFC 3629), 0 when ill-formed.
    @inline(__always)
    static func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        @inline(__always)
        func cont(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i + k < bytes.count && bytes[i + k] >= low && bytes[i + k] <= high
        }
        switch bytes[i] {
        case 0xC2...0xDF: return cont(1) ? 2 : 0
        case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : 0
        case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0
        case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0
        default: return 0
        }
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var depth = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// The error at the current byte.
        func fail(_ message: String) -> SyntaxError {
            SyntaxError(at: index, in: bytes, message: message)
        }

        /// The current byte as an error message names it.
        func describeHere() -> String {
            guard index < bytes.count else { return "the end of the text" }
            let b = bytes[index]
            if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
            return "byte 0x" + JSONReader.hex(UInt32(b), width: 2)
        }

        @inline(__always)
        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func document(keeping: ((String) -> Bool)?) throws(SyntaxError) -> Document {
            skipSpace()
            var idRange: Range<Int>? = nil
            let value: JSONValue
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                value = try object(idRange: &idRange, keeping: keeping)
            } else {
                value = try self.value()
            }
            skipSpace()
            guard index == bytes.count else {
                throw fail("expected the end of the text after a complete JSON value, found \(describeHere())")
            }
            return Document(value: value, idRange: idRange)
        }

        /// A value; with `build` false it is only checked, and `.null` stands for it.
        mutating func value(build: Bool = true) throws(SyntaxError) -> JSONValue {
            guard index < bytes.count else { throw fail("expected a value, found the end of the text") }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let text = try string(build: build)
                return build ? .string(text) : .null
            case UInt8(ascii: "{"):
                var ignored: Range<Int>? = nil
                return try object(idRange: &ignored, nested: true, build: build)
            case UInt8(ascii: "["): return try array(build: build)
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default:
                throw fail("expected a value (object, array, string, number, true, false or null), found \(describeHere())")
            }
        }

        mutating func literal(_ word: StaticString) throws(SyntaxError) {
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count, (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] }) else {
                throw fail("expected \(word), found \(describeHere())")
            }
            index += count
        }

        mutating func enter() throws(SyntaxError) {
            depth += 1
            if depth > JSONReader.maximumDepth { throw fail("nesting deeper than \(JSONReader.maximumDepth) levels") }
        }

        /// An object; at the top level (`nested` false) the range of the last `id` value is kept,
        /// and a member `keeping` refuses is checked without being built. With `build` false
        /// the object is only checked, and `.null` stands for it.
        mutating func object(
            idRange: inout Range<Int>?, nested: Bool = false, keeping: ((String) -> Bool)? = nil, build: Bool = true
        ) throws(SyntaxError) -> JSONValue {
            try enter()
            index += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return build ? .object(members) : .null
            }
            if build { members.reserveCapacity(nested ? 2 : 6) }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw fail("expected a member name in double quotes, found \(describeHere())")
                }
                let key = try string(build: build)
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw fail("expected ':' after a member name, found \(describeHere())")
                }
                index += 1
                skipSpace()
                let start = index
                let kept = build && keeping?(key) != false
                let element = try value(build: kept)
                if !nested, key == "id" { idRange = start..<index }
                if kept { members.append((key, element)) }
                skipSpace()
                guard index < bytes.count else { throw fail("expected ',' or '}', found the end of the text") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}', found \(describeHere())") }
                index += 1
                depth -= 1
                return build ? .object(members) : .null
            }
        }

        /// An array; with `build` false it is only checked, and `.null` stands for it.
        mutating func array(build: Bool = true) throws(SyntaxError) -> JSONValue {
            try enter()
            index += 1
            var elements: [JSONValue] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return build ? .array(elements) : .null
            }
            while true {
                skipSpace()
                let element = try value(build: build)
                if build { elements.append(element) }
                skipSpace()
                guard index < bytes.count else { throw fail("expected ',' or ']', found the end of the text") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']', found \(describeHere())") }
                index += 1
                depth -= 1
                return build ? .array(elements) : .null
            }
        }

        @inline(__always)
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] &- 0x30 < 10 }

        mutating func number() throws(SyntaxError) -> JSONValue {
            let start = index
            let negative = bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            guard isDigit(index) else { throw fail("expected a digit in a number, found \(describeHere())") }
            var magnitude: UInt64 = 0
            var digits = 0
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                digits = 1
                if isDigit(index) { throw fail("a number may not have a leading zero") }
            } else {
                while isDigit(index) {
                    magnitude = magnitude &* 10 &+ UInt64(bytes[index] &- 0x30)
                    digits += 1
                    index += 1
                }
            }
            var isInteger = true
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                guard isDigit(index) else { throw fail("expected a digit after '.', found \(describeHere())") }
                while isDigit(index) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard isDigit(index) else { throw fail("expected a digit in an exponent, found \(describeHere())") }
                while isDigit(index) { index += 1 }
            }
            // Up to 18 digits always fit an Int64; `-0` is the double −0 (numberLiteral's rule).
            if isInteger, digits <= 18, !(negative && magnitude == 0) {
                return .integer(negative ? -Int64(magnitude) : Int64(magnitude))
            }
            return JSONValue(numberLiteral: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        }

        mutating func hex4() throws(SyntaxError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard index < bytes.count else { throw fail("expected 4 hex digits after \\u, found the end of the text") }
                let b = bytes[index]
                let digit: UInt32
                switch b {
                case 0x30...0x39: digit = UInt32(b - 0x30)
                case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
                default: throw fail("expected 4 hex digits after \\u, found \(describeHere())")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        /// A string: without escapes, one validated copy of its bytes; with escapes, decoded
        /// into a byte buffer. With `build` false it is only checked, and "" stands for it.
        mutating func string(build: Bool = true) throws(SyntaxError) -> String {
            index += 1
            let start = index
            // The common case: no escape before the closing quote.
            while index < bytes.count {
                let b = bytes[index]
                if b == UInt8(ascii: "\"") {
                    let text = build ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) : ""
                    index += 1
                    return text
                }
                if b == UInt8(ascii: "\\") { break }
                if b >= 0x20 && b < 0x80 {
                    index += 1
                } else {
                    index += try nonASCIILength(b)
                }
            }
            guard index < bytes.count else { throw fail("expected '\"' to close a string, found the end of the text") }
            var decoded: [UInt8] = []
            if build {
                decoded.reserveCapacity(index - start + 16)
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            }
            while index < bytes.count {
                let b = bytes[index]
                switch b {
                case UInt8(ascii: "\""):
                    index += 1
                    return build ? String(decoding: decoded, as: UTF8.self) : ""
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { throw fail("expected an escape after '\\', found the end of the text") }
                    let e = bytes[index]
                    index += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): if build { decoded.append(e) }
                    case UInt8(ascii: "b"): if build { decoded.append(0x08) }
                    case UInt8(ascii: "f"): if build { decoded.append(0x0C) }
                    case UInt8(ascii: "n"): if build { decoded.append(0x0A) }
                    case UInt8(ascii: "r"): if build { decoded.append(0x0D) }
                    case UInt8(ascii: "t"): if build { decoded.append(0x09) }
                    case UInt8(ascii: "u"):
                        let unit = try hex4()
                        var scalar = Unicode.Scalar(unit)
                        if (0xD800..<0xDC00).contains(unit), bytes.count - index >= 6,
                            bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                        {
                            let save = index
                            index += 2
                            let low = try hex4()
                            if (0xDC00..<0xE000).contains(low) {
                                scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                            } else {
                                index = save
                            }
                        }
                        // A lone surrogate is grammatical JSON but no Unicode scalar: U+FFFD.
                        if build { decoded.append(contentsOf: UTF8.encode(scalar ?? "\u{FFFD}")!) }
                    default:
                        index -= 1
                        throw fail("expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX, found \(describeHere())")
                    }
                default:
                    if b >= 0x20 && b < 0x80 {
                        if build { decoded.append(b) }
                        index += 1
                    } else {
                        let length = try nonASCIILength(b)
                        if build { decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)])) }
                        index += length
                    }
                }
            }
            throw fail("expected '\"' to close a string, found the end of the text")
        }

        /// The length of the unescaped character at the current byte `b` of a string, a control
        /// character or a byte of 0x80 and above: a control character is an error, and UTF-8 is
        /// validated strictly (a malformed sequence is an error, not U+FFFD).
        func nonASCIILength(_ b: UInt8) throws(SyntaxError) -> Int {
            if b < 0x20 {
                throw fail("a control character (U+\(JSONReader.hex(UInt32(b), width: 4))) must be escaped in a string")
            }
            let length = JSONReader.utf8SequenceLength(bytes, at: index)
            guard length > 0 else { throw fail("invalid UTF-8 in a string") }
            return length
        }
    }
}
