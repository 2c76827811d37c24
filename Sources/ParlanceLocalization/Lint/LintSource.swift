import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Parlance

// The linter reads files itself, leniently: the catalog readers stop at the first problem
// (a variable without `other`, a malformed format) and forget states and lines, while lint
// must report every problem where it is written.

/// One plural variable as written, with lines.
struct LintVariable {
    var name: String
    /// `NSStringFormatValueTypeKey` / `formatSpecifier`; nil for `d`.
    var valueType: String?
    /// The argument position fixed by an `.xcstrings` substitution's `argNum`.
    var position: Int?
    /// A whole-string `.xcstrings` plural: the variable takes no argument of its own; its
    /// variants are formats of the string's arguments.
    var isWholeString = false
    /// Variants by keyword as written (may not be a category), with lines.
    var variants: [(keyword: String, text: String, line: Int)]
    var line: Int
}

/// A value that is not a device choice.
enum LintLeaf {
    case text(String, line: Int)
    /// A format with `%#@variables@`.
    case plural(format: String, line: Int, variables: [LintVariable])

    var line: Int {
        switch self {
        case .text(_, let line), .plural(_, let line, _): line
        }
    }

    /// Every format text with its line (the format, then each variant).
    var texts: [(text: String, line: Int, variable: String?, keyword: String?)] {
        switch self {
        case .text(let text, let line): return [(text, line, nil, nil)]
        case .plural(let format, let line, let variables):
            var out: [(String, Int, String?, String?)] = variables.contains(where: \.isWholeString) ? [] : [(format, line, nil, nil)]
            for variable in variables {
                for variant in variable.variants { out.append((variant.text, variant.line, variable.name, variant.keyword)) }
            }
            return out
        }
    }
}

/// One key of one language of one table, as written in one file.
struct LintEntry {
    var key: String
    var file: String
    var line: Int
    /// Device label → leaf (`nil` label when the value has no device variations).
    var leaves: [(device: String?, leaf: LintLeaf)]
    /// `.xcstrings` unit state (of the first unit found), nil elsewhere.
    var state: String?
    /// Whether a unit without a value or with an empty one was met.
    var isEmpty: Bool
}

/// Everything of one language of one table.
struct LintLanguage {
    var name: String
    var locale: LocaleID
    /// key → entries (a key may be in a .strings and a .stringsdict file).
    var entries: [String: [LintEntry]] = [:]
    /// Files of this language for this table.
    var files: [String] = []
}

/// The catalog directory, read leniently.
struct LintSource {
    /// table → language key (lowercased id; "" for Base) → language.
    var tables: [String: [String: LintLanguage]] = [:]
    var diagnostics: [LintDiagnostic] = []
    var sourceLanguages: [String] = []

    init(directory: String) throws(ParlanceError) {
        let manager = FileManager.default
        let names = try CatalogFileSystem.contents(ofDirectory: directory)
        func full(_ relative: String) -> String { directory.hasSuffix("/") ? directory + relative : directory + "/" + relative }
        for name in names {
            let lowered = name.lowercased()
            if lowered.hasSuffix(".xcstrings") {
                readStringCatalog(path: full(name), relative: name, table: String(name.dropLast(".xcstrings".count)))
            } else if lowered.hasSuffix(".lproj") {
                let localeName = String(name.dropLast(".lproj".count))
                let locale: LocaleID
                let languageKey: String
                if localeName.lowercased() == "base" {
                    locale = .root
                    languageKey = ""
                } else if let parsed = try? LocaleID(localeName) {
                    locale = parsed
                    languageKey = Self.key(parsed)
                } else {
                    diagnostics.append(LintDiagnostic(rule: .unreadableFile, file: name, line: 0,
                                                      message: "\(quoted(localeName)) is not a locale id; the folder is ignored"))
                    continue
                }
                guard let files = try? manager.contentsOfDirectory(atPath: full(name)) else { continue }
                for fileName in files.sorted() {
                    let relative = name + "/" + fileName
                    let loweredFile = fileName.lowercased()
                    if loweredFile.hasSuffix(".stringsdict") {
                        let table = String(fileName.dropLast(".stringsdict".count))
                        readStringsdict(path: full(relative), relative: relative, table: table, language: localeName, languageKey: languageKey, locale: locale)
                    } else if loweredFile.hasSuffix(".strings") {
                        let table = String(fileName.dropLast(".strings".count))
                        readStrings(path: full(relative), relative: relative, table: table, language: localeName, languageKey: languageKey, locale: locale)
                    }
                }
            }
        }
    }

