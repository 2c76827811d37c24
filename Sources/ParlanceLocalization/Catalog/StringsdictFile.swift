import Foundation
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
/// rejects the file or a value has the wrong type, a light XML scan of the text finds the line
/// and column to report (`XMLParser` is not used: it crashed on some fuzzed inputs on Linux). Entries use `NSStringLocalizedFormatKey` and variables
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
        // Foundation's XML plist reader is lenient (it accepts `</strin>`): check tag balance first.
        if !bytes.starts(with: Array("bplist".utf8)), let failure = XMLScan(bytes: bytes).failure {
            throw CatalogDiagnostic(file: file, line: failure.line, column: failure.column, message: "malformed XML: \(failure.message)").error
        }
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

    /// Locates a property list syntax error: the XML scan for well-formedness, else
    /// Foundation's own words (which sometimes name a line).
    private static func syntaxError(bytes: [UInt8], file: String, foundation: any Error) -> ParlanceError {
        let isBinary = bytes.starts(with: Array("bplist".utf8))
        let detail = (foundation as NSError).userInfo["NSDebugDescription"] as? String ?? "\(foundation)"
        if isBinary {
            return CatalogDiagnostic(file: file, line: 0, column: 0, message: "a malformed binary property list: \(detail)").error
        }
        if let failure = XMLScan(bytes: bytes).failure {
            return CatalogDiagnostic(file: file, line: failure.line, column: failure.column, message: "malformed XML: \(failure.message)").error
        }
        // Well-formed XML that is not a property list: Foundation may name the line.
        var line = 0
        if let range = detail.range(of: "line ") {
            line = Int(detail[range.upperBound...].prefix(while: \.isNumber)) ?? 0
        }
        return CatalogDiagnostic(file: file, line: line, column: 0, message: "not a valid property list: \(detail)").error
    }
}

/// A small XML scanner over the text of a property list, used only to locate problems.
///
/// swift-corelibs-foundation's `XMLParser` crashed (SIGILL inside its libxml2 start-element
/// callback) on some mutated inputs in the fuzz test, so untrusted bytes never reach it:
/// this scanner checks tag balance and records where each `<key>` is, with line and column.
struct XMLScan {
    struct Failure { var line: Int; var column: Int; var message: String }

    /// A `<key>` (or nested `<dict>`) within the dict node `parent` (0 is the root dict).
    struct NodeKey: Hashable {
        var parent: Int
        var key: String
    }

    /// Where each `<key>` element is, by (dict node, key): a tree, not full paths, so that deep
    /// or wide hostile files cost memory in proportion to their size.
    var keyLocations: [NodeKey: (Int, Int)] = [:]
    /// The dict node opened under each (dict node, key).
    var childDicts: [NodeKey: Int] = [:]
    /// Where `<plist>` is (the fallback location).
    var rootLocation = (0, 0)
    var failure: Failure?
    /// Deeper nesting is refused (Foundation's own property list reader stops at 512 too).
    static let maximumDepth = 512

