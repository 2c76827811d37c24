public import ParlanceLocalization

/// A catalog key as Swift code writes it: literal text with holes where a `String(localized:)`
/// literal interpolates a value. The hole's specifier depends on the value's type, which a
/// source scan does not know, so a hole matches any specifier the interpolation API writes
/// (`%@ %lld %d %llu %u %lf %f`).
///
/// ```swift
/// let pattern = KeyPattern(parts: ["greeting.message ", ""])   // "greeting.message \(name)"
/// pattern.matches("greeting.message %@")   // true
/// pattern.description                       // "greeting.message %…"
/// ```
public struct KeyPattern: Hashable, Sendable, CustomStringConvertible {
    /// The literal text around the holes (one more than the holes), `%` already written `%%`.
    public var parts: [String]

    /// A pattern; `parts` must not be empty (an empty array is the empty key).
    public init(parts: [String]) {
        self.parts = parts.isEmpty ? [""] : parts
    }

    /// A key with no hole.
    public init(exactly key: String) { self.parts = [key] }

    /// The specifiers a hole stands for: what `LocalizationValue` writes for each type.
    public static let holeSpecifiers = ["%@", "%lld", "%llu", "%lf", "%d", "%u", "%f"]

    /// Whether a catalog key is this pattern with a specifier in each hole.
    public func matches(_ key: String) -> Bool {
        Self.match(Substring(key), parts[...])
    }

    private static func match(_ key: Substring, _ parts: ArraySlice<String>) -> Bool {
        guard let first = parts.first else { return key.isEmpty }
        guard key.hasPrefix(first) else { return false }
        let rest = key.dropFirst(first.count)
        if parts.count == 1 { return rest.isEmpty }
        for specifier in holeSpecifiers where rest.hasPrefix(specifier) {
            if match(rest.dropFirst(specifier.count), parts.dropFirst()) { return true }
        }
        return false
    }

    /// The key with `%…` for each hole.
    public var description: String { parts.joined(separator: "%…") }
}

/// A place in Swift source that looks a catalog key up, as ``KeyUsageScanner`` finds it.
public struct KeyUsage: Hashable, Sendable {
    /// How the key is used.
    public enum Kind: String, Hashable, Sendable {
        /// `String(localized: "text \(value)")` or `.string(localized: …)`: Apple's key form.
        case interpolation
        /// `String(localized: "key", defaultValue: …)`: the key as written.
        case key
        /// A lookup in a file `parlance gen` wrote (`__parlance_lookup("key", "table", …)`).
        case generated
    }

    /// How the key is used.
    public var kind: Kind
    /// The key.
    public var pattern: KeyPattern
    /// The table; nil when the code passes one that is not a string literal (then the key
    /// cannot be checked).
    public var table: String?
    /// Where the key's literal starts.
    public var location: CatalogLocation
}

/// Finds the catalog keys Swift source uses: `String(localized:)` and `.string(localized:)`
/// calls whose key is a string literal (interpolations become holes), and the lookups of files
/// that `parlance gen` wrote. Comments and other string literals are skipped; a call whose key
/// is not a literal is not a usage (its key is only known at run time).
///
/// ```swift
/// let usages = KeyUsageScanner.scan(source: "let s = String(localized: \"hi \\(name)\")", file: "A.swift")
/// usages[0].pattern.description   // "hi %…"
/// usages[0].location              // A.swift:1:27
/// ```
public enum KeyUsageScanner {
    /// The usages in one source text, in source order.
    public static func scan(source: String, file: String) -> [KeyUsage] {
        var tokenizer = SwiftTokenizer(source: source, file: file)
        let tokens = tokenizer.tokens()
        var usages: [KeyUsage] = []
        var index = 0
        func identifier(_ offset: Int) -> String? {
            guard index + offset < tokens.count, case .identifier(let name) = tokens[index + offset].kind else { return nil }
            return name
        }
        func punct(_ offset: Int) -> Character? {
            guard index + offset < tokens.count, case .punct(let character) = tokens[index + offset].kind else { return nil }
            return character
        }
        func literal(_ offset: Int) -> (SwiftTokenizer.Literal, CatalogLocation)? {
            guard index + offset < tokens.count, case .string(let literal) = tokens[index + offset].kind else { return nil }
            return (literal, tokens[index + offset].location)
        }
        while index < tokens.count {
            let isInitializer = identifier(0) == "String" && punct(1) == "("
            let isMethod = punct(0) == "." && identifier(1) == "string" && punct(2) == "("
            if isInitializer || isMethod {
                let open = isInitializer ? 1 : 2
                if identifier(open + 1) == "localized", punct(open + 2) == ":", let (key, location) = literal(open + 3) {
                    let arguments = callArguments(tokens, from: index + open + 4)
                    if let pattern = key.pattern {
                        let hasDefault = arguments.labels.contains("defaultValue")
                        // With defaultValue: the key is a StaticString (no interpolation).
                        if !(hasDefault && pattern.parts.count > 1) {
                            usages.append(
                                KeyUsage(
                                    kind: hasDefault ? .key : .interpolation, pattern: hasDefault ? pattern : pattern.escapingPercents,
                                    table: arguments.table, location: location))
                        }
                    }
                    index += open + 4
                    continue
                }
            }
            if identifier(0) == Renderer.lookupName, punct(1) == "(", let (key, location) = literal(2), punct(3) == ",",
                let (table, _) = literal(4), let exact = key.exactText, let tableName = table.exactText
            {
                usages.append(KeyUsage(kind: .generated, pattern: KeyPattern(exactly: exact), table: tableName, location: location))
                index += 5
                continue
            }
            index += 1
        }
        return usages
    }

