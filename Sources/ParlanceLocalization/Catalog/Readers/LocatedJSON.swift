import Dispatch
import Foundation
import Parlance

/// A JSON value with the line and column where it starts, so that a String Catalog error can
/// point at the offending value (Foundation's decoders report no position for type errors).
struct LocatedJSON {
    enum Value {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([LocatedJSON])
        /// Members in file order.
        case object([(String, LocatedJSON)])
    }

    var value: Value
    var line: Int
    var column: Int

    subscript(key: String) -> LocatedJSON? {
        guard case .object(let members) = value else { return nil }
        return members.last(where: { $0.0 == key })?.1
    }

    var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The deepest nesting accepted (String Catalogs are about six levels deep).
    static let maximumDepth = 128

    /// Parses JSON text: UTF-8 (with or without a byte order mark) is read in place, without
    /// decoding it into an array of scalars first (a String Catalog of 70 MB would need 280 MB
    /// for that array); UTF-16 text is decoded, then read the same way.
    static func parse(_ bytes: [UInt8], file: String) throws(CatalogDiagnostic) -> LocatedJSON {
        try parse(bytes, file: file, streaming: nil)
    }

    /// How a top-level object member is handed over one member at a time instead of kept.
    struct Streaming {
        /// The top-level member whose object value is streamed (`strings`).
        var member: String
        /// Asked when the member starts, with the top-level members read so far: whether to
        /// stream it (false: it is kept in the tree as usual).
        var shouldStream: ([(String, LocatedJSON)]) -> Bool
        /// Each member of the streamed object, in file order, as soon as it is parsed.
        var each: (String, LocatedJSON) -> Void
        /// After each streamed member, the byte offset below which the parser will not read
        /// again (the owner of the bytes may give that memory back).
        var consumed: ((Int) -> Void)? = nil
        /// When set, and the streamed object spans at least ``splitAbove`` bytes, its second
        /// half is parsed on a second thread at the same time as the first, and its members are
        /// handed to this closure (on that thread, in file order) instead of ``each``; the
        /// owner appends them after the first half's. Each half is parsed exactly as the whole
        /// would be (same grammar, lines and columns; the first error in file order is the one
        /// thrown).
        var second: (@Sendable (String, LocatedJSON) -> Void)? = nil
        /// ``consumed`` for the second half, on its thread: the offset where the half starts
        /// and the offset below which it will not read again.
        var consumedSecond: (@Sendable (Int, Int) -> Void)? = nil
        /// The smallest streamed object split in two (bytes).
        var splitAbove = 4 << 20
        /// Tests only: the first half stops one member after the split point, as it would if
        /// the quick scan and the grammar disagreed, after the second half has run.
        var misplaceSplitForTesting = false
    }

    /// The code of the diagnostic a split parse throws when its two halves do not meet where
    /// the quick scan said: the second half may have given its bytes back, so the caller parses
    /// again, without splitting, from bytes it still has (the file, read again).
    static let splitAbandoned = "split-abandoned"

    /// ``parse(_:file:)``, streaming one top-level member: a String Catalog's `strings` object
    /// is handed over entry by entry, so that memory holds one entry's tree, not the whole
    /// file's. A streamed member stays in the tree as an empty object at its own position.
    /// Errors are the same as without streaming (a syntax error anywhere fails the whole parse).
    static func parse(_ bytes: [UInt8], file: String, streaming: Streaming?) throws(CatalogDiagnostic) -> LocatedJSON {
        try bytes.withUnsafeBufferPointer { (buffer) throws(CatalogDiagnostic) in try parse(buffer: buffer, file: file, streaming: streaming) }
    }

