import Foundation
import Parlance

/// A property list value with the line and column where it is written (binary lists: 0, 0).
///
/// Property lists are untrusted input: both forms are read by this reader, under a depth and a
/// node budget, and never by Foundation's `PropertyListSerialization` (which crashed with
/// SIGSEGV on Linux on a 100-byte binary list holding a set).
package struct PlistNode: Sendable {
    package enum Value: Sendable {
        case string(String)
        case integer(String)
        case real(String)
        case bool(Bool)
        case date(String)
        case data
        case array([PlistNode])
        /// A binary property list set (never valid in a catalog; kept so the reader can say so).
        case set([PlistNode])
        /// A binary object no catalog holds (a UID, a null or fill byte, an unknown marker):
        /// what it is and where, e.g. "a UID object (byte 42)". Kept as a value so that only
        /// the entry holding it is skipped, not the whole file.
        case unsupported(String)
        /// Members in file order, each with where its key is written.
        case dictionary([Member])
    }

    package struct Member: Sendable {
        package var key: String
        package var line: Int
        package var column: Int
        package var node: PlistNode
    }

    package var value: Value
    package var line: Int
    package var column: Int

    package var typeName: String {
        switch value {
        case .string: "a string"
        case .integer, .real: "a number"
        case .bool: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .set: "a set"
        case .dictionary: "a dictionary"
        case .unsupported(let what): what
        }
    }

    /// The last member named `key` of a dictionary.
    package subscript(key: String) -> Member? {
        guard case .dictionary(let members) = value else { return nil }
        return members.last { $0.key == key }
    }

    package var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }
}

/// Reads XML and binary property lists into ``PlistNode`` trees.
package enum PropertyListReader {
    /// Deeper nesting is refused (Foundation's own reader stops at 512 too).
    package static let maximumDepth = 512
    /// The most nodes a binary list may expand to (shared references are expanded).
    package static let maximumNodes = 2_000_000

    package static func read(_ bytes: [UInt8], file: String) throws(CatalogDiagnostic) -> PlistNode {
        if bytes.starts(with: Array("bplist".utf8)) {
            var reader = BinaryPlistReader(bytes: bytes, file: file)
            return try reader.read()
        }
        let scalars = try TextDecoding.decode(bytes, file: file)
        var parser = XMLPlistParser(scalars: scalars, file: file)
        return try parser.document()
    }
}

/// The XML property list grammar as CoreFoundation reads it: comments and processing
/// instructions anywhere between elements and inside text, `<![CDATA[…]]>`, the five named
/// entities and numeric character references in keys and strings, empty elements.
private struct XMLPlistParser: LocatedScanner {
    let scalars: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1
    var column = 1

    init(scalars: [Unicode.Scalar], file: String) {
        self.scalars = scalars
        self.file = file
    }

    func failure(_ message: String, _ at: (Int, Int)? = nil) -> CatalogDiagnostic {
        CatalogDiagnostic(file: file, line: at?.0 ?? line, column: at?.1 ?? column, message: "malformed XML: \(message)")
    }