    /// The labels of a call's remaining arguments and its `table:` literal ("Localizable" when
    /// there is no `table:`, nil when it is not a plain literal).
    private static func callArguments(_ tokens: [SwiftTokenizer.Token], from start: Int) -> (labels: Set<String>, table: String?) {
        var depth = 0
        var labels: Set<String> = []
        var table: String? = "Localizable"
        var index = start
        var atArgumentStart = false
        while index < tokens.count {
            switch tokens[index].kind {
            case .punct("("), .punct("["), .punct("{"):
                depth += 1
            case .punct(")"), .punct("]"), .punct("}"):
                if depth == 0 { return (labels, table) }
                depth -= 1
            case .punct(","):
                if depth == 0 { atArgumentStart = true }
                index += 1
                continue
            case .identifier(let label) where depth == 0 && atArgumentStart:
                if index + 1 < tokens.count, case .punct(":") = tokens[index + 1].kind {
                    labels.insert(label)
                    if label == "table" {
                        if index + 2 < tokens.count, case .string(let literal) = tokens[index + 2].kind, let text = literal.exactText,
                            index + 3 < tokens.count, case .punct(let after) = tokens[index + 3].kind, after == "," || after == ")"
                        {
                            table = text
                        } else {
                            table = nil
                        }
                    }
                }
            default:
                break
            }
            atArgumentStart = false
            index += 1
        }
        return (labels, table)
    }
}

extension KeyPattern {
    /// The literal text as a format writes it: `%` → `%%` (what ``LocalizationValue`` does).
    var escapingPercents: KeyPattern { KeyPattern(parts: parts.map { $0.replacing("%", with: "%%") }) }
}

/// Checks usages against a catalog: each key must be in its table (in some language).
///
/// ```swift
/// let usages = KeyUsageScanner.scan(source: text, file: "Sources/App/Home.swift")
/// let findings = KeyUsageChecker(catalog: catalog).check(usages)
/// findings.first?.description   // "Sources/App/Home.swift:12:27: the key \"greting %…\" is not in …"
/// ```
public struct KeyUsageChecker: Sendable {
    /// The catalog the keys must be in.
    public let catalog: Catalog
    private let keysByTable: [String: Set<String>]

    /// A checker over a catalog's keys.
    public init(catalog: Catalog) {
        self.catalog = catalog
        var keys: [String: Set<String>] = [:]
        for table in catalog.tableNames { keys[table] = Set(catalog.keys(table: table)) }
        self.keysByTable = keys
    }

    /// Whether the catalog has a key the usage matches (nil when its table is not a literal).
    public func isResolved(_ usage: KeyUsage) -> Bool? {
        guard let table = usage.table else { return nil }
        guard let keys = keysByTable[table] else { return false }
        if usage.pattern.parts.count == 1 { return keys.contains(usage.pattern.parts[0]) }
        let prefix = usage.pattern.parts[0]
        return keys.contains { $0.hasPrefix(prefix) && usage.pattern.matches($0) }
    }

    /// A `keygen-missing-key` diagnostic at each usage whose key the catalog does not have.
    /// Usages whose table is not a literal are not checked.
    public func check(_ usages: [KeyUsage]) -> [CatalogDiagnostic] {
        usages.compactMap { usage in
            guard isResolved(usage) == false, let table = usage.table else { return nil }
            let source: String
            switch usage.kind {
            case .interpolation: source = "String(localized:) key"
            case .key: source = "String(localized:defaultValue:) key"
            case .generated: source = "generated accessor's key"
            }
            let hint = usage.kind == .generated ? "; the generated file is out of date: run `parlance gen` again" : ""
            let where_ = keysByTable[table] == nil ? "the catalog has no table \(quotedKey(table))" : "it is not in the table \(quotedKey(table))"
            let shape = usage.pattern.parts.count > 1 ? " (each %… stands for any of \(KeyPattern.holeSpecifiers.joined(separator: " ")))" : ""
            return CatalogDiagnostic(
                file: usage.location.file, line: usage.location.line, column: usage.location.column,
                message: "the \(source) \(quotedKey(usage.pattern.description)) is missing from \(catalog.directory): \(where_)\(shape)\(hint)",
                key: usage.pattern.description, language: nil, code: "keygen-missing-key")
        }
    }
}
