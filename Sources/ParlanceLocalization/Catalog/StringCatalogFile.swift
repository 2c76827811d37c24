public import Parlance

/// An `.xcstrings` String Catalog (Xcode 15+): JSON with every language of one table.
///
/// Read: `sourceLanguage`, `strings` → key → `localizations` → language → either a
/// `stringUnit` (`state`, `value`) or `variations` by `plural` (zero … other) and by `device`
/// (`iphone`, `ipad`, `mac`, `other`, …, possibly nesting plural variations), plus
/// `substitutions` (`argNum`, `formatSpecifier`, plural variations whose `%arg` stands for the
/// argument). Every state is used (`translated`, `needs_review`, `new`, `stale`) as long as
/// the unit has a value. A key without a localization in the source language means the key
/// itself, as Xcode compiles it; in other languages it is missing (the lookup falls back).
///
/// ```swift
/// let catalog = try StringCatalogFile(contentsOf: "Localizable.xcstrings")
/// catalog.sourceLanguage                     // "en"
/// catalog.value(forKey: "items.count", language: "ru")   // .plural(…)
/// ```
public struct StringCatalogFile: Hashable, Sendable {
    /// The file name used in diagnostics.
    public let file: String
    /// `sourceLanguage`, as written (e.g. `"en"`).
    public let sourceLanguage: String
    /// Every key of the catalog, in file order.
    public let keys: [String]
    /// Values by language (as written in the file) and key.
    public let localizations: [String: [String: CatalogValue]]

    /// Reads an `.xcstrings` file from disk.
    ///
    /// ```swift
    /// let catalog = try StringCatalogFile(contentsOf: "Localizable.xcstrings")
    /// ```
    /// - Throws: ``ParlanceError/Code/invalidFile`` naming the file, line and column.
    public init(contentsOf path: String) throws(ParlanceError) {
        try self.init(bytes: CatalogFileSystem.read(path), file: path)
    }

    /// Reads `.xcstrings` JSON bytes.
    ///
    /// ```swift
    /// let catalog = try StringCatalogFile(bytes: Array(json.utf8), file: "Localizable.xcstrings")
    /// ```
    /// - Throws: ``ParlanceError/Code/invalidFile`` naming `file`, line and column.
    public init(bytes: [UInt8], file: String) throws(ParlanceError) {
        let root = try LocatedJSON.parse(bytes, file: file)
        func fail(_ node: LocatedJSON, _ message: String) -> ParlanceError {
            CatalogDiagnostic(file: file, line: node.line, column: node.column, message: message).error
        }
        func string(_ node: LocatedJSON, _ what: String) throws(ParlanceError) -> String {
            guard case .string(let text) = node.value else { throw fail(node, "\(what) must be a string, found \(node.typeName)") }
            return text
        }
        func members(_ node: LocatedJSON, _ what: String) throws(ParlanceError) -> [(String, LocatedJSON)] {
            guard case .object(let members) = node.value else { throw fail(node, "\(what) must be an object, found \(node.typeName)") }
            return members
        }
        _ = try members(root, "the top level")
        guard let sourceNode = root["sourceLanguage"] else { throw fail(root, "the catalog has no \"sourceLanguage\"") }
        let source = try string(sourceNode, "\"sourceLanguage\"")
        guard (try? LocaleID(source)) != nil else { throw fail(sourceNode, "\"sourceLanguage\" \(quoted(source)) is not a locale id") }
        var keys: [String] = []
        var localizations: [String: [String: CatalogValue]] = [:]
        if let stringsNode = root["strings"] {
            for (key, entry) in try members(stringsNode, "\"strings\"") {
                keys.append(key)
                let entryMembers = try members(entry, "the entry \(quoted(key))")
                var hasSource = false
                if let localizationsNode = entryMembers.last(where: { $0.0 == "localizations" })?.1 {
                    for (language, node) in try members(localizationsNode, "\"localizations\" of \(quoted(key))") {
                        guard (try? LocaleID(language)) != nil else {
                            throw fail(node, "the language \(quoted(language)) of \(quoted(key)) is not a locale id")
                        }
                        var reader = UnitReader(file: file, key: key)
                        if let value = try reader.value(node) {
                            localizations[language, default: [:]][key] = value
                            if language == source { hasSource = true }
                        }
                    }
                }
                if !hasSource { localizations[source, default: [:]][key] = .format(key) }
            }
        }
        self.file = file
        self.sourceLanguage = source
        self.keys = keys
        self.localizations = localizations
    }