    func lookingAt(_ text: String) -> Bool {
        var position = index
        for scalar in text.unicodeScalars {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    mutating func skip(_ count: Int) { for _ in 0..<count where index < scalars.count { advance() } }

    /// Skips `<!-- … -->`, `<? … ?>` and `<!DOCTYPE …>`; false when none is here.
    mutating func skipMarkup() throws(CatalogDiagnostic) -> Bool {
        let start = (line, column)
        if lookingAt("<!--") {
            skip(4)
            while index < scalars.count, !lookingAt("-->") { advance() }
            guard index < scalars.count else { throw failure("an unterminated comment", start) }
            skip(3)
            return true
        }
        if lookingAt("<?") {
            skip(2)
            while index < scalars.count, !lookingAt("?>") { advance() }
            guard index < scalars.count else { throw failure("an unterminated processing instruction", start) }
            skip(2)
            return true
        }
        if lookingAt("<!DOCTYPE") || lookingAt("<!doctype") {
            var depth = 0
            while let scalar = current {
                advance()
                if scalar == "[" { depth += 1 }
                if scalar == "]" { depth -= 1 }
                if scalar == ">", depth <= 0 { return true }
            }
            throw failure("an unterminated <!DOCTYPE", start)
        }
        return false
    }

    mutating func skipSpaceAndMarkup() throws(CatalogDiagnostic) {
        while true {
            while let scalar = current, scalar.isCatalogWhitespace || scalar == "\u{FEFF}" { advance() }
            guard try skipMarkup() else { return }
        }
    }

    struct Tag {
        var name: String
        var closing: Bool
        var empty: Bool
        var line: Int
        var column: Int
    }

    /// Reads `<name attrs>`, `</name>` or `<name/>` at the position.
    mutating func tag() throws(CatalogDiagnostic) -> Tag {
        let start = (line, column)
        guard current == "<" else {
            if let scalar = current { throw failure("expected an element, found \(quoted(String(scalar)))") }
            throw failure("the document ends where an element was expected (truncated?)")
        }
        advance()
        var closing = false
        if current == "/" {
            closing = true
            advance()
        }
        var builder = UTF8Builder()
        while let scalar = current, !scalar.isCatalogWhitespace, scalar != ">", scalar != "/" {
            builder.append(scalar)
            advance()
        }
        let name = builder.string
        guard !name.isEmpty else { throw failure("an empty tag", start) }
        var quote: Unicode.Scalar?
        var empty = false
        while let scalar = current {
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                advance()
                return Tag(name: name, closing: closing, empty: empty, line: start.0, column: start.1)
            } else if scalar == "<" {
                break
            } else {
                empty = scalar == "/"
                advance()
                continue
            }
            advance()
        }
        throw failure("the tag <\(name) is not closed with '>'", start)
    }

    /// Text up to the closing `</name>`, with entities, CDATA and comments.
    mutating func text(closing name: String, opened: (Int, Int)) throws(CatalogDiagnostic) -> String {
        var out = UTF8Builder()
        while true {
            guard let scalar = current else {
                throw failure("the document ends before <\(name)> (line \(opened.0), column \(opened.1)) is closed (truncated?)")
            }
            if scalar == "&" {
                out.append(try entity())
                continue
            }
            if scalar != "<" {
                out.append(scalar)
                advance()
                continue
            }
            if lookingAt("<![CDATA[") {
                let start = (line, column)
                skip(9)
                while index < scalars.count, !lookingAt("]]>") {
                    out.append(scalars[index])
                    advance()
                }
                guard index < scalars.count else { throw failure("an unterminated CDATA section", start) }
                skip(3)
                continue
            }
            if try skipMarkup() { continue }
            let end = try tag()
            guard end.closing, end.name == name else {
                throw failure(
                    "<\(end.closing ? "/" : "")\(end.name)> inside <\(name)> (line \(opened.0), column \(opened.1)); expected </\(name)>",
                    (end.line, end.column))
            }
            return out.string
        }
    }

    mutating func entity() throws(CatalogDiagnostic) -> Unicode.Scalar {
        let start = (line, column)
        advance()
        var name = ""
        while let scalar = current, scalar != ";", name.unicodeScalars.count < 12 {
            name.unicodeScalars.append(scalar)
            advance()
        }
        guard current == ";" else { throw failure("an entity without ';'", start) }
        advance()
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var digits = Substring(name)
            var radix = 10
            guard digits.hasPrefix("#") else { throw failure("an unknown entity &\(name);", start) }
            digits = digits.dropFirst()
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                radix = 16
                digits = digits.dropFirst()
            }
            guard let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value) else {
                throw failure("a bad character reference &\(name);", start)
            }
            return scalar
        }
    }

    mutating func document() throws(CatalogDiagnostic) -> PlistNode {
        try skipSpaceAndMarkup()
        let first = try tag()
        var root: PlistNode
        if first.name == "plist", !first.closing {
            if first.empty { throw failure("<plist/> holds no value", (first.line, first.column)) }
            try skipSpaceAndMarkup()
            root = try value(try tag(), depth: 1)
            try skipSpaceAndMarkup()
            let end = try tag()
            guard end.closing, end.name == "plist" else {
                throw failure("expected </plist>, found <\(end.closing ? "/" : "")\(end.name)>", (end.line, end.column))
            }
        } else {
            root = try value(first, depth: 1)
        }
        try skipSpaceAndMarkup()
        if current != nil { throw failure("unexpected text after the property list") }
        return root
    }

    mutating func value(_ open: Tag, depth: Int) throws(CatalogDiagnostic) -> PlistNode {
        let at = (open.line, open.column)
        guard !open.closing else { throw failure("</\(open.name)> closes nothing", at) }
        guard depth <= PropertyListReader.maximumDepth else {
            throw failure("elements are nested more than \(PropertyListReader.maximumDepth) deep", at)
        }
        func node(_ value: PlistNode.Value) -> PlistNode { PlistNode(value: value, line: open.line, column: open.column) }
        switch open.name {
        case "string":
            return node(.string(open.empty ? "" : try text(closing: "string", opened: at)))
        case "integer":
            let text = open.empty ? "" : try text(closing: "integer", opened: at).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let first = text.unicodeScalars.first, "+-0123456789".unicodeScalars.contains(first) else {
                throw failure("\(quoted(text)) is not an integer", at)
            }
            return node(.integer(text))
        case "real":
            return node(.real(open.empty ? "" : try text(closing: "real", opened: at).trimmingCharacters(in: .whitespacesAndNewlines)))
        case "date":
            return node(.date(open.empty ? "" : try text(closing: "date", opened: at)))
        case "data":
            if !open.empty { _ = try text(closing: "data", opened: at) }
            return node(.data)
        case "true", "false":
            if !open.empty { _ = try text(closing: open.name, opened: at) }
            return node(.bool(open.name == "true"))
        case "array":
            var items: [PlistNode] = []
            if open.empty { return node(.array(items)) }
            while true {
                try skipSpaceAndMarkup()
                let next = try tag()
                if next.closing {
                    guard next.name == "array" else { throw failure("</\(next.name)> does not match <array> at line \(open.line)", (next.line, next.column)) }
                    return node(.array(items))
                }
                items.append(try value(next, depth: depth + 1))
            }
        case "dict":
            var members: [PlistNode.Member] = []
            if open.empty { return node(.dictionary(members)) }
            while true {
                try skipSpaceAndMarkup()
                let next = try tag()
                if next.closing {
                    guard next.name == "dict" else { throw failure("</\(next.name)> does not match <dict> at line \(open.line)", (next.line, next.column)) }
                    return node(.dictionary(members))
                }
                guard next.name == "key" else {
                    throw failure("expected <key> in <dict> (line \(open.line)), found <\(next.name)>", (next.line, next.column))
                }
                let key = next.empty ? "" : try text(closing: "key", opened: (next.line, next.column))
                try skipSpaceAndMarkup()
                let valueTag = try tag()
                if valueTag.closing {
                    throw failure("the key \(quoted(key)) has no value", (next.line, next.column))
                }
                members.append(PlistNode.Member(key: key, line: next.line, column: next.column, node: try value(valueTag, depth: depth + 1)))
            }
        default:
            throw failure("unknown property list element <\(open.name)>", at)
        }
    }
}

