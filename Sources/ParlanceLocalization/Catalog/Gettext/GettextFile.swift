import Foundation
import Parlance

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A gettext catalog file read: a PO or POT text file, or a compiled MO file (either byte
/// order), as its messages, its header and what could not be used.
///
/// Reading never throws: an unreadable file is one diagnostic, and a malformed PO entry is a
/// located diagnostic (`file:line:column: expected …`) while the entries around it are kept.
/// Obsolete entries (`#~`) are skipped; fuzzy entries are kept with ``GettextMessage/isFuzzy``.
/// The header entry (empty `msgid`) is ``header``, not a message.
///
/// ```swift
/// let file = GettextFile(reading: "po/ru.po")
/// file.header["Plural-Forms"]   // "nplurals=3; plural=(…);"
/// file.messages.count           // the entries, header and obsolete ones left out
/// file.diagnostics              // [] for a well-formed file
/// ```
public struct GettextFile: Sendable {
    /// The file.
    public var file: String
    /// The messages in file order (not the header, not obsolete entries).
    public var messages: [GettextMessage]
    /// The header entry's fields (empty when the file has none).
    public var header: GettextHeader
    /// Whether the file has a header entry.
    public var hasHeader: Bool
    /// Where the header entry is written (line 1 when there is none).
    public var headerLocation: CatalogLocation
    /// Entries and parts that could not be used, located.
    public var diagnostics: [CatalogDiagnostic]

    /// The largest file read (PO or MO), in bytes.
    public static let maximumFileSize = 64 << 20

    /// A file from its parts.
    public init(file: String, messages: [GettextMessage], header: GettextHeader, hasHeader: Bool, diagnostics: [CatalogDiagnostic]) {
        self.file = file
        self.messages = messages
        self.header = header
        self.hasHeader = hasHeader
        self.headerLocation = CatalogLocation(file: file, line: 1, column: 1)
        self.diagnostics = diagnostics
    }

    /// Reads a `.po`, `.pot` or `.mo` file (an MO file is recognized by its magic number,
    /// whatever its name).
    public init(reading path: String) {
        guard let data = FileManager.default.contents(atPath: path) else {
            self.init(
                file: path, messages: [], header: GettextHeader(), hasHeader: false,
                diagnostics: [CatalogDiagnostic(file: path, line: 0, column: 0, message: "cannot read the file")])
            return
        }
        guard data.count <= Self.maximumFileSize else {
            self.init(
                file: path, messages: [], header: GettextHeader(), hasHeader: false,
                diagnostics: [
                    CatalogDiagnostic(file: path, line: 0, column: 0, message: "the file is larger than \(Self.maximumFileSize) bytes: not read")
                ])
            return
        }
        self.init(bytes: [UInt8](data), file: path)
    }

    /// Reads PO or MO bytes (MO when they start with the magic number in either byte order).
    /// Text in the charset the header's `Content-Type` names (ISO-8859-2, KOI8-R, EUC-JP, …,
    /// as older catalogs and many installed MO files are) is converted to Unicode with the
    /// system's iconv; a charset iconv does not know, or bytes invalid in it, is a diagnostic
    /// (the text is then read as UTF-8).
    public init(bytes: [UInt8], file: String) {
        let isMO = bytes.count >= 4 && MOReader.byteOrder(bytes) != nil
        func read(_ bytes: [UInt8], charset: String?) -> GettextFile {
            if isMO { return MOReader(bytes: bytes, file: file, charset: charset).read() }
            var reader = POReader(bytes: bytes, file: file)
            return reader.read()
        }
        self = read(bytes, charset: nil)
        guard let charset = GettextCharset.declared(by: header), !GettextCharset.isUTF8(charset) else { return }
        if isMO {
            let again = read(bytes, charset: charset)
            if again.diagnostics.count == diagnostics.count {
                self = again
                return
            }
        } else if let converted = GettextCharset.transcode(bytes, from: charset) {
            self = read(converted, charset: nil)
            return
        }
        diagnostics.append(
            CatalogDiagnostic(
                file: file, line: headerLocation.line, column: headerLocation.column,
                message: "the text is not valid \(charset) (the header's charset), or the system cannot convert it: read as UTF-8",
                code: "unsupported-charset"))
    }

    /// The parsed `Plural-Forms` header: nil when there is none; a failure when it does not parse.
    public var pluralForms: Result<GettextPluralForms, GettextPluralForms.Failure>? {
        guard let text = header["Plural-Forms"] else { return nil }
        return Result { () throws(GettextPluralForms.Failure) in try GettextPluralForms(header: text) }
    }
}

/// The PO/POT reader: one pass over the lines, linear in the file's size.
struct POReader {
    let bytes: [UInt8]
    let file: String

    private var messages: [GettextMessage] = []
    private var diagnostics: [CatalogDiagnostic] = []
    private var header = GettextHeader()
    private var hasHeader = false
    private var headerLocation: CatalogLocation?

    /// The entry being read.
    private struct Pending {
        var context: [UInt8]?
        var id: [UInt8]?
        var pluralID: [UInt8]?
        var strings: [Int: [UInt8]] = [:]
        var flags: [String] = []
        var isFuzzy = false
        var extracted: [String] = []
        var translator: [String] = []
        var references: [String] = []
        var location: CatalogLocation?
        var valueLocation: CatalogLocation?
        var broken = false
        /// Which string a continuation line (`"…"` alone) extends.
        var last: Field?
        var hasKeyword: Bool { context != nil || id != nil || !strings.isEmpty || pluralID != nil }
        var isEmpty: Bool { !hasKeyword && flags.isEmpty && !isFuzzy && extracted.isEmpty && translator.isEmpty && references.isEmpty }
    }

    private enum Field: Equatable {
        case context, id, pluralID, string(Int)
    }

    private var pending = Pending()

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// The 1-based column (in Unicode scalars) of byte `offset` of the line starting at `start`.
    private func column(_ start: Int, _ offset: Int) -> Int {
        var column = 1
        var index = start
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column
    }

    private mutating func fail(_ line: Int, _ start: Int, _ offset: Int, _ message: String) {
        diagnostics.append(
            CatalogDiagnostic(file: file, line: line, column: column(start, offset), message: message, code: "malformed-entry"))
        pending.broken = true
    }

    mutating func read() -> GettextFile {
        var lineNumber = 0
        var start = 0
        // A UTF-8 byte order mark is skipped.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            readLine(lineNumber, start, lineEnd)
            start = end + 1
        }
        finishEntry()
        var made = GettextFile(file: file, messages: messages, header: header, hasHeader: hasHeader, diagnostics: diagnostics)
        if let headerLocation { made.headerLocation = headerLocation }
        return made
    }

    private mutating func readLine(_ line: Int, _ start: Int, _ end: Int) {
        var index = start
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        guard index < end else {
            // A blank line ends an entry.
            finishEntry()
            return
        }
        let first = bytes[index]
        if first == UInt8(ascii: "#") {
            let second = index + 1 < end ? bytes[index + 1] : 0
            // Obsolete entries (`#~`) and previous strings (`#|`) are not part of the catalog.
            if second == UInt8(ascii: "~") || second == UInt8(ascii: "|") { return }
            // A comment after the keywords of an entry starts the next entry.
            if pending.hasKeyword { finishEntry() }
            let textStart = index + 2
            func text(_ from: Int) -> String {
                var from = min(from, end)
                if from < end, bytes[from] == 0x20 { from += 1 }
                return String(decoding: bytes[from..<end], as: UTF8.self)
            }
            switch second {
            case UInt8(ascii: ","):
                for flag in text(textStart).split(separator: ",") {
                    let trimmed = String(flag).trimmingASCIIWhitespace()
                    if trimmed == "fuzzy" { pending.isFuzzy = true } else if !trimmed.isEmpty { pending.flags.append(trimmed) }
                }
            case UInt8(ascii: "."): pending.extracted.append(text(textStart))
            case UInt8(ascii: ":"): pending.references.append(text(textStart))
            default:
                pending.translator.append(index + 1 < end ? text(index + 1) : "")
            }
            if pending.location == nil { pending.location = CatalogLocation(file: file, line: line, column: 1) }
            return
        }
        if first == UInt8(ascii: "\"") {
            guard let field = pending.last, !pending.broken else {
                if !pending.broken { fail(line, start, index, "a string continues no msgid, msgid_plural, msgctxt or msgstr") }
                return
            }
            guard let (piece, _) = readString(line, start, index, end) else { return }
            append(piece, to: field)
            return
        }
        // A keyword.
        var wordEnd = index
        while wordEnd < end, bytes[wordEnd] != 0x20, bytes[wordEnd] != 0x09, bytes[wordEnd] != UInt8(ascii: "\"") { wordEnd += 1 }
        let word = String(decoding: bytes[index..<wordEnd], as: UTF8.self)
        var field: Field
        switch word {
        case "msgctxt": field = .context
        case "msgid": field = .id
        case "msgid_plural": field = .pluralID
        case "msgstr": field = .string(0)
        default:
            if word.hasPrefix("msgstr["), word.hasSuffix("]"), let number = Int(word.dropFirst(7).dropLast()), (0..<100).contains(number) {
                field = .string(number)
            } else {
                if pending.hasKeyword, !pending.strings.isEmpty { finishEntry() }
                fail(
                    line, start, index,
                    "expected msgctxt, msgid, msgid_plural, msgstr, msgstr[n], a \"string\" or a # comment, not \(quoted(String(word.prefix(40))))")
                return
            }
        }
        // msgctxt or msgid after the strings of an entry start the next entry.
        switch field {
        case .context, .id:
            if pending.broken || !pending.strings.isEmpty || (field == .id && pending.id != nil) || (field == .context && pending.context != nil) {
                finishEntry()
            }
        default: break
        }
        // The entry is located at its first msgctxt or msgid.
        if pending.context == nil, pending.id == nil, field == .context || field == .id {
            pending.location = CatalogLocation(file: file, line: line, column: column(start, index))
        }
        guard !pending.broken else { return }
        switch field {
        case .pluralID where pending.id == nil:
            fail(line, start, index, "msgid_plural without a msgid before it")
            return
        case .string where pending.id == nil:
            fail(line, start, index, "msgstr without a msgid before it")
            return
        case .string(let number) where pending.strings[number] != nil:
            fail(line, start, index, "\(word) is given twice")
            return
        default: break
        }
        var stringStart = wordEnd
        while stringStart < end, bytes[stringStart] == 0x20 || bytes[stringStart] == 0x09 { stringStart += 1 }
        guard stringStart < end, bytes[stringStart] == UInt8(ascii: "\"") else {
            fail(line, start, stringStart, "expected a \"string\" after \(word)")
            return
        }
        guard let (piece, _) = readString(line, start, stringStart, end) else { return }
        if case .string = field, pending.valueLocation == nil {
            pending.valueLocation = CatalogLocation(file: file, line: line, column: column(start, stringStart) + 1)
        }
        switch field {
        case .context: pending.context = []
        case .id: pending.id = []
        case .pluralID: pending.pluralID = []
        case .string(let number): pending.strings[number] = []
        }
        pending.last = field
        append(piece, to: field)
    }

    private mutating func append(_ piece: [UInt8], to field: Field) {
        switch field {
        case .context: pending.context?.append(contentsOf: piece)
        case .id: pending.id?.append(contentsOf: piece)
        case .pluralID: pending.pluralID?.append(contentsOf: piece)
        case .string(let number): pending.strings[number]?.append(contentsOf: piece)
        }
    }

    /// A `"…"` string with C escapes, from the quote at `quote` to the end of the line (only
    /// spaces may follow it); nil (with a diagnostic) when it is malformed.
    private mutating func readString(_ line: Int, _ start: Int, _ quote: Int, _ end: Int) -> ([UInt8], Int)? {
        var out: [UInt8] = []
        var index = quote + 1
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                var rest = index + 1
                while rest < end, bytes[rest] == 0x20 || bytes[rest] == 0x09 { rest += 1 }
                guard rest == end else {
                    fail(line, start, rest, "unexpected text after the closing quote")
                    return nil
                }
                return (out, index + 1)
            }
            if byte != UInt8(ascii: "\\") {
                out.append(byte)
                index += 1
                continue
            }
            guard index + 1 < end else { break }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "?"): out.append(escape)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(escape - 48)
                var digits = 1
                while digits < 3, index < end, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                    value = value * 8 + Int(bytes[index] - 48)
                    index += 1
                    digits += 1
                }
                out.append(UInt8(truncatingIfNeeded: value))
            case UInt8(ascii: "x"):
                var value = 0
                var digits = 0
                while index < end, let digit = Self.hexValue(bytes[index]) {
                    value = (value * 16 + digit) & 0xFF
                    index += 1
                    digits += 1
                }
                guard digits > 0 else {
                    fail(line, start, index - 2, "\\x without hexadecimal digits")
                    return nil
                }
                out.append(UInt8(value))
            default:
                fail(line, start, index - 2, "unknown escape \\\(String(UnicodeScalar(escape)))")
                return nil
            }
        }
        fail(line, start, quote, "the string has no closing quote")
        return nil
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - 48)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - 87)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - 55)
        default: nil
        }
    }

    private mutating func finishEntry() {
        defer { pending = Pending() }
        guard !pending.isEmpty, !pending.broken else { return }
        let location = pending.location ?? CatalogLocation(file: file, line: 0, column: 0)
        guard let id = pending.id else {
            if pending.hasKeyword {
                diagnostics.append(
                    CatalogDiagnostic(file: file, line: location.line, column: location.column, message: "the entry has no msgid", code: "malformed-entry"))
            }
            return
        }
        guard !pending.strings.isEmpty else {
            diagnostics.append(
                CatalogDiagnostic(
                    file: file, line: location.line, column: location.column, message: "the entry has no msgstr",
                    key: String(decoding: id, as: UTF8.self), code: "malformed-entry"))
            return
        }
        let count = (pending.strings.keys.max() ?? 0) + 1
        if pending.pluralID != nil {
            guard pending.strings.count == count, pending.strings[0] != nil else {
                let missing = (0..<count).filter { pending.strings[$0] == nil }.map { "msgstr[\($0)]" }
                diagnostics.append(
                    CatalogDiagnostic(
                        file: file, line: location.line, column: location.column,
                        message: "expected \(missing.joined(separator: ", ")): a plural entry gives msgstr[0] … msgstr[n] without gaps",
                        key: String(decoding: id, as: UTF8.self), code: "malformed-entry"))
                return
            }
        } else if count != 1 || pending.strings[0] == nil {
            diagnostics.append(
                CatalogDiagnostic(
                    file: file, line: location.line, column: location.column,
                    message: "msgstr[n] needs a msgid_plural; an entry without one has a single msgstr",
                    key: String(decoding: id, as: UTF8.self), code: "malformed-entry"))
            return
        }
        let message = GettextMessage(
            context: pending.context.map { String(decoding: $0, as: UTF8.self) }, id: String(decoding: id, as: UTF8.self),
            pluralID: pending.pluralID.map { String(decoding: $0, as: UTF8.self) },
            strings: (0..<count).map { String(decoding: pending.strings[$0] ?? [], as: UTF8.self) }, flags: pending.flags,
            isFuzzy: pending.isFuzzy, extractedComments: pending.extracted, translatorComments: pending.translator,
            references: pending.references, location: location, valueLocation: pending.valueLocation)
        if message.isHeader {
            if hasHeader {
                diagnostics.append(
                    CatalogDiagnostic(
                        file: file, line: location.line, column: location.column, message: "a second header entry (empty msgid): ignored",
                        code: "duplicate-key"))
                return
            }
            hasHeader = true
            header = GettextHeader(text: message.strings[0])
            headerLocation = location
            return
        }
        messages.append(message)
    }
}

