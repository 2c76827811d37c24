/// A strict RFC 8259 JSON reader: the one reader for every JSON text the package reads
/// (batch request lines, the language preference file, and string catalogs).
///
/// It accepts exactly RFC 8259's grammar: no trailing commas, comments, single quotes,
/// unquoted keys, leading zeros, `NaN`/`Infinity`, or control characters in strings. Numbers
/// keep their literal text, so that `-0.0` keeps its sign, `1.50` its trailing zero, and a
/// number beyond a `Double` (`1e400`) is the caller's to judge. Every value records where it
/// starts (line, column, byte offset) and where it ends, so that an error names a position and
/// a caller can echo a value exactly as it was written.
///
/// Budgets: nesting depth (default 512) — deeper input is an error, never a stack overflow.
package enum StrictJSON {
    /// A position in the text: 1-based line and column (in Unicode scalars), 0-based byte offset.
    package struct Position: Hashable, Sendable, CustomStringConvertible {
        package var line: Int
        package var column: Int
        package var offset: Int
        package var description: String { "\(line):\(column)" }

        package init(line: Int, column: Int, offset: Int) {
            self.line = line
            self.column = column
            self.offset = offset
        }
    }

    /// A syntax error: where, and what was expected there.
    package struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        package let position: Position
        package let message: String
        package var description: String { "\(position): \(message)" }
    }

    /// A value with its span in the text.
    package struct Element: Sendable {
        package var value: Value
        /// Where the value starts.
        package var start: Position
        /// The byte offset just past the value.
        package var endOffset: Int

        /// The byte range of the value in the UTF-8 text.
        package var byteRange: Range<Int> { start.offset..<endOffset }

        /// A member of an object by name (the last one when a name repeats); nil otherwise.
        package subscript(key: String) -> Element? {
            guard case .object(let members) = value else { return nil }
            return members.last(where: { $0.key == key })?.value
        }
    }

    /// An object member, with the position of its key.
    package struct Member: Sendable {
        package var key: String
        package var keyPosition: Position
        package var value: Element
    }

    /// A JSON value.
    package indirect enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number exactly as written (RFC 8259 syntax, already checked).
        case number(String)
        case string(String)
        case array([Element])
        /// Members in the order written; repeated names are kept.
        case object([Member])
    }

    /// Parses one JSON text (surrounding white space allowed).
    ///
    /// - Throws: ``SyntaxError`` naming the line, column and what was expected.
    package static func parse(_ text: String, maximumDepth: Int = 512) throws(SyntaxError) -> Element {
        var parser = Parser(bytes: Array(text.utf8), maximumDepth: maximumDepth)
        return try parser.document()
    }

    /// Parses UTF-8 bytes (a byte order mark is an error, as RFC 8259 §8.1 allows).
    package static func parse(bytes: [UInt8], maximumDepth: Int = 512) throws(SyntaxError) -> Element {
        var parser = Parser(bytes: bytes, maximumDepth: maximumDepth)
        return try parser.document()
    }

    /// The length of a well-formed UTF-8 sequence at `i` (RFC 3629), 0 when ill-formed
    /// (also used by the batch engine's fast request reader).
    @inlinable
    package static func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b0 = bytes[i]
        func cont(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i + k < bytes.count && bytes[i + k] >= low && bytes[i + k] <= high
        }
        switch b0 {
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

    fileprivate static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private struct Parser {
        let bytes: [UInt8]
        let maximumDepth: Int
        var index = 0
        var line = 1
        var lineStart = 0
        var depth = 0

        init(bytes: [UInt8], maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        var position: Position {
            // Columns count scalars: continuation bytes (10xxxxxx) do not start one.
            var column = 1
            var i = lineStart
            while i < index {
                if bytes[i] & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
            return Position(line: line, column: column, offset: index)
        }

        func fail(_ message: String) -> SyntaxError {
            SyntaxError(position: position, message: message)
        }

        func describeHere() -> String {
            guard index < bytes.count else { return "the end of the text" }
            let b = bytes[index]
            if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
            return "byte 0x" + StrictJSON.hex(UInt32(b), width: 2)
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0D: index += 1
                case 0x0A:
                    index += 1
                    line += 1
                    lineStart = index
                default: return
                }
            }
        }

        mutating func document() throws(SyntaxError) -> Element {
            skipSpace()
            let element = try value()
            skipSpace()
            guard index == bytes.count else {
                throw fail("expected the end of the text after a complete JSON value, found \(describeHere())")
            }
            return element
        }

        mutating func value() throws(SyntaxError) -> Element {
            let start = position
            guard index < bytes.count else { throw fail("expected a value, found the end of the text") }
            let value: Value
            switch bytes[index] {
            case UInt8(ascii: "{"): value = try object()
            case UInt8(ascii: "["): value = try array()
            case UInt8(ascii: "\""): value = .string(try string())
            case UInt8(ascii: "t"):
                try literal("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try number())
            default:
                throw fail("expected a value (object, array, string, number, true, false or null), found \(describeHere())")
            }
            return Element(value: value, start: start, endOffset: index)
        }

        mutating func enter() throws(SyntaxError) {
            depth += 1
            if depth > maximumDepth { throw fail("nesting deeper than \(maximumDepth) levels") }
        }

        mutating func object() throws(SyntaxError) -> Value {
            try enter()
            index += 1
            var members: [Member] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(members)
            }
            while true {
                skipSpace()
                let keyPosition = position
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw fail("expected a member name in double quotes, found \(describeHere())")
                }
                let key = try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw fail("expected ':' after a member name, found \(describeHere())")
                }
                index += 1
                skipSpace()
                let element = try value()
                members.append(Member(key: key, keyPosition: keyPosition, value: element))
                skipSpace()
                guard index < bytes.count else { throw fail("expected ',' or '}', found the end of the text") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}', found \(describeHere())") }
                index += 1
                depth -= 1
                return .object(members)
            }
        }

        mutating func array() throws(SyntaxError) -> Value {
            try enter()
            index += 1
            var elements: [Element] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(elements)
            }
            while true {
                skipSpace()
                elements.append(try value())
                skipSpace()
                guard index < bytes.count else { throw fail("expected ',' or ']', found the end of the text") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']', found \(describeHere())") }
                index += 1
                depth -= 1
                return .array(elements)
            }
        }

        mutating func literal(_ word: StaticString) throws(SyntaxError) {
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard bytes.count - index >= expected.count, bytes[index..<(index + expected.count)].elementsEqual(expected) else {
                throw fail("expected \(word), found \(describeHere())")
            }
            index += expected.count
        }

        mutating func number() throws(SyntaxError) -> String {
            let start = index
            func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { throw fail("expected a digit in a number, found \(describeHere())") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if isDigit(index) { throw fail("a number may not have a leading zero") }
            } else {
                while isDigit(index) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard isDigit(index) else { throw fail("expected a digit after '.', found \(describeHere())") }
                while isDigit(index) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard isDigit(index) else { throw fail("expected a digit in an exponent, found \(describeHere())") }
                while isDigit(index) { index += 1 }
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
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

        mutating func string() throws(SyntaxError) -> String {
            index += 1
            // Runs between escapes are copied as validated UTF-8 in one piece; a string without
            // escapes (the common case) is one copy of its bytes.
            var scalars = String.UnicodeScalarView()
            var escaped = false
            var runStart = index
            func flush(_ end: Int) {
                if end > runStart {
                    scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
                }
            }
            while index < bytes.count {
                let b = bytes[index]
                switch b {
                case UInt8(ascii: "\""):
                    if !escaped {
                        let text = String(decoding: bytes[runStart..<index], as: UTF8.self)
                        index += 1
                        return text
                    }
                    flush(index)
                    index += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush(index)
                    escaped = true
                    index += 1
                    guard index < bytes.count else { throw fail("expected an escape after '\\', found the end of the text") }
                    let e = bytes[index]
                    index += 1
                    switch e {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        let unit = try hex4()
                        if (0xD800..<0xDC00).contains(unit), bytes.count - index >= 6,
                            bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                        {
                            let save = index
                            index += 2
                            let low = try hex4()
                            if (0xDC00..<0xE000).contains(low) {
                                scalars.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)
                                break
                            }
                            index = save
                        }
                        // A lone surrogate is grammatical JSON but no Unicode scalar: U+FFFD.
                        scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                    default:
                        index -= 1
                        throw fail("expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX, found \(describeHere())")
                    }
                    runStart = index
                case 0x00..<0x20:
                    throw fail("a control character (U+\(StrictJSON.hex(UInt32(b), width: 4))) must be escaped in a string")
                default:
                    if b >= 0x80 {
                        // Validate UTF-8 strictly: a malformed sequence is an error, not U+FFFD.
                        let length = bytes.withUnsafeBufferPointer { StrictJSON.utf8SequenceLength($0, at: index) }
                        guard length > 0 else { throw fail("invalid UTF-8 in a string") }
                        index += length
                    } else {
                        index += 1
                    }
                }
            }
            throw fail("expected '\"' to close a string, found the end of the text")
        }
    }
}