    /// ``parse(_:file:streaming:)`` over bytes the caller owns (a file read into memory that
    /// ``Streaming/consumed`` may give back as the parser moves on).
    static func parse(buffer bytes: UnsafeBufferPointer<UInt8>, file: String, streaming: Streaming?) throws(CatalogDiagnostic) -> LocatedJSON {
        if let start = try TextDecoding.validatedUTF8(bytes, file: file) {
            var parser = Parser(utf8: bytes, start: start, file: file)
            return try parser.document(streaming)
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count)
        for scalar in try TextDecoding.decode(Array(bytes), file: file) { UTF8.encode(scalar) { utf8.append($0) } }
        return try utf8.withUnsafeBufferPointer { (decoded) throws(CatalogDiagnostic) in
            var parser = Parser(utf8: decoded, start: 0, file: file)
            // The decoded copy's offsets are not the caller's: nothing is given back.
            var streaming = streaming
            streaming?.consumed = nil
            return try parser.document(streaming)
        }
    }

    /// The JSON grammar over valid UTF-8, one scalar at a time, tracking line and column
    /// (columns in scalars, as the other catalog scanners count them).
    private struct Parser {
        /// Valid UTF-8 (checked before parsing), owned by the caller of `parse`.
        let utf8: UnsafeBufferPointer<UInt8>
        let file: String
        /// A byte offset, always at the start of a scalar.
        var index: Int
        var line = 1
        var column = 1

        init(utf8: UnsafeBufferPointer<UInt8>, start: Int, file: String) {
            self.utf8 = utf8
            self.index = start
            self.file = file
        }

        /// The whole text: one value, then only whitespace.
        mutating func document(_ streaming: LocatedJSON.Streaming?) throws(CatalogDiagnostic) -> LocatedJSON {
            skipWhitespace()
            let value: LocatedJSON
            if let streaming {
                value = try topLevel(streaming)
            } else {
                value = try self.value(depth: 0)
            }
            skipWhitespace()
            if index < utf8.count { throw failure("unexpected text after the JSON value") }
            return value
        }

        /// The scalar at the position, nil at the end.
        var current: Unicode.Scalar? {
            guard index < utf8.count else { return nil }
            let lead = utf8[index]
            if lead < 0x80 { return Unicode.Scalar(lead) }
            var value: UInt32
            let count: Int
            if lead < 0xE0 {
                (value, count) = (UInt32(lead & 0x1F), 2)
            } else if lead < 0xF0 {
                (value, count) = (UInt32(lead & 0x0F), 3)
            } else {
                (value, count) = (UInt32(lead & 0x07), 4)
            }
            for offset in 1..<count { value = value << 6 | UInt32(utf8[index + offset] & 0x3F) }
            return Unicode.Scalar(value)
        }

        /// Moves past the current scalar, counting lines.
        mutating func advance() {
            let lead = utf8[index]
            if lead == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        }

        func failure(_ message: String) -> CatalogDiagnostic {
            CatalogDiagnostic(file: file, line: line, column: column, message: "invalid JSON: \(message)")
        }

        mutating func skipWhitespace() {
            while let scalar = current, scalar == " " || scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == "\u{FEFF}" {
                advance()
            }
        }

        mutating func expect(_ word: String) throws(CatalogDiagnostic) {
            for expected in word.unicodeScalars {
                guard current == expected else { throw failure("expected \(quoted(word))") }
                advance()
            }
        }

        /// The top-level value, one object member streamed (see ``Streaming``); the grammar and
        /// messages of ``value(depth:)``.
        mutating func topLevel(_ streaming: Streaming) throws(CatalogDiagnostic) -> LocatedJSON {
            guard current == "{" else { return try value(depth: 0) }
            let (startLine, startColumn) = (line, column)
            advance()
            var members: [(String, LocatedJSON)] = []
            skipWhitespace()
            if current == "}" {
                advance()
                return LocatedJSON(value: .object(members), line: startLine, column: startColumn)
            }
            while true {
                skipWhitespace()
                guard current == "\"" else { throw failure("expected a quoted member name") }
                let name = try string()
                skipWhitespace()
                guard current == ":" else { throw failure("expected ':' after the member name \(quoted(name))") }
                advance()
                skipWhitespace()
                if name == streaming.member, current == "{", streaming.shouldStream(members) {
                    let (valueLine, valueColumn) = (line, column)
                    let body = { (key: String, value: LocatedJSON, offset: Int) in
                        streaming.each(key, value)
                        streaming.consumed?(offset)
                    }
                    if let second = streaming.second, let split = splitPoint(objectAt: index, minimumSize: streaming.splitAbove) {
                        try objectMembersInTwoHalves(
                            split: split, second: second, consumedSecond: streaming.consumedSecond,
                            firstStopsAt: streaming.misplaceSplitForTesting ? split.index + 1 : split.index, body)
                    } else {
                        try objectMembers(depth: 1, body)
                    }
                    members.append((name, LocatedJSON(value: .object([]), line: valueLine, column: valueColumn)))
                } else {
                    members.append((name, try self.value(depth: 1)))
                }
                skipWhitespace()
                if current == "," {
                    advance()
                    continue
                }
                guard current == "}" else { throw failure("expected ',' or '}' in an object") }
                advance()
                break
            }
            return LocatedJSON(value: .object(members), line: startLine, column: startColumn)
        }