    static func key(_ locale: LocaleID) -> String {
        locale.identifier.split(separator: "@").first.map { $0.lowercased() } ?? ""
    }

    private mutating func add(_ entry: LintEntry, table: String, languageKey: String, language: String, locale: LocaleID) {
        tables[table, default: [:]][languageKey, default: LintLanguage(name: language, locale: locale)].entries[entry.key, default: []].append(entry)
    }

    private mutating func addFile(_ file: String, table: String, languageKey: String, language: String, locale: LocaleID) {
        tables[table, default: [:]][languageKey, default: LintLanguage(name: language, locale: locale)].files.append(file)
    }

    /// The line of a reader error (`file:line:column: message`), 0 when absent.
    private static func line(of error: ParlanceError, file: String) -> (Int, String) {
        var message = error.message
        if message.hasPrefix(file + ":") {
            message.removeFirst(file.count + 1)
            let digits = message.prefix(while: \.isNumber)
            let line = Int(digits) ?? 0
            message.removeFirst(digits.count)
            if message.hasPrefix(":") {
                message.removeFirst()
                message.removeFirst(message.prefix(while: \.isNumber).count)
                if message.hasPrefix(":") { message.removeFirst() }
            }
            return (line, message.trimmingCharacters(in: .whitespaces))
        }
        return (0, message)
    }

    // MARK: .strings

    private mutating func readStrings(path: String, relative: String, table: String, language: String, languageKey: String, locale: LocaleID) {
        let file: StringsFile
        do {
            file = try StringsFile(contentsOf: path)
        } catch {
            let (line, message) = Self.line(of: error, file: path)
            diagnostics.append(LintDiagnostic(rule: .unreadableFile, file: relative, line: line, table: table, language: language, message: message))
            return
        }
        addFile(relative, table: table, languageKey: languageKey, language: language, locale: locale)
        for key in file.keys {
            let value = file.entries[key] ?? ""
            let line = file.lines[key] ?? 0
            add(LintEntry(key: key, file: relative, line: line, leaves: [(nil, .text(value, line: line))], state: nil, isEmpty: value.isEmpty),
                table: table, languageKey: languageKey, language: language, locale: locale)
        }
        for warning in file.diagnostics where warning.message.hasPrefix("duplicate key") {
            let key = file.keys.first { warning.message.hasPrefix("duplicate key \(quoted($0)) ") }
            diagnostics.append(LintDiagnostic(rule: .duplicateKey, file: relative, line: warning.line, table: table, key: key,
                                              language: language, message: "\(warning.message) (\(language))"))
        }
    }

    // MARK: .stringsdict

