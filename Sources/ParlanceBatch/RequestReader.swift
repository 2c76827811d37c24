import Parlance

/// The batch engine's fast reader for one request line: a single pass over the line's UTF-8
/// bytes straight to a ``JSONValue``, with no intermediate tree, no positions and no copy of
/// the line.
///
/// It accepts exactly what ``StrictJSON`` accepts (RFC 8259, nesting up to 512 levels, strict
/// UTF-8 in strings) and builds the same value ``JSONValue/init(_:)`` builds from
/// ``StrictJSON``'s tree (the same escapes, the same U+FFFD for a lone surrogate, the same
/// integer/double split for numbers). It never explains a failure: on anything it does not
/// accept it throws ``Unaccepted`` and ``BatchServer`` reads the line again with ``StrictJSON``,
/// whose error (line, column, what was expected) is the one the protocol answers. So the error
/// lines are ``StrictJSON``'s by construction; the reader only has to never accept what
/// ``StrictJSON`` rejects, and to build the same value for what both accept (tested against
/// ``StrictJSON`` and Foundation's `JSONSerialization` over a corpus and mutated lines).
package struct RequestReader {
    /// The line is not one this reader accepts (not JSON, too deep, ill-formed UTF-8).
    package struct Unaccepted: Error {}

    /// A line read: its value and, for an object with an `id` member, the byte range of the
    /// (last) `id` value as written, for echoing.
    package struct Line {
        package var value: JSONValue
        package var idRange: Range<Int>?
    }

    /// The deepest nesting accepted (``StrictJSON``'s default budget).
    package static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads one JSON text (surrounding white space allowed).
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(Unaccepted) -> Line {
        var reader = RequestReader(bytes)
        reader.skipSpace()
        var idRange: Range<Int>? = nil
        let value: JSONValue
        if reader.index < bytes.count, bytes[reader.index] == UInt8(ascii: "{") {
            value = try reader.object(idRange: &idRange)
        } else {
            value = try reader.value()
        }
        reader.skipSpace()
        guard reader.index == bytes.count else { throw Unaccepted() }
        return Line(value: value, idRange: idRange)
    }

    @inline(__always)
    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value() throws(Unaccepted) -> JSONValue {
        guard index < bytes.count else { throw Unaccepted() }
        switch bytes[index] {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"):
            var ignored: Range<Int>? = nil
            return try object(idRange: &ignored, nested: true)
        case UInt8(ascii: "["): return try array()
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
        default: throw Unaccepted()
        }
    }

    private mutating func literal(_ word: StaticString) throws(Unaccepted) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw Unaccepted() }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw Unaccepted() }
        index += count
    }

    private mutating func enter() throws(Unaccepted) {
        depth += 1
        if depth > Self.maximumDepth { throw Unaccepted() }
    }

    /// An object; at the top level (`nested` false) the range of the last `id` value is kept.
    private mutating func object(idRange: inout Range<Int>?, nested: Bool = false) throws(Unaccepted) -> JSONValue {
        try enter()
        index += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        members.reserveCapacity(nested ? 2 : 6)
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Unaccepted() }
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw Unaccepted() }
            index += 1
            skipSpace()
            let start = index
            let element = try value()
            if !nested, key == "id" { idRange = start..<index }
            members.append((key, element))
            skipSpace()
            guard index < bytes.count else { throw Unaccepted() }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw Unaccepted() }
            index += 1
            depth -= 1
            return .object(members)
        }
    }

    private mutating func array() throws(Unaccepted) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
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
            guard index < bytes.count else { throw Unaccepted() }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw Unaccepted() }
            index += 1
            depth -= 1
            return .array(elements)
        }
    }

    @inline(__always)
    private func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] &- 0x30 < 10 }

    private mutating func number() throws(Unaccepted) -> JSONValue {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard isDigit(index) else { throw Unaccepted() }
        var magnitude: UInt64 = 0
        var digits = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            digits = 1
            if isDigit(index) { throw Unaccepted() }
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
            guard isDigit(index) else { throw Unaccepted() }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { throw Unaccepted() }
            while isDigit(index) { index += 1 }
        }
        // Up to 18 digits always fit an Int64; `-0` is the double −0 (JSONValue.init's rule).
        if isInteger, digits <= 18, !(negative && magnitude == 0) {
            return .integer(negative ? -Int64(magnitude) : Int64(magnitude))
        }
        return JSONValue(numberLiteral: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    private mutating func hex4() throws(Unaccepted) -> UInt32 {
        guard bytes.count - index >= 4 else { throw Unaccepted() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default: throw Unaccepted()
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// A string: without escapes, one validated copy of its bytes; with escapes, decoded into
    /// a byte buffer as ``StrictJSON`` decodes them.
    private mutating func string() throws(Unaccepted) -> String {
        index += 1
        let start = index
        // The common case: no escape before the closing quote.
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw Unaccepted() }
            if b >= 0x80 {
                let length = StrictJSON.utf8SequenceLength(bytes, at: index)
                guard length > 0 else { throw Unaccepted() }
                index += length
            } else {
                index += 1
            }
        }
        guard index < bytes.count else { throw Unaccepted() }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(index - start + 16)
        decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw Unaccepted() }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(e)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
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
                    decoded.append(contentsOf: UTF8.encode(scalar ?? "\u{FFFD}")!)
                default: throw Unaccepted()
                }
            case 0x00..<0x20: throw Unaccepted()
            default:
                if b >= 0x80 {
                    let length = StrictJSON.utf8SequenceLength(bytes, at: index)
                    guard length > 0 else { throw Unaccepted() }
                    decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
                    index += length
                } else {
                    decoded.append(b)
                    index += 1
                }
            }
        }
        throw Unaccepted()
    }
}