        /// An object at `depth` (the position at its `{`), each member handed to `body` as it is
        /// parsed; the grammar and messages of ``value(depth:)``. With `stopAt`, as
        /// ``memberList(depth:stopAt:_:)``: true when it stopped after a comma at `stopAt`.
        @discardableResult
        mutating func objectMembers(depth: Int, stopAt: Int = .max, _ body: (String, LocatedJSON, Int) -> Void) throws(CatalogDiagnostic) -> Bool {
            guard depth < LocatedJSON.maximumDepth else { throw failure("nested deeper than \(LocatedJSON.maximumDepth) levels") }
            advance()
            skipWhitespace()
            if current == "}" {
                advance()
                return false
            }
            return try memberList(depth: depth, stopAt: stopAt, body)
        }

        /// Where a streamed object (its `{` at `open`) can be cut in two: the position just
        /// after the first comma between two of its members at or past its middle, with the
        /// line and column there; nil for an object smaller than `minimumSize` or none found.
        /// A quick scan (strings and nesting only): the halves' parsers check the grammar.
        func splitPoint(objectAt open: Int, minimumSize: Int) -> (index: Int, line: Int, column: Int)? {
            guard utf8.count - open >= max(minimumSize, 2) else { return nil }
            let target = open + (utf8.count - open) / 2
            var position = open + 1
            var depth = 1
            var inString = false
            var newlines = 0
            var lastNewline = -1
            while position < utf8.count {
                let byte = utf8[position]
                if inString {
                    if byte == 0x5C {  // a backslash: the next byte is escaped
                        position += 2
                        continue
                    }
                    if byte == 0x22 { inString = false }
                    if byte == 0x0A {
                        newlines += 1
                        lastNewline = position
                    }
                    position += 1
                    continue
                }
                switch byte {
                case 0x22: inString = true
                case 0x7B, 0x5B: depth += 1
                case 0x7D, 0x5D:
                    depth -= 1
                    if depth == 0 { return nil }
                case 0x0A:
                    newlines += 1
                    lastNewline = position
                case 0x2C where depth == 1 && position >= target:
                    let split = position + 1
                    // Columns count scalars: every byte that does not continue a UTF-8 sequence.
                    let lineStart = lastNewline >= 0 ? lastNewline + 1 : open
                    var scalars = 0
                    for offset in lineStart..<split where utf8[offset] & 0xC0 != 0x80 { scalars += 1 }
                    return (split, line + newlines, (lastNewline >= 0 ? 1 : column) + scalars)
                default: break
                }
                position += 1
            }
            return nil
        }