/// The charset a gettext header declares, and conversion to UTF-8 through iconv.
enum GettextCharset {
    /// The `charset=` of the header's `Content-Type`; nil when there is none, or for a
    /// template's placeholder `CHARSET`.
    static func declared(by header: GettextHeader) -> String? {
        guard let type = header["Content-Type"], let range = type.lowercased().range(of: "charset=") else { return nil }
        let charset = String(type.lowercased()[range.upperBound...]).trimmingASCIIWhitespace()
        return charset.isEmpty || charset == "charset" ? nil : charset
    }

    static func isUTF8(_ charset: String) -> Bool {
        ["utf-8", "utf8", "us-ascii", "ascii", "ansi_x3.4-1968"].contains(charset.lowercased())
    }

    /// The bytes converted from `charset` to UTF-8; nil when iconv does not know the charset
    /// or the bytes are not valid in it.
    static func transcode(_ bytes: [UInt8], from charset: String) -> [UInt8]? {
        guard let descriptor = iconv_open("UTF-8", charset), descriptor != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(descriptor) }
        var input = bytes.map { CChar(bitPattern: $0) }
        // UTF-8 takes at most 4 bytes for a character any charset writes in one byte or more.
        var output = [CChar](repeating: 0, count: bytes.count * 4 + 4)
        let capacity = output.count
        let used: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer = inBuffer.baseAddress
                var inLeft = inBuffer.count
                var outPointer = outBuffer.baseAddress
                var outLeft = outBuffer.count
                guard iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else { return nil }
                return capacity - outLeft
            }
        }
        guard let used else { return nil }
        return output[0..<used].map { UInt8(bitPattern: $0) }
    }
}

