import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
public import Parlance

/// A localized value from a catalog: a plain format, a stringsdict plural entry, or a
/// by-device choice.
public indirect enum CatalogValue: Hashable, Sendable {
    /// A printf-style format (a `.strings` value, an `.xcstrings` string unit).
    case format(String)
    /// A stringsdict-style entry with plural variables.
    case plural(PluralFormat)
    /// Values by device (`iphone`, `ipad`, `mac`, `watch`, `appletv`, `vision`, `other`); the
    /// catalog's device, else `other`, is used.
    case device([String: CatalogValue])
}

/// A `.stringsdict` file: XML (or binary) property list of plural entries.
///
/// The property list is read by Foundation's `PropertyListSerialization`; when Foundation
/// rejects the file or a value has the wrong type, a light `XMLParser` pass over the text finds
/// the line and column to report. Entries use `NSStringLocalizedFormatKey` and variables
/// whose `NSStringFormatSpecTypeKey` is `NSStringPluralRuleType`; a top-level
/// `NSStringDeviceSpecificRuleType` dictionary gives per-device values, and
/// `NSStringVariableWidthRuleType` uses its widest variant (there is no display width on Linux).
///
/// ```swift
/// let file = try StringsdictFile(contentsOf: "/app/ru.lproj/Localizable.stringsdict")
/// if case .plural(let entry)? = file.entries["items.count"] {
///     try entry.format(language: "ru", locale: "ru", arguments: [5])   // "5 элементов"
/// }
/// ```
public struct StringsdictFile: Hashable, Sendable {
    /// The file name used in diagnostics.
    public let file: String
    /// The entries by key.
    public let entries: [String: CatalogValue]

    /// Reads a `.stringsdict` file from disk.
    ///
    /// ```swift
    /// let file = try StringsdictFile(contentsOf: "en.lproj/Localizable.stringsdict")
    /// ```
    /// - Throws: ``ParlanceError/Code/invalidFile`` naming the file, line and column.
    public init(contentsOf path: String) throws(ParlanceError) {
        try self.init(bytes: CatalogFileSystem.read(path), file: path)
    }