        /// ``objectMembers(depth:_:)`` for the streamed object at depth 1, its members after
        /// `split` parsed by a second parser on a thread of its own while this one parses those
        /// before; this parser ends where the second one ended (after the object's `}`).
        mutating func objectMembersInTwoHalves(
            split: (index: Int, line: Int, column: Int), second: @escaping @Sendable (String, LocatedJSON) -> Void,
            consumedSecond: (@Sendable (Int, Int) -> Void)?, firstStopsAt: Int, _ body: (String, LocatedJSON, Int) -> Void
        ) throws(CatalogDiagnostic) {
            final class SecondHalf: @unchecked Sendable {
                var parser: Parser
                var error: CatalogDiagnostic?
                init(_ parser: Parser) { self.parser = parser }
            }
            var secondParser = Parser(utf8: utf8, start: split.index, file: file)
            secondParser.line = split.line
            secondParser.column = split.column
            let half = SecondHalf(secondParser)
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                do throws(CatalogDiagnostic) {
                    _ = try half.parser.memberList(depth: 1, stopAt: .max) { key, value, offset in
                        second(key, value)
                        consumedSecond?(split.index, offset)
                    }
                } catch {
                    half.error = error
                }
                done.signal()
            }
            thread.stackSize = 8 << 20
            thread.start()
            // This half: the `{`, then members until the position reaches the split.
            var firstError: CatalogDiagnostic?
            var stopped = false
            do {
                stopped = try objectMembers(depth: 1, stopAt: firstStopsAt, body)
            } catch {
                firstError = error
            }
            done.wait()
            // An error before the split is the first in file order.
            if let firstError { throw firstError }
            // The object ended before the split, or this half stopped elsewhere than the scan
            // said: the quick scan and the grammar disagree (not on any file seen so far). The
            // second half's bytes may have been given back, so neither half's result stands:
            // the caller parses again from bytes of its own.
            guard stopped, index == split.index, line == split.line, column == split.column else {
                throw CatalogDiagnostic(
                    file: file, line: split.line, column: split.column,
                    message: "the two halves of a split parse did not meet at the split point", code: LocatedJSON.splitAbandoned)
            }
            if let error = half.error { throw error }
            (index, line, column) = (half.parser.index, half.parser.line, half.parser.column)
        }

        /// The members of an object from the current position (after its `{` or after a
        /// comma) through its `}`; returns true, positioned just after a comma, as soon as the
        /// position reaches `stopAt`, else false after the `}`.
        mutating func memberList(depth: Int, stopAt: Int, _ body: (String, LocatedJSON, Int) -> Void) throws(CatalogDiagnostic) -> Bool {
            while true {
                skipWhitespace()
                guard current == "\"" else { throw failure("expected a quoted member name") }
                let name = try string()
                skipWhitespace()
                guard current == ":" else { throw failure("expected ':' after the member name \(quoted(name))") }
                advance()
                skipWhitespace()
                body(name, try self.value(depth: depth + 1), index)
                skipWhitespace()
                if current == "," {
                    advance()
                    if index >= stopAt { return true }
                    continue
                }
                guard current == "}" else { throw failure("expected ',' or '}' in an object") }
                advance()
                return false
            }
        }

        mutating func value(depth: Int) throws(CatalogDiagnostic) -> LocatedJSON {
            guard depth < LocatedJSON.maximumDepth else { throw failure("nested deeper than \(LocatedJSON.maximumDepth) levels") }
            let (startLine, startColumn) = (line, column)
            guard let scalar = current else { throw failure("the file ends where a value was expected") }
            let value: Value
            switch scalar {
            case "{":
                advance()
                var members: [(String, LocatedJSON)] = []
                skipWhitespace()
                if current == "}" {
                    advance()
                } else {
                    while true {
                        skipWhitespace()
                        guard current == "\"" else { throw failure("expected a quoted member name") }
                        let name = try string()
                        skipWhitespace()
                        guard current == ":" else { throw failure("expected ':' after the member name \(quoted(name))") }
                        advance()
                        skipWhitespace()
                        members.append((name, try self.value(depth: depth + 1)))
                        skipWhitespace()
                        if current == "," {
                            advance()
                            continue
                        }
                        guard current == "}" else { throw failure("expected ',' or '}' in an object") }
                        advance()
                        break
                    }
                }
                value = .object(members)
            case "[":
                advance()
                var elements: [LocatedJSON] = []
                skipWhitespace()
                if current == "]" {
                    advance()
                } else {
                    while true {
                        skipWhitespace()
                        elements.append(try self.value(depth: depth + 1))
                        skipWhitespace()
                        if current == "," {
                            advance()
                            continue
                        }
                        guard current == "]" else { throw failure("expected ',' or ']' in an array") }
                        advance()
                        break
                    }
                }
                value = .array(elements)
            case "\"":
                value = .string(try string())
            case "t":
                try expect("true")
                value = .bool(true)
            case "f":
                try expect("false")
                value = .bool(false)
            case "n":
                try expect("null")
                value = .null
            case "-", "0"..."9":
                value = .number(try number())
            default:
                throw failure("unexpected \(quoted(String(scalar)))")
            }
            return LocatedJSON(value: value, line: startLine, column: startColumn)
        }