    private mutating func readStringsdict(path: String, relative: String, table: String, language: String, languageKey: String, locale: LocaleID) {
        let root: Any
        let bytes: [UInt8]
        do {
            bytes = try CatalogFileSystem.read(path)
            root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            // The strict reader locates syntax errors.
            var line = 0
            var message = "not a valid property list"
            if case .failure(let failure) = Result(catching: { () throws(ParlanceError) in try StringsdictFile(contentsOf: path) }) {
                (line, message) = Self.line(of: failure, file: path)
            }
            diagnostics.append(LintDiagnostic(rule: .unreadableFile, file: relative, line: line, table: table, language: language, message: message))
            return
        }
        guard let top = root as? [String: Any] else {
            diagnostics.append(LintDiagnostic(rule: .unreadableFile, file: relative, line: 1, table: table, language: language,
                                              message: "the top level is not a dictionary of entries"))
            return
        }
        addFile(relative, table: table, languageKey: languageKey, language: language, locale: locale)
        let lines = PlistKeyLines(bytes: bytes)
        func bad(_ path: [String], _ key: String, _ message: String) {
            diagnostics.append(LintDiagnostic(rule: .unreadableFile, file: relative, line: lines.line(of: path), table: table,
                                              key: key, language: language, message: "\(quoted(key)) (\(language)): \(message)"))
        }
        func leaf(_ dictionary: [String: Any], path: [String], key: String) -> LintLeaf? {
            guard let format = dictionary["NSStringLocalizedFormatKey"] as? String else {
                bad(path, key, "the entry has no NSStringLocalizedFormatKey string")
                return nil
            }
            var variables: [LintVariable] = []
            for (name, raw) in dictionary.sorted(by: { $0.key < $1.key }) where name != "NSStringLocalizedFormatKey" {
                guard let spec = raw as? [String: Any] else { continue }
                guard spec["NSStringFormatSpecTypeKey"] as? String == "NSStringPluralRuleType" else {
                    bad(path + [name], key, "the variable \(quoted(name)) is not of type NSStringPluralRuleType")
                    continue
                }
                var variants: [(String, String, Int)] = []
                for (keyword, text) in spec.sorted(by: { $0.key < $1.key }) where !keyword.hasPrefix("NSStringFormat") {
                    guard let text = text as? String else { continue }
                    variants.append((keyword, text, lines.line(of: path + [name, keyword])))
                }
                variables.append(LintVariable(name: name, valueType: spec["NSStringFormatValueTypeKey"] as? String, variants: variants,
                                              line: lines.line(of: path + [name])))
            }
            return .plural(format: format, line: lines.line(of: path + ["NSStringLocalizedFormatKey"]), variables: variables)
        }
        for (key, value) in top.sorted(by: { $0.key < $1.key }) {
            guard let dictionary = value as? [String: Any] else {
                bad([key], key, "the entry is not a dictionary")
                continue
            }
            var leaves: [(String?, LintLeaf)] = []
            if let devices = dictionary["NSStringDeviceSpecificRuleType"] as? [String: Any] {
                for (device, variant) in devices.sorted(by: { $0.key < $1.key }) {
                    let devicePath = [key, "NSStringDeviceSpecificRuleType", device]
                    if let text = variant as? String {
                        leaves.append((device.lowercased(), .text(text, line: lines.line(of: devicePath))))
                    } else if let inner = variant as? [String: Any], let made = leaf(inner, path: devicePath, key: key) {
                        leaves.append((device.lowercased(), made))
                    }
                }
            } else if let widths = dictionary["NSStringVariableWidthRuleType"] as? [String: Any] {
                for (width, text) in widths.sorted(by: { $0.key < $1.key }) {
                    if let text = text as? String {
                        leaves.append(("width \(width)", .text(text, line: lines.line(of: [key, "NSStringVariableWidthRuleType", width]))))
                    }
                }
            } else if let made = leaf(dictionary, path: [key], key: key) {
                leaves.append((nil, made))
            }
            add(LintEntry(key: key, file: relative, line: lines.line(of: [key]), leaves: leaves, state: nil, isEmpty: false),
                table: table, languageKey: languageKey, language: language, locale: locale)
        }
    }

    // MARK: .xcstrings

    private mutating func readStringCatalog(path: String, relative: String, table: String) {
        let root: LocatedJSON
        do {
            root = try LocatedJSON.parse(CatalogFileSystem.read(path), file: path)
        } catch {
            let (line, message) = Self.line(of: error, file: path)
            diagnostics.append(LintDiagnostic(rule: .unreadableFile, file: relative, line: line, table: table, message: message))
            return
        }
        guard case .string(let source)? = root["sourceLanguage"]?.value, let sourceLocale = try? LocaleID(source) else {
            diagnostics.append(LintDiagnostic(rule: .unreadableFile, file: relative, line: root.line, table: table,
                                              message: "the catalog has no valid \"sourceLanguage\""))
            return
        }
        sourceLanguages.append(source)
        guard case .object(let strings)? = root["strings"]?.value else { return }
        var languages: [String: LocaleID] = [source: sourceLocale]
        for (key, entry) in strings {
            var hasSource = false
            if case .object(let localizations)? = entry["localizations"]?.value {
                for (language, node) in localizations {
                    guard let locale = try? LocaleID(language) else {
                        diagnostics.append(LintDiagnostic(rule: .unreadableFile, file: relative, line: node.line, table: table, key: key,
                                                          message: "\(quoted(language)) of \(quoted(key)) is not a locale id"))
                        continue
                    }
                    languages[language] = locale
                    if language == source { hasSource = true }
                    var reader = CatalogUnitReader()
                    let leaves = reader.leaves(node, device: nil)
                    add(LintEntry(key: key, file: relative, line: node.line, leaves: leaves, state: reader.state, isEmpty: reader.isEmpty),
                        table: table, languageKey: Self.key(locale), language: language, locale: locale)
                }
            }
            if !hasSource {
                // Xcode compiles a key without a source localization to the key itself.
                add(LintEntry(key: key, file: relative, line: entry.line, leaves: [(nil, .text(key, line: entry.line))], state: nil, isEmpty: false),
                    table: table, languageKey: Self.key(sourceLocale), language: source, locale: sourceLocale)
            }
        }
        for (language, locale) in languages {
            addFile(relative, table: table, languageKey: Self.key(locale), language: language, locale: locale)
        }
    }
}