/// Apple's binary property list format (`bplist00`), read with bounds checks on every offset,
/// a depth limit, cycle detection and a budget on the nodes that shared references expand to.
private struct BinaryPlistReader {
    let bytes: [UInt8]
    let file: String
    var offsetSize = 0
    var referenceSize = 0
    var objectCount = 0
    var offsetTable = 0
    var nodes = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    func failure(_ message: String) -> CatalogDiagnostic {
        CatalogDiagnostic(file: file, line: 0, column: 0, message: "a malformed binary property list: \(message)")
    }

    func integer(at offset: Int, size: Int) throws(CatalogDiagnostic) -> Int {
        guard size >= 1, size <= 8, offset >= 0, offset + size <= bytes.count else { throw failure("an offset outside the file") }
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        guard value <= UInt64(Int.max) else { throw failure("a number too large") }
        return Int(value)
    }

    mutating func read() throws(CatalogDiagnostic) -> PlistNode {
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist0".utf8)) else { throw failure("too short or not version 0") }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        objectCount = try integer(at: trailer + 8, size: 8)
        let top = try integer(at: trailer + 16, size: 8)
        offsetTable = try integer(at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), objectCount >= 1, objectCount < bytes.count,
            top < objectCount, offsetTable >= 8, offsetTable.multipliedReportingOverflow(by: 1).overflow == false,
            offsetTable + objectCount * offsetSize <= trailer
        else { throw failure("an inconsistent trailer") }
        var path: Set<Int> = []
        return try object(top, depth: 1, path: &path)
    }

    func offset(of object: Int) throws(CatalogDiagnostic) -> Int {
        guard object >= 0, object < objectCount else { throw failure("a reference to object \(object) of \(objectCount)") }
        let offset = try integer(at: offsetTable + object * offsetSize, size: offsetSize)
        guard offset >= 8, offset < offsetTable else { throw failure("object \(object) is outside the object area") }
        return offset
    }

    /// The count of a marker's low nibble (15: an integer object follows); returns (count, first byte after).
    func count(_ marker: UInt8, at offset: Int) throws(CatalogDiagnostic) -> (Int, Int) {
        let low = Int(marker & 0x0F)
        if low != 0x0F { return (low, offset + 1) }
        guard offset + 1 < bytes.count, bytes[offset + 1] & 0xF0 == 0x10 else { throw failure("a bad length") }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        return (try integer(at: offset + 2, size: size), offset + 2 + size)
    }