        /// A number by RFC 8259's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        mutating func number() throws(CatalogDiagnostic) -> String {
            var text = String.UnicodeScalarView()
            func digits() -> Int {
                var count = 0
                while let digit = current, ("0"..."9").contains(digit) {
                    text.append(digit)
                    advance()
                    count += 1
                }
                return count
            }
            if current == "-" {
                text.append("-")
                advance()
            }
            if current == "0" {
                text.append("0")
                advance()
            } else if digits() == 0 {
                throw failure("a number needs a digit after '-'")
            }
            if current == "." {
                text.append(".")
                advance()
                guard digits() > 0 else { throw failure("a number needs digits after '.'") }
            }
            if current == "e" || current == "E" {
                text.append(current!)
                advance()
                if current == "+" || current == "-" {
                    text.append(current!)
                    advance()
                }
                guard digits() > 0 else { throw failure("a number needs digits in its exponent") }
            }
            if let next = current, "0123456789.eE+-".unicodeScalars.contains(next) {
                throw failure("a malformed number \(quoted(String(text) + String(next)))")
            }
            return String(text)
        }

        mutating func string() throws(CatalogDiagnostic) -> String {
            advance()  // the opening quote
            // Nearly every string has no escape: its bytes up to the closing quote are the
            // string (the buffer is valid UTF-8), made in one copy instead of scalar by scalar.
            // The column counts scalars, as `advance()` does; no line ends inside a string.
            var end = index
            var scalars = 0
            while end < utf8.count {
                let byte = utf8[end]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                if byte & 0xC0 != 0x80 { scalars += 1 }
                end += 1
            }
            if end < utf8.count, utf8[end] == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: utf8[index..<end]), as: UTF8.self)
                index = end + 1
                column += scalars + 1
                return text
            }
            var out = UTF8Builder()
            var pendingHigh: UInt32?
            while true {
                guard let scalar = current else { throw failure("an unterminated string") }
                if scalar == "\"" {
                    advance()
                    break
                }
                if scalar.value < 0x20 { throw failure("a control character inside a string") }
                if scalar != "\\" {
                    if pendingHigh != nil { throw failure("an unpaired surrogate escape") }
                    out.append(scalar)
                    advance()
                    continue
                }
                advance()
                guard let escaped = current else { throw failure("an unterminated string") }
                advance()
                switch escaped {
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                case "/": out.append("/")
                case "b": out.append("\u{08}")
                case "f": out.append("\u{0C}")
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "t": out.append("\t")
                case "u":
                    var unit: UInt32 = 0
                    for _ in 0..<4 {
                        guard let hex = current, hex.properties.isASCIIHexDigit, let digit = UInt32(String(hex), radix: 16) else {
                            throw failure("\\u needs four hex digits")
                        }
                        unit = unit * 16 + digit
                        advance()
                    }
                    if let high = pendingHigh {
                        guard (0xDC00...0xDFFF).contains(unit) else { throw failure("an unpaired surrogate escape") }
                        out.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))!)
                        pendingHigh = nil
                    } else if (0xD800...0xDBFF).contains(unit) {
                        pendingHigh = unit
                    } else if let decoded = Unicode.Scalar(unit) {
                        out.append(decoded)
                    } else {
                        throw failure("an unpaired surrogate escape")
                    }
                    continue
                default:
                    throw failure("a bad escape \\\(String(escaped))")
                }
                if pendingHigh != nil { throw failure("an unpaired surrogate escape") }
            }
            if pendingHigh != nil { throw failure("an unpaired surrogate escape") }
            return out.string
        }
    }
}
