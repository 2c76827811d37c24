import Parlance

#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `.strings` file: Apple's old-style property list text of `"key" = "value";` pairs.
///
/// The reader accepts what Xcode and `genstrings` write: UTF-16 with a byte order mark (little
/// or big endian), UTF-8 with or without one, `/* */` and `//` comments, unquoted keys and
/// values (`ok = OK;`), the escapes `\n \t \r \" \' \\ \a \b \f \v`, `\U` with up to four hex
/// digits (UTF-16 units, surrogate pairs combined) and octal `\ooo`, and the short form
/// `"key";` (value = key). As in CoreFoundation, any other escaped character stands for itself
/// (`\’` is `’`, `\u` is `u`).
/// A duplicate key keeps its last value and is reported in ``diagnostics``.
///
/// ```swift
/// let file = try StringsFile(contentsOf: "Resources/fr.lproj/Localizable.strings")
/// file.entries["total_odds"]   // "Cotes Totales"
/// let inline = try StringsFile(text: #""caf\U00e9" = "Caf\U00e9\n";"#, file: "inline")
/// inline.entries["café"]       // "Café\n"
/// ```
public struct StringsFile: Sendable {
    /// The file name used in diagnostics.
    public let file: String
    /// The values by key (for a duplicate key, the last one).
    public var entries: [String: String] {
        Dictionary(records.map { record in (record.key, record.content.texts.first?.text.text ?? "") }, uniquingKeysWith: { _, last in last })
    }
    /// The keys in file order, each once (first occurrence).
    public var keys: [String] { records.map(\.key) }
    /// The 1-based line where each key is (last) defined.
    public var lines: [String: Int] {
        Dictionary(records.map { ($0.key, $0.location.line) }, uniquingKeysWith: { _, last in last })
    }
    /// Warnings such as duplicate keys.
    public let diagnostics: [CatalogDiagnostic]
    /// The located entries (for a duplicate key, the last one), in file order of first definition.
    package let records: [EntryRecord]

    /// Reads a `.strings` file from disk.
    ///
    /// ```swift
    /// let file = try StringsFile(contentsOf: "/app/ru.lproj/Localizable.strings")
    /// ```
    /// - Throws: `ParlanceError/Code/invalidFile` naming the file, line and column.
    public init(contentsOf path: String) throws {
        do { try self.init(reading: path) } catch { throw error.error }
    }

    package init(reading path: String) throws(CatalogDiagnostic) {
        try self.init(parsing: CatalogFileSystem.read(path), file: path)
    }

    /// The translator comments of a file, by key: the `/* */` or `//` comment written just
    /// before each entry (not one on the line where the previous entry ends), trimmed. Catalogs
    /// do not keep `.strings` comments (they would cost memory on every entry of every
    /// language); tools such as the key generator read them here. Empty when the file cannot
    /// be read (the catalog reports that).
    package static func comments(ofFile path: String) -> [String: String] {
        guard let bytes = try? CatalogFileSystem.read(path), let scalars = try? TextDecoding.decode(bytes, file: path),
            let file = try? StringsFile(scalars: scalars, file: path, capturesComments: true)
        else { return [:] }
        var out: [String: String] = [:]
        for record in file.records { out[record.key] = record.comment }
        return out
    }

    /// Reads `.strings` bytes (the encoding is detected from the byte order mark).
    ///
    /// ```swift
    /// let file = try StringsFile(bytes: Array(#""a" = "b";"#.utf8), file: "a.strings")
    /// ```
    /// - Throws: `ParlanceError/Code/invalidFile` naming `file`, line and column.
    public init(bytes: [UInt8], file: String) throws {
        do { try self.init(parsing: bytes, file: file) } catch { throw error.error }
    }

    package init(parsing bytes: [UInt8], file: String) throws(CatalogDiagnostic) {
        let scalars = try TextDecoding.decode(bytes, file: file)
        try self.init(scalars: scalars, file: file)
    }

    /// Reads `.strings` text.
    ///
    /// ```swift
    /// let file = try StringsFile(text: "ok = OK;", file: "inline")
    /// ```
    /// - Throws: `ParlanceError/Code/invalidFile` naming `file`, line and column.
    public init(text: String, file: String) throws {
        do { try self.init(scalars: Array(text.unicodeScalars), file: file) } catch { throw error.error }
    }