    init(bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var line = 1
        var column = 1
        func advance() {
            if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
            index += 1
        }
        var open: [(name: String, line: Int, column: Int)] = []
        var dicts: [(node: Int, key: String?)] = []
        var nextNode = 1
        var keyText: String?
        var keyStart = (0, 0)
        while index < scalars.count {
            if scalars[index] != "<" {
                if keyText != nil { keyText!.unicodeScalars.append(scalars[index]) }
                advance()
                continue
            }
            let (tagLine, tagColumn) = (line, column)
            advance()
            // Comments, declarations, processing instructions.
            if index < scalars.count, scalars[index] == "!" || scalars[index] == "?" {
                let isComment = index + 2 < scalars.count && scalars[index + 1] == "-" && scalars[index + 2] == "-"
                var closed = false
                while index < scalars.count {
                    if scalars[index] == ">" && (!isComment || (index >= 2 && scalars[index - 1] == "-" && scalars[index - 2] == "-")) {
                        advance(); closed = true; break
                    }
                    advance()
                }
                if !closed { failure = Failure(line: tagLine, column: tagColumn, message: "an unterminated comment or declaration"); return }
                continue
            }
            var tag = ""
            var closed = false
            while index < scalars.count {
                if scalars[index] == ">" { advance(); closed = true; break }
                if scalars[index] == "<" { break }
                tag.unicodeScalars.append(scalars[index])
                advance()
            }
            guard closed else { failure = Failure(line: tagLine, column: tagColumn, message: "a tag is not closed with '>'"); return }
            let selfClosing = tag.hasSuffix("/")
            if tag.hasPrefix("/") {
                let name = String(tag.dropFirst()).trimmingCharacters(in: .whitespaces)
                guard let last = open.popLast() else {
                    failure = Failure(line: tagLine, column: tagColumn, message: "</\(name)> closes nothing"); return
                }
                guard last.name == name else {
                    failure = Failure(line: tagLine, column: tagColumn,
                                      message: "</\(name)> does not match <\(last.name)> opened at line \(last.line), column \(last.column)")
                    return
                }
                if name == "key", let text = keyText, !dicts.isEmpty {
                    dicts[dicts.count - 1].key = text
                    keyLocations[NodeKey(parent: dicts[dicts.count - 1].node, key: text)] = keyStart
                    keyText = nil
                } else if name == "dict", !dicts.isEmpty {
                    dicts.removeLast()
                }
                continue
            }
            let name = String(tag.prefix(while: { !$0.isWhitespace && $0 != "/" }))
            guard !name.isEmpty else { failure = Failure(line: tagLine, column: tagColumn, message: "an empty tag"); return }
            if name == "plist" { rootLocation = (tagLine, tagColumn) }
            if selfClosing { continue }
            guard open.count < XMLScan.maximumDepth else {
                failure = Failure(line: tagLine, column: tagColumn, message: "elements are nested more than \(XMLScan.maximumDepth) deep")
                return
            }
            open.append((name, tagLine, tagColumn))
            if name == "key" {
                keyText = ""
                keyStart = (tagLine, tagColumn)
            } else if name == "dict" {
                // The root dict is node 0; a dict under a key gets (or reuses) the node for
                // (parent, key); a dict without a key (in an array) shares its parent's node.
                var node = 0
                if let parent = dicts.last {
                    node = parent.node
                    if let key = parent.key {
                        let slot = NodeKey(parent: parent.node, key: key)
                        if let existing = childDicts[slot] {
                            node = existing
                        } else {
                            node = nextNode
                            childDicts[slot] = node
                            nextNode += 1
                        }
                    }
                }
                dicts.append((node, nil))
            }
        }
        if let last = open.last {
            failure = Failure(line: line, column: column,
                              message: "the document ends before <\(last.name)> (line \(last.line), column \(last.column)) is closed (truncated?)")
        }
    }
}

/// Finds where a key path of a property list is written, by one scan, on demand.
private struct KeyLocator {
    let bytes: [UInt8]
    private var scan: XMLScan?

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The `<key>` of the deepest component of `path` that is written in the file, else `<plist>`.
    mutating func location(of path: [String]) -> (Int, Int) {
        if bytes.starts(with: Array("bplist".utf8)) { return (0, 0) }
        if scan == nil { scan = XMLScan(bytes: bytes) }
        guard let scan else { return (0, 0) }
        return scan.location(of: path) ?? scan.rootLocation
    }
}

extension XMLScan {
    /// Where the deepest written component of a key path is, or nil when not even the first is.
    func location(of path: [String]) -> (Int, Int)? {
        var node = 0
        var best: (Int, Int)?
        for key in path {
            let slot = NodeKey(parent: node, key: key)
            guard let found = keyLocations[slot] else { break }
            best = found
            guard let child = childDicts[slot] else { break }
            node = child
        }
        return best
    }
}