    /// The value of a key in a language as written in the file (no fallback).
    ///
    /// ```swift
    /// catalog.value(forKey: "settings.title", language: "de")  // .format("Einstellungen")
    /// ```
    public func value(forKey key: String, language: String) -> CatalogValue? {
        localizations[language]?[key]
    }
}

/// Turns one localization node into a ``CatalogValue`` (nil when it has no value).
private struct UnitReader {
    let file: String
    let key: String

    func fail(_ node: LocatedJSON, _ message: String) -> ParlanceError {
        CatalogDiagnostic(file: file, line: node.line, column: node.column, message: "\(message) (key \(quoted(key)))").error
    }

    func object(_ node: LocatedJSON, _ what: String) throws(ParlanceError) -> [(String, LocatedJSON)] {
        guard case .object(let members) = node.value else { throw fail(node, "\(what) must be an object, found \(node.typeName)") }
        return members
    }

    func unitValue(_ node: LocatedJSON) throws(ParlanceError) -> String? {
        let unit = try object(node, "\"stringUnit\"")
        if let state = unit.last(where: { $0.0 == "state" })?.1 {
            guard case .string = state.value else { throw fail(state, "\"state\" must be a string, found \(state.typeName)") }
        }
        guard let valueNode = unit.last(where: { $0.0 == "value" })?.1 else { return nil }
        guard case .string(let text) = valueNode.value else { throw fail(valueNode, "\"value\" must be a string, found \(valueNode.typeName)") }
        try checkFormat(text, at: valueNode, allowVariables: true)
        return text
    }

    func checkFormat(_ text: String, at node: LocatedJSON, allowVariables: Bool) throws(ParlanceError) {
        do {
            _ = try FormatParser.parse(text.replacing("%arg", with: "%@"), allowVariables: allowVariables)
        } catch {
            throw fail(node, "the format \(quoted(text)) is malformed: \(error.message)")
        }
    }

    mutating func value(_ node: LocatedJSON) throws(ParlanceError) -> CatalogValue? {
        let members = try object(node, "a localization")
        let unit = members.last(where: { $0.0 == "stringUnit" })?.1
        let variations = members.last(where: { $0.0 == "variations" })?.1
        let substitutions = members.last(where: { $0.0 == "substitutions" })?.1
        var base: CatalogValue?
        if let unit {
            base = try unitValue(unit).map(CatalogValue.format)
        } else if let variations {
            base = try variationValue(variations)
        }
        guard let base else { return nil }
        guard let substitutions else { return base }
        return try substitute(base, substitutions)
    }

    func variationValue(_ node: LocatedJSON) throws(ParlanceError) -> CatalogValue? {
        let kinds = try object(node, "\"variations\"")
        if let plural = kinds.last(where: { $0.0 == "plural" })?.1 {
            var variants: [PluralCategory: String] = [:]
            for (name, caseNode) in try object(plural, "\"plural\"") {
                guard let category = PluralCategory(keyword: name) else {
                    throw fail(caseNode, "\(quoted(name)) is not a plural category (zero, one, two, few, many, other)")
                }
                let caseMembers = try object(caseNode, "the plural case \(quoted(name))")
                guard let unit = caseMembers.last(where: { $0.0 == "stringUnit" })?.1 else {
                    throw fail(caseNode, "the plural case \(quoted(name)) has no \"stringUnit\"")
                }
                if let text = try unitValue(unit) { variants[category] = text }
            }
            guard !variants.isEmpty else { return nil }
            guard let other = variants[.other] else { throw fail(plural, "the plural variations have no \"other\" case") }
            // The plural argument is the first numeric argument of the `other` variant.
            let (position, valueType) = Self.firstNumericArgument(other) ?? (1, "lld")
            let positional = variants.mapValues { Self.positionalize($0) }
            return .plural(PluralFormat(format: "%\(position)$#@__plural@",
                                        variables: ["__plural": .init(valueType: valueType, variants: positional)]))
        }
        if let device = kinds.last(where: { $0.0 == "device" })?.1 {
            var values: [String: CatalogValue] = [:]
            for (name, deviceNode) in try object(device, "\"device\"") {
                var reader = self
                if let value = try reader.value(deviceNode) { values[name.lowercased()] = value }
            }
            return values.isEmpty ? nil : .device(values)
        }
        if let (name, other) = kinds.first {
            throw fail(other, "unsupported variation kind \(quoted(name)) (expected \"plural\" or \"device\")")
        }
        return nil
    }