    private init(scalars: [Unicode.Scalar], file: String, capturesComments: Bool = false) throws(CatalogDiagnostic) {
        var parser = StringsParser(scalars: scalars, file: file)
        parser.capturesComments = capturesComments
        try parser.parse()
        self.file = file
        self.diagnostics = parser.diagnostics
        self.records = parser.records
    }
}

/// Byte-level decoding of catalog text files with located errors.
enum TextDecoding {
    static func decode(_ bytes: [UInt8], file: String) throws(CatalogDiagnostic) -> [Unicode.Scalar] {
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
            return try utf16(bytes, from: 2, littleEndian: true, file: file)
        }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            return try utf16(bytes, from: 2, littleEndian: false, file: file)
        }
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        // UTF-16 without a byte order mark: ASCII text has a zero in every other byte.
        if start == 0, bytes.count >= 2, bytes.count % 2 == 0, !bytes.isEmpty {
            if bytes[0] != 0, bytes[1] == 0 { return try utf16(bytes, from: 0, littleEndian: true, file: file) }
            if bytes[0] == 0, bytes[1] != 0 { return try utf16(bytes, from: 0, littleEndian: false, file: file) }
        }
        var iterator = bytes[start...].makeIterator()
        return try scalars(
            decoding: &iterator, as: UTF8.self, capacity: bytes.count - start, file: file,
            invalid: "invalid UTF-8 (and no UTF-16 byte order mark)")
    }

    /// When ``decode(_:file:)`` would read the bytes as UTF-8: checks them (throwing its
    /// located error for invalid UTF-8) and gives the offset of the text after a UTF-8 byte
    /// order mark, without making the array of scalars; nil when the text is UTF-16.
    static func validatedUTF8(_ bytes: [UInt8], file: String) throws(CatalogDiagnostic) -> Int? {
        try bytes.withUnsafeBufferPointer { (buffer) throws(CatalogDiagnostic) in try validatedUTF8(buffer, file: file) }
    }

    /// ``validatedUTF8(_:file:)-([UInt8],_)`` over bytes the caller owns.
    static func validatedUTF8(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(CatalogDiagnostic) -> Int? {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) { return nil }
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        if start == 0, bytes.count >= 2, bytes.count % 2 == 0, (bytes[0] != 0) != (bytes[1] != 0) { return nil }
        // Valid text (nearly every file) is checked eight ASCII bytes at a time; only a file
        // the quick check refuses is decoded scalar by scalar, for the error's line and column.
        if isValidUTF8(bytes, from: start) { return start }
        var iterator = bytes[start...].makeIterator()
        var decoder = UTF8()
        var line = 1
        var column = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return start
            case .error:
                throw CatalogDiagnostic(file: file, line: line, column: column, message: "invalid UTF-8 (and no UTF-16 byte order mark)")
            }
        }
    }

    /// Whether `bytes[start...]` is well-formed UTF-8 as Unicode defines it (the sequences
    /// Swift's `UTF8` decoder accepts: no overlong forms, surrogates or scalars past U+10FFFF).
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = start
        while index < count {
            while index + 8 <= count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
            }
            guard index < count else { break }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            /// The byte `offset` after the lead, if it is in `low`…`high`.
            func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
                index + offset < count && base[index + offset] >= low && base[index + offset] <= high
            }
            switch lead {
            case 0xC2...0xDF:
                guard continuation(1) else { return false }
                index += 2
            case 0xE0:
                guard continuation(1, 0xA0), continuation(2) else { return false }
                index += 3
            case 0xE1...0xEC, 0xEE...0xEF:
                guard continuation(1), continuation(2) else { return false }
                index += 3
            case 0xED:
                guard continuation(1, 0x80, 0x9F), continuation(2) else { return false }
                index += 3
            case 0xF0:
                guard continuation(1, 0x90), continuation(2), continuation(3) else { return false }
                index += 4
            case 0xF1...0xF3:
                guard continuation(1), continuation(2), continuation(3) else { return false }
                index += 4
            case 0xF4:
                guard continuation(1, 0x80, 0x8F), continuation(2), continuation(3) else { return false }
                index += 4
            default:
                return false
            }
        }
        return true
    }

    private static func utf16(_ bytes: [UInt8], from start: Int, littleEndian: Bool, file: String) throws(CatalogDiagnostic) -> [Unicode.Scalar] {
        // The code units are read from the bytes as they are decoded (no array of units); an odd
        // final byte is left out of them and reported where the text it cuts off would begin.
        let units = (bytes.count - start) / 2
        var iterator = UTF16Units(bytes: bytes, index: start, end: start + 2 * units, littleEndian: littleEndian)
        let decoded = try scalars(decoding: &iterator, as: UTF16.self, capacity: units, file: file, invalid: "an unpaired UTF-16 surrogate")
        guard (bytes.count - start) % 2 == 0 else {
            var line = 1
            var column = 1
            for scalar in decoded {
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            throw CatalogDiagnostic(
                file: file, line: line, column: column,
                message: "the UTF-16 text ends in half a code unit (an odd number of bytes, \(bytes.count)); expected two bytes per unit")
        }
        return decoded
    }

    /// The UTF-16 code units of a byte array, in either byte order.
    private struct UTF16Units: IteratorProtocol {
        let bytes: [UInt8]
        var index: Int
        /// Where the units end: the last byte of a text with an odd count is not one.
        let end: Int
        let littleEndian: Bool

        mutating func next() -> UInt16? {
            guard index + 1 < end else { return nil }
            defer { index += 2 }
            return littleEndian
                ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
                : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
        }
    }

    /// Decodes code units to scalars, tracking line and column so a decoding error is located.
    private static func scalars<Codec: UnicodeCodec, Units: IteratorProtocol>(
        decoding iterator: inout Units, as codec: Codec.Type, capacity: Int, file: String, invalid: String
    ) throws(CatalogDiagnostic) -> [Unicode.Scalar] where Units.Element == Codec.CodeUnit {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(capacity)
        var decoder = Codec()
        var line = 1
        var column = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return scalars
            case .error:
                throw CatalogDiagnostic(file: file, line: line, column: column, message: invalid)
            }
        }
    }
}