    mutating func object(_ reference: Int, depth: Int, path: inout Set<Int>) throws(CatalogDiagnostic) -> PlistNode {
        guard depth <= PropertyListReader.maximumDepth else { throw failure("objects are nested more than \(PropertyListReader.maximumDepth) deep") }
        nodes += 1
        guard nodes <= PropertyListReader.maximumNodes else { throw failure("more than \(PropertyListReader.maximumNodes) objects once expanded") }
        guard path.insert(reference).inserted else { throw failure("object \(reference) contains itself") }
        defer { path.remove(reference) }
        let start = try offset(of: reference)
        let marker = bytes[start]
        func node(_ value: PlistNode.Value) -> PlistNode { PlistNode(value: value, line: 0, column: 0) }
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return node(.bool(false))
            case 0x09: return node(.bool(true))
            default: return node(.unsupported("an unsupported \(marker == 0 ? "null" : "fill") object (byte \(start))"))
            }
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            guard size <= 16, start + 1 + size <= bytes.count else { throw failure("an integer outside the file") }
            if size == 16 { return node(.integer(String(try integer(at: start + 9, size: 8)))) }
            var value: UInt64 = 0
            for index in (start + 1)..<(start + 1 + size) { value = value << 8 | UInt64(bytes[index]) }
            return node(.integer(size == 8 ? String(Int64(bitPattern: value)) : String(value)))
        case 0x2:
            let size = 1 << Int(marker & 0x0F)
            guard size == 4 || size == 8, start + 1 + size <= bytes.count else { throw failure("a bad real") }
            var bits: UInt64 = 0
            for index in (start + 1)..<(start + 1 + size) { bits = bits << 8 | UInt64(bytes[index]) }
            let value = size == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
            return node(.real(String(value)))
        case 0x3:
            return node(.date(""))
        case 0x4:
            let (length, first) = try count(marker, at: start)
            guard first + length <= bytes.count else { throw failure("data outside the file") }
            return node(.data)
        case 0x5:
            let (length, first) = try count(marker, at: start)
            guard first + length <= bytes.count else { throw failure("a string outside the file") }
            var text = String.UnicodeScalarView()
            for byte in bytes[first..<(first + length)] { text.append(Unicode.Scalar(byte)) }
            return node(.string(String(text)))
        case 0x6:
            let (length, first) = try count(marker, at: start)
            guard length <= bytes.count / 2, first + length * 2 <= bytes.count else { throw failure("a string outside the file") }
            var units: [UInt16] = []
            units.reserveCapacity(length)
            for index in 0..<length { units.append(UInt16(bytes[first + 2 * index]) << 8 | UInt16(bytes[first + 2 * index + 1])) }
            var text = String.UnicodeScalarView()
            var iterator = units.makeIterator()
            var decoder = UTF16()
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): text.append(scalar)
                case .emptyInput: break decoding
                case .error: throw failure("a string with an unpaired surrogate")
                }
            }
            return node(.string(String(text)))
        case 0x8:
            // Keyed archives hold UIDs; a catalog never does. The offset table already bounds
            // where the object starts, so nothing past its marker needs reading.
            return node(.unsupported("a UID object (byte \(start); keyed archives are not catalogs)"))
        case 0xA, 0xC:
            let (length, first) = try count(marker, at: start)
            guard length <= objectCount, first + length * referenceSize <= bytes.count else { throw failure("an array outside the file") }
            var items: [PlistNode] = []
            for index in 0..<length {
                let child = try integer(at: first + index * referenceSize, size: referenceSize)
                items.append(try object(child, depth: depth + 1, path: &path))
            }
            return node(marker >> 4 == 0xA ? .array(items) : .set(items))
        case 0xD:
            let (length, first) = try count(marker, at: start)
            guard length <= objectCount, first + 2 * length * referenceSize <= bytes.count else { throw failure("a dictionary outside the file") }
            var members: [PlistNode.Member] = []
            for index in 0..<length {
                let keyReference = try integer(at: first + index * referenceSize, size: referenceSize)
                let valueReference = try integer(at: first + (length + index) * referenceSize, size: referenceSize)
                let key = try object(keyReference, depth: depth + 1, path: &path)
                guard case .string(let name) = key.value else { throw failure("a dictionary key that is \(key.typeName), not a string") }
                members.append(PlistNode.Member(key: name, line: 0, column: 0, node: try object(valueReference, depth: depth + 1, path: &path)))
            }
            return node(.dictionary(members))
        default:
            return node(.unsupported("an object of unknown type 0x\(String(marker, radix: 16)) (byte \(start))"))
        }
    }
}
