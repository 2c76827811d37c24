import ParlanceLocalization

/// One accessor to generate.
final class Member {
    let key: String
    let table: String
    let entry: CatalogEntry
    let parameters: [Parameter]
    let baseName: String
    /// The translator comment (`.xcstrings` `comment`, the comment before a `.strings` entry).
    var comment: String?
    /// The final Swift name (the base name, or the base name with `_2`, `_3`… after a collision).
    var name: String

    init(key: String, table: String, entry: CatalogEntry, parameters: [Parameter], baseName: String) {
        self.key = key
        self.table = table
        self.entry = entry
        self.parameters = parameters
        self.baseName = baseName
        self.name = baseName
    }
}

/// One generated enum: the keys sharing a dotted prefix.
final class Namespace {
    let name: String
    /// The first key (or table) that created the enum, for messages.
    var origin: String
    var children: [String: Namespace] = [:]
    var members: [Member] = []

    init(name: String, origin: String = "") {
        self.name = name
        self.origin = origin
    }

    func child(_ name: String, origin: String) -> Namespace {
        if let existing = children[name] { return existing }
        let created = Namespace(name: name, origin: origin)
        children[name] = created
        return created
    }

    /// Gives every member a name no other declaration of its enum has, deterministically: the
    /// nested enums keep theirs, then members in key order take their base name or the first
    /// free `_N` suffix. Each rename is a diagnostic naming both keys and where they are written.
    func assignNames(isRoot: Bool = true) -> [CatalogDiagnostic] {
        var diagnostics: [CatalogDiagnostic] = []
        var used: [String: String] = [:]  // name → what holds it
        if isRoot { used["binding"] = "the generated binding property" }
        for name in children.keys { used[name] = "the enum \(name) (from \(quotedKey(children[name]?.origin ?? "")))" }
        var holders: [String: Member] = [:]
        members.sort { ($0.table, $0.key) < ($1.table, $1.key) }
        for member in members {
            var candidate = member.baseName
            var suffix = 2
            while used[candidate] != nil {
                candidate = member.baseName + "_\(suffix)"
                suffix += 1
            }
            if candidate != member.baseName {
                let other = holders[member.baseName].map { "the key \(quotedKey($0.key)) at \($0.entry.location)" } ?? used[member.baseName] ?? ""
                diagnostics.append(
                    CatalogDiagnostic(
                        file: member.entry.location.file, line: member.entry.location.line, column: member.entry.location.column,
                        message:
                            "the key \(quotedKey(member.key)) maps to the Swift name \(member.baseName), as does \(other); generated as \(candidate)",
                        key: member.key, language: member.entry.language.identifier, code: "keygen-name-collision"))
            }
            member.name = candidate
            used[candidate] = "the key \(quotedKey(member.key))"
            holders[candidate] = member
        }
        for name in children.keys.sorted() {
            diagnostics += children[name]?.assignNames(isRoot: false) ?? []
        }
        return diagnostics
    }

    func collect(into out: inout [KeyGenerator.GeneratedKey], path: [String]) {
        for member in members {
            out.append(
                KeyGenerator.GeneratedKey(
                    table: member.table, key: member.key, swiftPath: (path + [Naming.unescaped(member.name)]).joined(separator: "."),
                    parameterTypes: member.parameters.map(\.type.rawValue), argumentNames: member.parameters.map(\.named)))
        }
        for name in children.keys.sorted() {
            children[name]?.collect(into: &out, path: path + [name])
        }
    }
}

/// Swift-safe names for key components.
enum Naming {
    /// Words of a component: runs of ASCII letters and digits.
    static func words(_ component: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in component.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Swift keywords that may be used as names between backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
        "is", "nil", "super", "throws", "true", "try", "package", "any", "some", "consume", "copy", "discard", "borrowing",
        "consuming", "await", "async", "each",
    ]
    /// Names that are awkward even between backticks (member access, metatypes): suffixed with `_`.
    static let suffixed: Set<String> = ["self", "Self", "init", "deinit", "subscript", "Type", "Protocol", "Any", "Sendable"]

    /// `auth.login.email_placeholder`'s last component → `emailPlaceholder`; `class` → `` `class` ``;
    /// `2fa` → `_2fa`.
    static func memberName(_ component: String) -> String {
        let words = words(component)
        guard let first = words.first else { return "_" }
        let head = first.allSatisfy(\.isUppercase) ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst()
        return escape(head + words.dropFirst().map(capitalized).joined())
    }

    /// `auth` → `Auth`, `a-b` → `AB`, `2fa` → `_2fa`.
    static func typeName(_ component: String) -> String {
        let words = words(component)
        guard !words.isEmpty else { return "_" }
        let name = words.map(capitalized).joined()
        return escape(name)
    }

    static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    static func escape(_ name: String) -> String {
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { return "_" + name }
        if suffixed.contains(name) { return name + "_" }
        if keywords.contains(name) { return "`\(name)`" }
        return name
    }

    static func unescaped(_ name: String) -> String { name.replacingBackticks() }
}

extension String {
    fileprivate func replacingBackticks() -> String { String(filter { $0 != "`" }) }
}

/// Escapes for a Swift string literal (and one-line doc comments).
enum SwiftLiteral {
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