/// Reading files for the catalog readers, with errors that name the file.
enum CatalogFileSystem {
    /// The bytes of the file at `path`, read with `read(2)` to its end (the size `fstat` gives
    /// is only a hint: a file can grow while it is read, and files such as pipes report none).
    /// Foundation's `Data(contentsOf:)` is not used: it keeps a buffer alive for an empty file.
    static func read(_ path: String) throws(CatalogDiagnostic) -> [UInt8] {
        let (descriptor, size) = try open(path)
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path, "read")
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// Opens `path` for reading: its descriptor (the caller closes it) and its size (0 for
    /// anything but a regular file).
    static func open(_ path: String) throws(CatalogDiagnostic) -> (descriptor: Int32, size: Int) {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path, "open") }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = unreadable(path, "fstat")
            close(descriptor)
            throw error
        }
        return (descriptor, (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0)
    }

    /// The diagnostic of a file that cannot be read: the failed call and `errno`'s text.
    static func unreadable(_ path: String, _ call: String) -> CatalogDiagnostic {
        CatalogDiagnostic(file: path, line: 0, column: 0, message: "cannot be read (\(call): \(String(cString: strerror(errno))))")
    }

    /// The names in a catalog directory, sorted.
    static func contents(ofDirectory directory: String) throws(ParlanceError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw ParlanceError(.invalidFile, "\(directory): cannot list the catalog directory (\(error.localizedDescription))")
        }
    }
}

/// The `.strings` grammar over Unicode scalars, tracking line and column.
/// What the catalog text scanners share: a position in decoded text that knows its line and
/// column (1-based), so every error can say where it is.
/// (`package`: ParlanceKeyGen's Swift source scanner counts the same way.)
package protocol LocatedScanner {
    var scalars: [Unicode.Scalar] { get }
    var index: Int { get set }
    var line: Int { get set }
    var column: Int { get set }
}

extension LocatedScanner {
    /// The scalar at the position, nil at the end.
    package var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    /// Moves past the current scalar, counting lines.
    package mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }
}

