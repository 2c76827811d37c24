import Foundation
import Parlance

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An Android resource file (`res/values*/strings.xml`) read into catalog records.
///
/// - `<string name>`: a text; `translatable="false"` is kept (``CatalogEntry/isTranslatable``).
/// - `<plurals name>` with `<item quantity>`: a whole-string plural (the quantities are CLDR
///   keywords, as Android's are).
/// - `<string-array name>`: one text per item, keys `name[0]`, `name[1]`, …
///
/// Values are decoded as Android's resource compiler decodes them: the escapes `\'`, `\"`,
/// `\\`, `\n`, `\t`, `\@`, `\?` and `\uXXXX`; text between unescaped double quotes keeps its
/// whitespace, other runs of whitespace are one space and the ends are trimmed; `<xliff:g>`
/// keeps its content and drops the tag; CDATA is text. Android's `%1$s`/`%d` formats are
/// printf, as the model's are.
///
/// The XML is parsed by Foundation's `XMLParser` (libxml2) with external entities off. A
/// malformed resource is a located diagnostic and skipped; an XML error keeps the resources
/// read before it.
package struct AndroidStringsFile: Sendable {
    /// The records, in file order.
    package var records: [EntryRecord] = []
    /// What could not be used, located.
    package var diagnostics: [CatalogDiagnostic] = []
    /// Whether the file holds any string resource (`<string>`, `<plurals>`, `<string-array>`).
    package var hasStrings: Bool { !records.isEmpty }

    /// The largest file read (resource files are small; this bounds a hostile one).
    static let maximumFileSize = 64 << 20

    /// Reads a file.
    ///
    /// - Throws: the file's diagnostic when it cannot be read at all.
    package init(reading path: String) throws(CatalogDiagnostic) {
        let bytes = try CatalogFileSystem.read(path)
        guard bytes.count <= Self.maximumFileSize else {
            throw CatalogDiagnostic(file: path, line: 0, column: 0, message: "the file is larger than \(Self.maximumFileSize) bytes: not read")
        }
        self.init(bytes: bytes, file: path)
    }

    /// Reads the bytes of a file named `file`.
    package init(bytes: [UInt8], file: String) {
        let data = Data(bytes)
        if let refusal = XMLDocumentType.refusal(data, file: file, format: "Android resources", code: "unreadable-file") {
            records = []
            diagnostics = [refusal]
            return
        }
        let reader = AndroidXMLReader(file: file)
        let parser = XMLDocumentType.parser(data)
        parser.delegate = reader
        reader.parser = parser
        if !parser.parse() || reader.errorLine != nil {
            let error = parser.parserError
            let message = error.map { "malformed XML: \(Self.describe($0))" } ?? "malformed XML"
            let line = reader.errorLine ?? parser.lineNumber
            let column = reader.errorColumn ?? parser.columnNumber
            reader.diagnostics.append(
                CatalogDiagnostic(
                    file: file, line: line, column: column, message: message + "; the resources after it are not read", code: "unreadable-file"))
        }
        reader.parser = nil
        records = reader.records
        diagnostics = reader.diagnostics
    }

    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let reason = nsError.userInfo[NSLocalizedDescriptionKey] as? String, !reason.isEmpty { return reason }
        return "XML parser error \(nsError.code)"
    }

    // MARK: Values

    /// A resource's text decoded as Android's resource compiler decodes it. Returns the text and
    /// the problems found (an unescaped apostrophe, a bad `\u` escape).
    package static func decode(_ raw: String) -> (text: String, problems: [String]) {
        var out = String.UnicodeScalarView()
        var problems: [String] = []
        let scalars = Array(raw.unicodeScalars)
        var index = 0
        var quoted = false
        // Unquoted whitespace pending: written as one space before the next character, dropped at
        // the start and at the end.
        var pendingSpace = false
        var wroteAny = false
        func emit(_ scalar: Unicode.Scalar) {
            if pendingSpace && wroteAny { out.append(" ") }
            pendingSpace = false
            out.append(scalar)
            wroteAny = true
        }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\\":
                guard index < scalars.count else {
                    problems.append("a trailing backslash")
                    continue
                }
                let next = scalars[index]
                index += 1
                switch next {
                case "n": emit("\n")
                case "t": emit("\t")
                case "u":
                    var value: UInt32 = 0
                    var digits = 0
                    while digits < 4, index < scalars.count, let digit = hexValue(scalars[index]) {
                        value = value * 16 + digit
                        index += 1
                        digits += 1
                    }
                    if digits == 4, let decoded = Unicode.Scalar(value) {
                        emit(decoded)
                    } else {
                        problems.append("\\u needs four hexadecimal digits")
                    }
                default: emit(next)
                }
            case "\"":
                quoted.toggle()
                if quoted, pendingSpace, wroteAny {
                    out.append(" ")
                    pendingSpace = false
                }
            case " ", "\t", "\n", "\r":
                if quoted {
                    out.append(scalar)
                    wroteAny = true
                } else {
                    pendingSpace = true
                }
            case "'":
                let problem = "an apostrophe not preceded by \\ (Android's compiler rejects it; write \\')"
                if !quoted, problems.last != problem { problems.append(problem) }
                emit(scalar)
            default:
                emit(scalar)
            }
        }
        if quoted { problems.append("an unterminated double quote") }
        return (String(out), problems)
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: scalar.value - 0x30
        case 0x41...0x46: scalar.value - 0x41 + 10
        case 0x61...0x66: scalar.value - 0x61 + 10
        default: nil
        }
    }

    /// A text escaped for an Android resource: what the compiler would change (`\`, `'`, `"`,
    /// newlines, tabs, a leading `@` or `?`, whitespace at the ends or doubled) is escaped, and
    /// `&`, `<` and `>` are XML entities.
    package static func encode(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let scalars = Array(text.unicodeScalars)
        // Whitespace Android would collapse or trim is kept by quoting the whole value.
        var needsQuotes = false
        for (offset, scalar) in scalars.enumerated() where scalar == " " {
            if offset == 0 || offset == scalars.count - 1 || scalars[offset - 1] == " " { needsQuotes = true }
        }
        for (offset, scalar) in scalars.enumerated() {
            switch scalar {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "@" where offset == 0: out += "\\@"
            case "?" where offset == 0: out += "\\?"
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    out += String(format: "\\u%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return needsQuotes ? "\"" + out + "\"" : out
    }
}

/// The SAX delegate of ``AndroidStringsFile``: builds records as elements close.
private final class AndroidXMLReader: NSObject, XMLParserDelegate {
    let file: String
    weak var parser: XMLParser?
    var records: [EntryRecord] = []
    var diagnostics: [CatalogDiagnostic] = []
    var errorLine: Int?
    var errorColumn: Int?

    /// The resource being read.
    private enum Resource {
        case string(name: String, translatable: Bool, location: CatalogLocation)
        case plurals(name: String, translatable: Bool, location: CatalogLocation, items: [PluralVariant])
        case array(name: String, translatable: Bool, location: CatalogLocation, items: [LocatedText])
    }

    private var resource: Resource?
    /// The raw text of the current `<string>` or `<item>`, and where it starts.
    private var text: String?
    private var textLocation = CatalogLocation(file: "", line: 0, column: 0)
    private var itemQuantity: String?
    /// Element names open inside the current value (markup: `xliff:g`, `b`, …).
    private var markupDepth = 0
    private var depth = 0
    private var sawResources = false
    /// Comments just before a resource become its comment.
    private var pendingComment: String?

    init(file: String) { self.file = file }

    private var here: CatalogLocation {
        CatalogLocation(file: file, line: parser?.lineNumber ?? 0, column: parser?.columnNumber ?? 0)
    }

    private func diagnose(_ message: String, at location: CatalogLocation? = nil, key: String? = nil, code: String = "malformed-entry") {
        let at = location ?? here
        diagnostics.append(CatalogDiagnostic(file: file, line: at.line, column: at.column, message: message, key: key, code: code))
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        // Bounded nesting: a value holds markup a few levels deep at most.
        if depth > 64 {
            diagnose("elements nested more than 64 deep", code: "unreadable-file")
            parser.abortParsing()
            return
        }
        if depth == 1 {
            if elementName != "resources" { diagnose("the root element is <\(elementName)>, not <resources>", code: "unreadable-file") }
            sawResources = true
            return
        }
        if text != nil {
            // Markup inside a value: its text is kept, the tag is not.
            markupDepth += 1
            if !elementName.hasPrefix("xliff:") {
                diagnose("the <\(elementName)> styling tag is not kept (its text is)", code: "android-markup")
            }
            return
        }
        let translatable = attributes["translatable"].map { $0.lowercased() != "false" } ?? true
        switch (depth, elementName, resource) {
        case (2, "string", _):
            guard let name = attributes["name"], !name.isEmpty else {
                diagnose("a <string> without a name: skipped")
                return
            }
            resource = .string(name: name, translatable: translatable, location: here)
            startText()
        case (2, "plurals", _):
            guard let name = attributes["name"], !name.isEmpty else {
                diagnose("a <plurals> without a name: skipped")
                return
            }
            resource = .plurals(name: name, translatable: translatable, location: here, items: [])
        case (2, "string-array", _):
            guard let name = attributes["name"], !name.isEmpty else {
                diagnose("a <string-array> without a name: skipped")
                return
            }
            resource = .array(name: name, translatable: translatable, location: here, items: [])
        case (3, "item", .plurals(let name, _, _, _)?):
            guard let quantity = attributes["quantity"] else {
                diagnose("an <item> of <plurals name=\"\(name)\"> without a quantity: skipped", key: name)
                return
            }
            itemQuantity = quantity
            startText()
        case (3, "item", .array?):
            startText()
        default:
            break
        }
    }

    private func startText() {
        text = ""
        textLocation = here
        markupDepth = 0
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text?.append(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        text?.append(String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        guard depth == 1 else { return }
        let trimmed = comment.trimmingCharacters(in: .whitespacesAndNewlines)
        pendingComment = trimmed.isEmpty ? nil : trimmed
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        defer { depth -= 1 }
        // After an XML error the parser may recover, closing elements where it guesses: what
        // follows the error is not read.
        guard errorLine == nil else { return }
        if text != nil, markupDepth > 0 {
            markupDepth -= 1
            return
        }
        switch (depth, resource) {
        case (2, .string(let name, let translatable, let location)?) where elementName == "string":
            let value = finishText(key: name)
            var record = EntryRecord(key: name, location: location, content: .text(value), comment: takeComment())
            record.isTranslatable = translatable
            records.append(record)
            resource = nil
        case (3, .plurals(let name, let translatable, let location, var items)?) where elementName == "item":
            let value = finishText(key: name)
            if let quantity = itemQuantity {
                if items.contains(where: { $0.keyword == quantity }) {
                    diagnose(
                        "quantity \"\(quantity)\" is given twice in <plurals name=\"\(name)\">; the last wins", at: value.location, key: name,
                        code: "duplicate-key")
                    items.removeAll { $0.keyword == quantity }
                }
                items.append(PluralVariant(keyword: quantity, text: value))
            }
            itemQuantity = nil
            resource = .plurals(name: name, translatable: translatable, location: location, items: items)
        case (3, .array(let name, let translatable, let location, var items)?) where elementName == "item":
            items.append(finishText(key: name))
            resource = .array(name: name, translatable: translatable, location: location, items: items)
        case (2, .plurals(let name, let translatable, let location, let items)?) where elementName == "plurals":
            resource = nil
            guard !items.isEmpty else {
                diagnose("<plurals name=\"\(name)\"> has no <item>: skipped", at: location, key: name)
                return
            }
            let variable = PluralVariable(name: "plural", kind: .wholeString, variants: items, location: location)
            var record = EntryRecord(
                key: name, location: location,
                content: .plural(format: LocatedText(text: "%#@\(PluralNormalization.wholeStringName)@", location: location), variables: [variable]),
                comment: takeComment())
            record.isTranslatable = translatable
            records.append(record)
        case (2, .array(let name, let translatable, _, let items)?) where elementName == "string-array":
            resource = nil
            let comment = takeComment()
            for (index, item) in items.enumerated() {
                var record = EntryRecord(key: "\(name)[\(index)]", location: item.location, content: .text(item), comment: index == 0 ? comment : nil)
                record.isTranslatable = translatable
                records.append(record)
            }
        case (2, _):
            pendingComment = nil
        default:
            break
        }
    }

    private func takeComment() -> String? {
        defer { pendingComment = nil }
        return pendingComment
    }

    private func finishText(key: String) -> LocatedText {
        let raw = text ?? ""
        text = nil
        let (decoded, problems) = AndroidStringsFile.decode(raw)
        for problem in problems { diagnose("\(quoted(key)): \(problem)", at: textLocation, key: key, code: "android-escape") }
        return LocatedText(text: decoded, location: textLocation)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if errorLine == nil {
            errorLine = parser.lineNumber
            errorColumn = parser.columnNumber
        }
    }

    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        diagnose("the external entity \(quoted(name)) is not read", code: "unreadable-file")
    }
}