    /// Reads `.stringsdict` bytes (XML or binary property list).
    ///
    /// ```swift
    /// let file = try StringsdictFile(bytes: Array(xml.utf8), file: "Localizable.stringsdict")
    /// ```
    /// - Throws: ``ParlanceError/Code/invalidFile`` naming `file`, line and column.
    public init(bytes: [UInt8], file: String) throws(ParlanceError) {
        let data = Data(bytes)
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw Self.syntaxError(bytes: bytes, file: file, foundation: error)
        }
        var locator = KeyLocator(bytes: bytes)
        func fail(_ path: [String], _ message: String) -> ParlanceError {
            let (line, column) = locator.location(of: path)
            let where_ = path.isEmpty ? "" : " (at \(path.map { quoted($0) }.joined(separator: " → ")))"
            return CatalogDiagnostic(file: file, line: line, column: column, message: message + where_).error
        }
        guard let top = root as? [String: Any] else {
            throw fail([], "the top level is \(Self.typeName(root)), expected a dictionary of entries")
        }
        var entries: [String: CatalogValue] = [:]
        for (key, value) in top {
            entries[key] = try Self.entry(value, path: [key], fail: fail)
        }
        self.file = file
        self.entries = entries
    }

    private static func entry(_ value: Any, path: [String], fail: ([String], String) -> ParlanceError) throws(ParlanceError) -> CatalogValue {
        guard let dictionary = value as? [String: Any] else {
            throw fail(path, "an entry is \(typeName(value)), expected a dictionary")
        }
        if let devices = dictionary["NSStringDeviceSpecificRuleType"] {
            guard let byDevice = devices as? [String: Any] else {
                throw fail(path + ["NSStringDeviceSpecificRuleType"], "expected a dictionary of devices, found \(typeName(devices))")
            }
            var values: [String: CatalogValue] = [:]
            for (device, variant) in byDevice {
                if let text = variant as? String {
                    values[device.lowercased()] = .format(text)
                } else {
                    values[device.lowercased()] = try entry(variant, path: path + ["NSStringDeviceSpecificRuleType", device], fail: fail)
                }
            }
            return .device(values)
        }
        if let widths = dictionary["NSStringVariableWidthRuleType"] {
            guard let byWidth = widths as? [String: Any] else {
                throw fail(path + ["NSStringVariableWidthRuleType"], "expected a dictionary of widths, found \(typeName(widths))")
            }
            let widest = byWidth.keys.compactMap { key in Int(key).map { ($0, key) } }.max { $0.0 < $1.0 }
            guard let widest, let text = byWidth[widest.1] as? String else {
                throw fail(path + ["NSStringVariableWidthRuleType"], "expected string variants keyed by widths")
            }
            return .format(text)
        }
        guard let formatValue = dictionary["NSStringLocalizedFormatKey"] else {
            throw fail(path, "the entry has no NSStringLocalizedFormatKey")
        }
        guard let format = formatValue as? String else {
            throw fail(path + ["NSStringLocalizedFormatKey"], "expected a string, found \(typeName(formatValue))")
        }
        var variables: [String: PluralFormat.Variable] = [:]
        for (name, raw) in dictionary where name != "NSStringLocalizedFormatKey" {
            let variablePath = path + [name]
            guard let spec = raw as? [String: Any] else {
                throw fail(variablePath, "the variable is \(typeName(raw)), expected a dictionary")
            }
            let specType = spec["NSStringFormatSpecTypeKey"]
            guard let specType = specType as? String else {
                throw fail(variablePath, "the variable needs NSStringFormatSpecTypeKey (a string)")
            }
            guard specType == "NSStringPluralRuleType" else {
                throw fail(variablePath + ["NSStringFormatSpecTypeKey"], "unsupported spec type \(quoted(specType)) (expected NSStringPluralRuleType)")
            }
            var valueType: String?
            if let rawType = spec["NSStringFormatValueTypeKey"] {
                guard let text = rawType as? String else {
                    throw fail(variablePath + ["NSStringFormatValueTypeKey"], "expected a string, found \(typeName(rawType))")
                }
                guard case let tokens? = try? FormatParser.parse("%" + text, allowVariables: false),
                    tokens.count == 1, case .spec(let parsed) = tokens[0], parsed.position == nil
                else {
                    throw fail(variablePath + ["NSStringFormatValueTypeKey"], "unknown format specifier \(quoted(text))")
                }
                valueType = text
            }
            var variants: [PluralCategory: String] = [:]
            for category in PluralCategory.allCases {
                guard let variant = spec[category.keyword] else { continue }
                guard let text = variant as? String else {
                    throw fail(variablePath + [category.keyword], "expected a string, found \(typeName(variant))")
                }
                variants[category] = text
            }
            guard variants[.other] != nil else {
                throw fail(variablePath, "the variable has no \"other\" variant")
            }
            variables[name] = PluralFormat.Variable(valueType: valueType, variants: variants)
        }
        return .plural(PluralFormat(format: format, variables: variables))
    }

    static func typeName(_ value: Any) -> String {
        switch value {
        case is String: "a string"
        case is [String: Any]: "a dictionary"
        case is [Any]: "an array"
        case is Data: "data"
        case is Date: "a date"
        case is Bool: "a boolean"
        case is NSNumber, is Int, is Double: "a number"
        default: "\(type(of: value))"
        }
    }

    /// Locates a property list syntax error: XMLParser for XML well-formedness, else
    /// Foundation's own words (which sometimes name a line).
    private static func syntaxError(bytes: [UInt8], file: String, foundation: any Error) -> ParlanceError {
        let isBinary = bytes.starts(with: Array("bplist".utf8))
        let detail = (foundation as NSError).userInfo["NSDebugDescription"] as? String ?? "\(foundation)"
        if isBinary {
            return CatalogDiagnostic(file: file, line: 0, column: 0, message: "a malformed binary property list: \(detail)").error
        }
        let checker = WellFormedness(data: Data(bytes))
        if let (line, column, message) = checker.firstError() {
            return CatalogDiagnostic(file: file, line: line, column: column, message: "malformed XML: \(message)").error
        }
        // Well-formed XML that is not a property list: Foundation may name the line.
        var line = 0
        if let range = detail.range(of: "line ") {
            line = Int(detail[range.upperBound...].prefix(while: \.isNumber)) ?? 0
        }
        return CatalogDiagnostic(file: file, line: line, column: 0, message: "not a valid property list: \(detail)").error
    }
}