private struct StringsParser: LocatedScanner {
    let scalars: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1
    var column = 1
    /// Entries in file order of first definition (a duplicate replaces the value in place).
    var records: [EntryRecord] = []
    /// Index of each key in `records`.
    var keyIndex: [String: Int] = [:]
    var diagnostics: [CatalogDiagnostic] = []
    /// The text range of the last comment seen since the previous entry (the next entry's
    /// translator comment), not counting one on the line where the previous entry ends.
    var pendingComment: Range<Int>?
    var previousEntryLine = 0
    /// Whether entries keep their comment (``StringsFile/comments(ofFile:)`` only).
    var capturesComments = false

    init(scalars: [Unicode.Scalar], file: String) {
        self.scalars = scalars
        self.file = file
    }

    func failure(_ message: String, line: Int? = nil, column: Int? = nil) -> CatalogDiagnostic {
        CatalogDiagnostic(file: file, line: line ?? self.line, column: column ?? self.column, message: message)
    }

    mutating func skipTrivia() throws(CatalogDiagnostic) {
        while let scalar = current {
            if scalar.isCatalogWhitespace || scalar == "\u{FEFF}" {
                advance()
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                let startLine = line
                let start = index + 2
                while let next = current, next != "\n" { advance() }
                if startLine != previousEntryLine { pendingComment = start..<index }
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                let (startLine, startColumn) = (line, column)
                advance()
                advance()
                let start = index
                var closed = false
                while let next = current {
                    if next == "*", index + 1 < scalars.count, scalars[index + 1] == "/" {
                        if startLine != previousEntryLine { pendingComment = start..<index }
                        advance()
                        advance()
                        closed = true
                        break
                    }
                    advance()
                }
                if !closed { throw failure("an unterminated /* comment", line: startLine, column: startColumn) }
            } else {
                return
            }
        }
    }