    /// Applies `substitutions` to a value's formats.
    func substitute(_ base: CatalogValue, _ node: LocatedJSON) throws(ParlanceError) -> CatalogValue {
        var variables: [String: PluralFormat.Variable] = [:]
        var positions: [String: Int] = [:]
        for (name, substitution) in try object(node, "\"substitutions\"") {
            let fields = try object(substitution, "the substitution \(quoted(name))")
            var argNum = 1
            if let argNode = fields.last(where: { $0.0 == "argNum" })?.1 {
                guard case .number(let text) = argNode.value, let number = Int(text), (1...FormatParser.maximumNumber).contains(number) else {
                    throw fail(argNode, "\"argNum\" must be a positive integer, found \(argNode.typeName)")
                }
                argNum = number
            }
            var specifier = "lld"
            if let specNode = fields.last(where: { $0.0 == "formatSpecifier" })?.1 {
                guard case .string(let text) = specNode.value else {
                    throw fail(specNode, "\"formatSpecifier\" must be a string, found \(specNode.typeName)")
                }
                guard case let tokens? = try? FormatParser.parse("%" + text, allowVariables: false), tokens.count == 1,
                    case .spec(let spec) = tokens[0], spec.position == nil
                else { throw fail(specNode, "unknown format specifier \(quoted(text))") }
                specifier = text
            }
            guard let variationsNode = fields.last(where: { $0.0 == "variations" })?.1 else {
                throw fail(substitution, "the substitution \(quoted(name)) has no \"variations\"")
            }
            guard case .plural(let inner)? = try variationValue(variationsNode), let variable = inner.variables["__plural"] else {
                throw fail(variationsNode, "the substitution \(quoted(name)) needs plural variations")
            }
            let argText = "%\(argNum)$\(specifier)"
            variables[name] = PluralFormat.Variable(
                valueType: specifier,
                variants: variable.variants.mapValues { $0.replacing("%arg", with: argText) })
            positions[name] = argNum
        }
        func apply(_ value: CatalogValue) -> CatalogValue {
            switch value {
            case .format(let text):
                return .plural(PluralFormat(format: Self.placeVariables(text, positions), variables: variables))
            case .plural(var plural):
                plural.format = Self.placeVariables(plural.format, positions)
                for (name, variable) in plural.variables {
                    plural.variables[name] = .init(valueType: variable.valueType,
                                                   variants: variable.variants.mapValues { Self.placeVariables($0, positions) })
                }
                plural.variables.merge(variables) { current, _ in current }
                return .plural(plural)
            case .device(let byDevice):
                return .device(byDevice.mapValues(apply))
            }
        }
        return apply(base)
    }

    /// Gives each `%#@name@` of a substitution its `argNum` position.
    static func placeVariables(_ text: String, _ positions: [String: Int]) -> String {
        guard let tokens = try? FormatParser.parse(text, allowVariables: true) else { return text }
        var out = ""
        for token in tokens {
            switch token {
            case .literal(let literal): out += literal.replacing("%", with: "%%")
            case .spec(let spec): out += spec.text
            case .variable(let name, let position):
                if let position { out += "%\(position)$#@\(name)@" }
                else if let placed = positions[name] { out += "%\(placed)$#@\(name)@" }
                else { out += "%#@\(name)@" }
            }
        }
        return out
    }

    /// Rewrites sequential specifiers as positional ones counted from 1.
    static func positionalize(_ text: String) -> String {
        guard let tokens = try? FormatParser.parse(text, allowVariables: true) else { return text }
        var out = ""
        var next = 1
        for token in tokens {
            switch token {
            case .literal(let literal): out += literal.replacing("%", with: "%%")
            case .spec(var spec):
                if spec.position == nil {
                    spec.position = next
                    next += 1
                }
                out += spec.text
            case .variable(let name, let position):
                out += "%\(position ?? next)$#@\(name)@"
                if position == nil { next += 1 }
            }
        }
        return out
    }

    /// The position and value type of the first numeric specifier of a format.
    static func firstNumericArgument(_ text: String) -> (Int, String)? {
        guard let tokens = try? FormatParser.parse(text, allowVariables: true) else { return nil }
        var next = 1
        for token in tokens {
            switch token {
            case .literal: continue
            case .variable(_, let position):
                if position == nil { next += 1 }
            case .spec(let spec):
                let position = spec.position ?? next
                if spec.position == nil { next += 1 }
                if FormatParser.integerConversions.contains(spec.conversion) || FormatParser.floatConversions.contains(spec.conversion) {
                    var type = spec.length + String(spec.conversion)
                    if let precision = spec.precision { type = ".\(precision)" + type }
                    return (position, type)
                }
            }
        }
        return nil
    }
}