/// One XMLParser pass reporting the first well-formedness error with its line and column.
private final class WellFormedness: NSObject, XMLParserDelegate {
    private let data: Data
    private var found: (Int, Int, String)?

    init(data: Data) { self.data = data }

    func firstError() -> (Int, Int, String)? {
        let parser = XMLParser(data: data)
        parser.delegate = self
        parser.shouldResolveExternalEntities = false
        if parser.parse() { return nil }
        if let found { return found }
        return (parser.lineNumber, parser.columnNumber, Self.describe(parser.parserError))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if found == nil { found = (parser.lineNumber, parser.columnNumber, Self.describe(parseError)) }
    }

    static func describe(_ error: (any Error)?) -> String {
        guard let error else { return "the XML is not well-formed" }
        let code = (error as NSError).code
        // libxml2 error numbers as XMLParser reports them.
        switch code {
        case 4: return "the document is empty"
        case 5: return "the document ends prematurely (truncated?)"
        case 38, 39, 40, 41: return "a tag is not closed or a quote is missing (XMLParser error \(code))"
        case 73, 76: return "a closing tag does not match its opening tag (XMLParser error \(code))"
        case 9: return "an invalid character"
        case 26: return "an undeclared entity"
        default: return "the XML is not well-formed (XMLParser error \(code))"
        }
    }
}

/// Finds where a key path of a property list is written, by one XMLParser pass, on demand.
private struct KeyLocator {
    let bytes: [UInt8]
    private var table: [String: (Int, Int)]?

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func location(of path: [String]) -> (Int, Int) {
        if table == nil {
            let walker = PlistWalker()
            if !bytes.starts(with: Array("bplist".utf8)) {
                let parser = XMLParser(data: Data(bytes))
                parser.delegate = walker
                _ = parser.parse()
            }
            table = walker.locations
        }
        var probe = path
        while !probe.isEmpty {
            if let found = table?[probe.joined(separator: "\u{1F}")] { return found }
            probe.removeLast()
        }
        return (table?[""] ?? (0, 0))
    }
}

/// Records the line and column of each `<key>` element by its key path.
private final class PlistWalker: NSObject, XMLParserDelegate {
    var locations: [String: (Int, Int)] = [:]
    /// For each open dictionary, its path and the last key read in it.
    private var stack: [(path: [String], key: String?)] = []
    private var text = ""
    private var keyStart: (Int, Int) = (0, 0)
    private var pendingValuePath: [String]?

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:])
    {
        text = ""
        if elementName == "key" {
            keyStart = (parser.lineNumber, parser.columnNumber)
            return
        }
        if elementName == "plist" {
            locations[""] = (parser.lineNumber, parser.columnNumber)
            return
        }
        if elementName == "dict" {
            let path: [String]
            if let last = stack.last, let key = last.key {
                path = last.path + [key]
            } else {
                path = stack.last?.path ?? []
            }
            stack.append((path, nil))
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        if elementName == "key", !stack.isEmpty {
            stack[stack.count - 1].key = text
            let path = stack[stack.count - 1].path + [text]
            locations[path.joined(separator: "\u{1F}")] = keyStart
        } else if elementName == "dict" {
            stack.removeLast()
        }
    }
}