    static func isUnquotedCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "$", ":", ".", "/", "-": true
        default: false
        }
    }

    mutating func parse() throws(CatalogDiagnostic) {
        try skipTrivia()
        // A file may also be written as one braced dictionary: { "a" = "b"; }
        var braced = false
        if current == "{" {
            braced = true
            advance()
        }
        while true {
            try skipTrivia()
            guard let scalar = current else {
                if braced { throw failure("expected '}' to close the dictionary") }
                return
            }
            if braced, scalar == "}" {
                advance()
                try skipTrivia()
                if current != nil { throw failure("unexpected text after the closing '}'") }
                return
            }
            let keyLine = line
            let keyColumn = column
            let key = try readString(what: "a key")
            try skipTrivia()
            var value = key
            var valueAt = CatalogLocation(file: file, line: keyLine, column: keyColumn)
            if current == "=" {
                advance()
                try skipTrivia()
                guard current != nil else { throw failure("expected a value after '=' but the file ends") }
                valueAt = CatalogLocation(file: file, line: line, column: column)
                value = try readString(what: "a value")
                try skipTrivia()
            }
            guard current == ";" else {
                if current == nil { throw failure("expected ';' after the entry for \(quoted(key)) but the file ends") }
                throw failure("expected ';' after the entry for \(quoted(key)), found \(quoted(String(current!)))")
            }
            advance()
            var comment: String?
            if capturesComments, let range = pendingComment {
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars[range])
                var trimmed = text.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }
                    .filter { !$0.isEmpty }.joined(separator: "\n")
                while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
                comment = trimmed.isEmpty ? nil : trimmed
            }
            pendingComment = nil
            previousEntryLine = line
            let record = EntryRecord(
                key: key, location: CatalogLocation(file: file, line: keyLine, column: keyColumn),
                content: .text(LocatedText(text: value, location: valueAt)), comment: comment)
            if let existing = keyIndex[key] {
                diagnostics.append(
                    CatalogDiagnostic(
                        file: file, line: keyLine, column: keyColumn,
                        message: "duplicate key \(quoted(key)) (first at line \(records[existing].location.line)); the last value wins", key: key,
                        code: "duplicate-key"))
                records[existing] = record
            } else {
                keyIndex[key] = records.count
                records.append(record)
            }
        }
    }

    mutating func readString(what: String) throws(CatalogDiagnostic) -> String {
        guard let first = current else { throw failure("expected \(what) but the file ends") }
        if first != "\"" {
            guard Self.isUnquotedCharacter(first) else {
                throw failure("expected \(what) (a quoted string or unquoted word), found \(quoted(String(first)))")
            }
            var word = UTF8Builder()
            while let scalar = current, Self.isUnquotedCharacter(scalar) {
                word.append(scalar)
                advance()
            }
            return word.string
        }
        let (startLine, startColumn) = (line, column)
        advance()
        var out = UTF8Builder()
        var pendingHighSurrogate: (UInt32, Int, Int)?
        while true {
            guard let scalar = current else {
                throw failure("an unterminated string (opened here)", line: startLine, column: startColumn)
            }
            if scalar == "\"" {
                advance()
                break
            }
            if scalar != "\\" {
                if let pending = pendingHighSurrogate {
                    throw failure("an unpaired surrogate \\U\(String(pending.0, radix: 16))", line: pending.1, column: pending.2)
                }
                out.append(scalar)
                advance()
                continue
            }
            let (escapeLine, escapeColumn) = (line, column)
            advance()
            guard let escaped = current else {
                throw failure("an unterminated string (opened here)", line: startLine, column: startColumn)
            }
            advance()
            var unit: UInt32?
            switch escaped {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "\"": out.append("\"")
            case "'": out.append("'")
            case "\\": out.append("\\")
            case "a": out.append("\u{07}")
            case "b": out.append("\u{08}")
            case "f": out.append("\u{0C}")
            case "v": out.append("\u{0B}")
            case "\n": out.append("\n")
            case "U":
                // As CoreFoundation: up to four hex digits (fewer is fine), UTF-16 units.
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, let hex = current, let digit = hex.properties.isASCIIHexDigit ? UInt32(String(hex), radix: 16) : nil {
                    value = value * 16 + digit
                    digits += 1
                    advance()
                }
                unit = value
            case "0"..."7":
                var value = escaped.value - 0x30
                var digits = 1
                while digits < 3, let octal = current, ("0"..."7").contains(octal) {
                    value = value * 8 + (octal.value - 0x30)
                    digits += 1
                    advance()
                }
                unit = value
            default:
                // An unknown escape keeps the character (`\’` → `’`, `\u` → `u`), as CoreFoundation does.
                out.append(escaped)
            }
            if let pending = pendingHighSurrogate, unit == nil || !(0xDC00...0xDFFF).contains(unit!) {
                throw failure("an unpaired surrogate \\U\(String(pending.0, radix: 16))", line: pending.1, column: pending.2)
            }
            guard let unit else { continue }
            if (0xD800...0xDBFF).contains(unit) {
                pendingHighSurrogate = (unit, escapeLine, escapeColumn)
            } else if (0xDC00...0xDFFF).contains(unit) {
                guard let pending = pendingHighSurrogate else {
                    throw failure("an unpaired surrogate \\U\(String(unit, radix: 16))", line: escapeLine, column: escapeColumn)
                }
                let combined = 0x10000 + ((pending.0 - 0xD800) << 10) + (unit - 0xDC00)
                out.append(Unicode.Scalar(combined)!)
                pendingHighSurrogate = nil
            } else if let scalarValue = Unicode.Scalar(unit) {
                out.append(scalarValue)
            }
        }
        if let pending = pendingHighSurrogate {
            throw failure("an unpaired surrogate \\U\(String(pending.0, radix: 16))", line: pending.1, column: pending.2)
        }
        return out.string
    }
}

extension Unicode.Scalar {
    /// `properties.isWhitespace` with an ASCII fast path (the Unicode property lookup is the
    /// slowest step of reading a large catalog otherwise).
    var isCatalogWhitespace: Bool {
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        return properties.isWhitespace
    }
}

/// Builds a string from scalars through a UTF-8 buffer (one allocation, one validation),
/// much faster than appending scalars to a `String.UnicodeScalarView` one by one.
struct UTF8Builder {
    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(32) }

    var isEmpty: Bool { bytes.isEmpty }

    mutating func append(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        if value < 0x80 {
            bytes.append(UInt8(value))
        } else {
            UTF8.encode(scalar) { bytes.append($0) }
        }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