/// Reads one `.xcstrings` localization into leaves, remembering the state and empty units.
private struct CatalogUnitReader {
    var state: String?
    var isEmpty = false

    private mutating func unit(_ node: LocatedJSON) -> (String, Int)? {
        if state == nil, case .string(let text)? = node["state"]?.value { state = text }
        guard let valueNode = node["value"], case .string(let text) = valueNode.value else {
            isEmpty = true
            return nil
        }
        if text.isEmpty { isEmpty = true }
        return (text, valueNode.line)
    }

    mutating func leaves(_ node: LocatedJSON, device: String?) -> [(device: String?, leaf: LintLeaf)] {
        var base: [(String?, LintLeaf)] = []
        if let unitNode = node["stringUnit"] {
            if let (text, line) = unit(unitNode) { base = [(device, .text(text, line: line))] }
        } else if let variations = node["variations"] {
            if let plural = variations["plural"], case .object(let cases) = plural.value {
                var variants: [(String, String, Int)] = []
                for (keyword, caseNode) in cases {
                    if let unitNode = caseNode["stringUnit"], let (text, line) = unit(unitNode) { variants.append((keyword, text, line)) }
                }
                let variable = LintVariable(name: "plural", isWholeString: true, variants: variants, line: plural.line)
                base = [(device, .plural(format: "%#@plural@", line: plural.line, variables: [variable]))]
            } else if let devices = variations["device"], case .object(let byDevice) = devices.value {
                for (name, deviceNode) in byDevice { base += leaves(deviceNode, device: name.lowercased()) }
            }
        }
        guard let substitutions = node["substitutions"], case .object(let members) = substitutions.value else { return base }
        var variables: [LintVariable] = []
        for (name, substitution) in members {
            var position = 1
            if case .number(let text)? = substitution["argNum"]?.value, let number = Int(text) { position = number }
            var specifier = "lld"
            if case .string(let text)? = substitution["formatSpecifier"]?.value { specifier = text }
            var variants: [(String, String, Int)] = []
            if let plural = substitution["variations"]?["plural"], case .object(let cases) = plural.value {
                for (keyword, caseNode) in cases {
                    if let unitNode = caseNode["stringUnit"], let (text, line) = unit(unitNode) {
                        variants.append((keyword, text.replacing("%arg", with: "%\(position)$\(specifier)"), line))
                    }
                }
            }
            variables.append(LintVariable(name: name, valueType: specifier, position: position, variants: variants, line: substitution.line))
        }
        return base.map { device, leaf in
            switch leaf {
            case .text(var text, let line):
                for variable in variables {
                    text = text.replacing("%#@\(variable.name)@", with: "%\(variable.position ?? 1)$#@\(variable.name)@")
                }
                return (device, .plural(format: text, line: line, variables: variables))
            case .plural(let format, let line, let inner):
                return (device, .plural(format: format, line: line, variables: inner + variables))
            }
        }
    }
}

/// The line of each `<key>` of an XML property list, by key path (binary lists: line 0).
///
/// Uses the catalog's own XML scanner (`XMLScan`): untrusted bytes never reach Foundation's
/// `XMLParser`, which crashed on some mutated inputs on Linux, and key positions are kept as
/// a tree so that hostile nesting costs memory in proportion to the file.
private struct PlistKeyLines {
    private let scan: XMLScan?

    init(bytes: [UInt8]) {
        scan = bytes.starts(with: Array("bplist".utf8)) ? nil : XMLScan(bytes: bytes)
    }

    func line(of path: [String]) -> Int {
        scan?.location(of: path)?.0 ?? 0
    }
}