/// The MO reader: bounds-checked offsets, either byte order.
struct MOReader {
    let bytes: [UInt8]
    let file: String
    /// The charset to convert strings from (nil: UTF-8).
    var charset: String? = nil

    static let magic: UInt32 = 0x9504_12de

    /// true for big-endian, false for little-endian, nil when the bytes are not an MO file.
    static func byteOrder(_ bytes: [UInt8]) -> Bool? {
        guard bytes.count >= 4 else { return nil }
        let little = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        if little == magic { return false }
        let big = UInt32(bytes[3]) | UInt32(bytes[2]) << 8 | UInt32(bytes[1]) << 16 | UInt32(bytes[0]) << 24
        return big == magic ? true : nil
    }

    func read() -> GettextFile {
        var diagnostics: [CatalogDiagnostic] = []
        func failed(_ message: String) -> GettextFile {
            GettextFile(
                file: file, messages: [], header: GettextHeader(), hasHeader: false,
                diagnostics: [CatalogDiagnostic(file: file, line: 0, column: 0, message: message)])
        }
        guard let bigEndian = Self.byteOrder(bytes) else { return failed("not an MO file (no magic number 0x950412de)") }
        func word(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            let b = bytes[offset..<(offset + 4)].map(UInt32.init)
            let value = bigEndian ? (b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]) : (b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0])
            return Int(value)
        }
        guard let revision = word(4), let count = word(8), let originals = word(12), let translations = word(16) else {
            return failed("the MO header is truncated (28 bytes expected)")
        }
        guard revision >> 16 <= 1 else { return failed("MO major revision \(revision >> 16) is not known (0 or 1 expected)") }
        guard count <= bytes.count / 8, originals + count * 8 <= bytes.count, translations + count * 8 <= bytes.count else {
            return failed("the MO string tables (\(count) strings) lie outside the file")
        }
        func string(_ table: Int, _ index: Int) -> [UInt8]? {
            guard let length = word(table + index * 8), let offset = word(table + index * 8 + 4), offset + length <= bytes.count else { return nil }
            return Array(bytes[offset..<(offset + length)])
        }
        var messages: [GettextMessage] = []
        var header = GettextHeader()
        var hasHeader = false
        for index in 0..<count {
            guard var original = string(originals, index), var translation = string(translations, index) else {
                diagnostics.append(
                    CatalogDiagnostic(
                        file: file, line: 0, column: 0, message: "string \(index) of the MO tables lies outside the file: skipped",
                        code: "malformed-entry"))
                continue
            }
            if let charset {
                guard let convertedOriginal = GettextCharset.transcode(original, from: charset),
                    let convertedTranslation = GettextCharset.transcode(translation, from: charset)
                else {
                    diagnostics.append(
                        CatalogDiagnostic(
                            file: file, line: 0, column: 0, message: "string \(index) is not valid \(charset): skipped", code: "malformed-entry"))
                    continue
                }
                original = convertedOriginal
                translation = convertedTranslation
            }
            var context: String?
            var idBytes = original[...]
            if let separator = original.firstIndex(of: 0x04) {
                context = String(decoding: original[..<separator], as: UTF8.self)
                idBytes = original[(separator + 1)...]
            }
            let parts = idBytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
            let id = String(decoding: parts[0], as: UTF8.self)
            let pluralID = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : nil
            let strings =
                pluralID == nil
                ? [String(decoding: translation, as: UTF8.self)]
                : translation.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            let location = CatalogLocation(file: file, line: 0, column: 0)
            let message = GettextMessage(context: context, id: id, pluralID: pluralID, strings: strings, location: location)
            if message.isHeader {
                header = GettextHeader(text: message.strings[0])
                hasHeader = true
            } else {
                messages.append(message)
            }
        }
        return GettextFile(file: file, messages: messages, header: header, hasHeader: hasHeader, diagnostics: diagnostics)
    }
}
