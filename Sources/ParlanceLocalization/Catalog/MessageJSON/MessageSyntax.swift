import Foundation
import Parlance

/// One part of an ICU MessageFormat pattern, as ``MessageSyntax`` reads it.
package indirect enum MessagePart: Hashable, Sendable {
    /// Literal text (quoting resolved).
    case text(String)
    /// `{name}`, `{name, number}`, `{name, number, integer}`, `{name, date, short}`.
    case argument(name: String, type: String?, style: String?)
    /// `#` in a plural branch: the plural's number.
    case pound
    /// `{name, plural|selectordinal|select, [offset:n] keyword {…} …}`.
    case choice(name: String, kind: String, offset: Int?, options: [MessageOption])
}

/// One branch of a plural or select.
package struct MessageOption: Hashable, Sendable {
    /// `one`, `other`, `=0`, `male`, …
    package var keyword: String
    package var parts: [MessagePart]
    /// Offset of the keyword in the pattern, in Unicode scalars (not part of equality: two
    /// patterns that read the same have equal options).
    package var offset: Int

    package static func == (lhs: MessageOption, rhs: MessageOption) -> Bool { lhs.keyword == rhs.keyword && lhs.parts == rhs.parts }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(keyword)
        hasher.combine(parts)
    }

    package init(keyword: String, parts: [MessagePart], offset: Int = 0) {
        self.keyword = keyword
        self.parts = parts
        self.offset = offset
    }
}

/// A pattern that does not parse: what was expected and where (offset in Unicode scalars).
package struct MessageSyntaxError: Error, Sendable {
    package var offset: Int
    package var message: String
}

/// A reader of ICU MessageFormat patterns into parts (quoting as ICU's default apostrophe mode
/// reads it: `''` is an apostrophe, `'` before `{`, `}`, `#` or `|` starts quoted text), and
/// the writers back: ICU text, i18next text and printf formats. It checks the structure only;
/// ICU itself formats the values (``CatalogEntry/isMessageFormat``). Linear in the length of
/// the pattern, nesting bounded.
package enum MessageSyntax {
    /// The deepest nesting of plurals and selects accepted.
    package static let maximumDepth = 32

    /// Parses a pattern.
    package static func parse(_ text: String) throws(MessageSyntaxError) -> [MessagePart] {
        var scanner = Scanner(scalars: Array(text.unicodeScalars))
        let parts = try scanner.message(depth: 0, inPlural: false)
        if scanner.index < scanner.scalars.count {
            throw MessageSyntaxError(offset: scanner.index, message: "an unmatched '}'")
        }
        return parts
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0

        mutating func message(depth: Int, inPlural: Bool) throws(MessageSyntaxError) -> [MessagePart] {
            guard depth <= MessageSyntax.maximumDepth else {
                throw MessageSyntaxError(offset: index, message: "plurals and selects nested more than \(MessageSyntax.maximumDepth) deep")
            }
            var parts: [MessagePart] = []
            var literal = String.UnicodeScalarView()
            func flush() {
                if !literal.isEmpty {
                    parts.append(.text(String(literal)))
                    literal = String.UnicodeScalarView()
                }
            }
            while index < scalars.count {
                let scalar = scalars[index]
                switch scalar {
                case "'":
                    let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                    if next == "'" {
                        literal.append("'")
                        index += 2
                    } else if let next, next == "{" || next == "}" || next == "|" || (inPlural && next == "#") {
                        // Quoted text up to the next lone apostrophe.
                        index += 1
                        while index < scalars.count {
                            if scalars[index] == "'" {
                                if index + 1 < scalars.count, scalars[index + 1] == "'" {
                                    literal.append("'")
                                    index += 2
                                    continue
                                }
                                index += 1
                                break
                            }
                            literal.append(scalars[index])
                            index += 1
                        }
                    } else {
                        literal.append("'")
                        index += 1
                    }
                case "{":
                    flush()
                    parts.append(try argument(depth: depth, inPlural: inPlural))
                case "}":
                    flush()
                    return parts
                case "#" where inPlural:
                    flush()
                    parts.append(.pound)
                    index += 1
                default:
                    literal.append(scalar)
                    index += 1
                }
            }
            flush()
            return parts
        }

        mutating func skipSpace() {
            while index < scalars.count, scalars[index].properties.isPatternWhitespace { index += 1 }
        }

        mutating func word() -> String {
            var out = String.UnicodeScalarView()
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar.properties.isPatternWhitespace || scalar == "," || scalar == "{" || scalar == "}" { break }
                out.append(scalar)
                index += 1
            }
            return String(out)
        }

        mutating func expect(_ scalar: Unicode.Scalar, _ what: String) throws(MessageSyntaxError) {
            guard index < scalars.count, scalars[index] == scalar else {
                throw MessageSyntaxError(offset: index, message: "expected \(what)")
            }
            index += 1
        }

        mutating func argument(depth: Int, inPlural: Bool) throws(MessageSyntaxError) -> MessagePart {
            let start = index
            index += 1
            skipSpace()
            let name = word()
            guard !name.isEmpty else { throw MessageSyntaxError(offset: index, message: "expected an argument name after '{'") }
            skipSpace()
            if index < scalars.count, scalars[index] == "}" {
                index += 1
                return .argument(name: name, type: nil, style: nil)
            }
            try expect(",", "',' or '}' after the argument name \(quoted(name))")
            skipSpace()
            let type = word()
            guard !type.isEmpty else { throw MessageSyntaxError(offset: index, message: "expected an argument type after ','") }
            skipSpace()
            switch type {
            case "plural", "selectordinal", "select":
                try expect(",", "',' after \(type)")
                var options: [MessageOption] = []
                var offset: Int?
                while true {
                    skipSpace()
                    guard index < scalars.count else {
                        throw MessageSyntaxError(offset: start, message: "the \(type) of \(quoted(name)) is not closed")
                    }
                    if scalars[index] == "}" {
                        index += 1
                        break
                    }
                    let keywordStart = index
                    let keyword = word()
                    guard !keyword.isEmpty else { throw MessageSyntaxError(offset: index, message: "expected a \(type) keyword") }
                    if keyword.hasPrefix("offset:"), type != "select" {
                        guard let value = Int(keyword.dropFirst("offset:".count)) else {
                            throw MessageSyntaxError(offset: keywordStart, message: "expected a number after offset:")
                        }
                        offset = value
                        continue
                    }
                    skipSpace()
                    try expect("{", "'{' after the keyword \(quoted(keyword))")
                    // `#` is the number in a plural's own branches, not inside an argument nested in one.
                    let parts = try message(depth: depth + 1, inPlural: type != "select")
                    try expect("}", "'}' closing the \(quoted(keyword)) branch")
                    options.append(MessageOption(keyword: keyword, parts: parts, offset: keywordStart))
                }
                guard options.contains(where: { $0.keyword == "other" }) else {
                    throw MessageSyntaxError(offset: start, message: "the \(type) of \(quoted(name)) has no 'other' branch")
                }
                return .choice(name: name, kind: type, offset: offset, options: options)
            default:
                var style: String?
                if index < scalars.count, scalars[index] == "," {
                    index += 1
                    var out = String.UnicodeScalarView()
                    var nesting = 0
                    while index < scalars.count {
                        let scalar = scalars[index]
                        if scalar == "{" { nesting += 1 }
                        if scalar == "}" {
                            if nesting == 0 { break }
                            nesting -= 1
                        }
                        out.append(scalar)
                        index += 1
                    }
                    style = String(out).trimmingSpaces
                }
                try expect("}", "'}' closing the argument \(quoted(name))")
                return .argument(name: name, type: type, style: style)
            }
        }
    }

    // MARK: Writing

    /// The parts as an ICU pattern: apostrophes doubled where ICU would read them as quotes,
    /// braces (and `#` in a plural) quoted.
    package static func icu(_ parts: [MessagePart], inPlural: Bool = false) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text): out += icuLiteral(text, inPlural: inPlural)
            case .pound: out += "#"
            case .argument(let name, let type, let style):
                out += "{" + name + (type.map { ", " + $0 } ?? "") + (style.map { ", " + $0 } ?? "") + "}"
            case .choice(let name, let kind, let offset, let options):
                out += "{\(name), \(kind),"
                if let offset { out += " offset:\(offset)" }
                for option in options {
                    out += " \(option.keyword) {" + icu(option.parts, inPlural: kind != "select") + "}"
                }
                out += "}"
            }
        }
        return out
    }

    /// Literal text as ICU reads it back unchanged.
    package static func icuLiteral(_ text: String, inPlural: Bool) -> String {
        var out = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "'":
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                // A lone apostrophe before a syntax character (or at the end, before whatever
                // follows) would start quoted text.
                if next == nil || next == "{" || next == "}" || next == "|" || next == "'" || (inPlural && next == "#") {
                    out += "''"
                } else {
                    out += "'"
                }
            case "{", "}", "|": out += "'\(scalar)'"
            case "#" where inPlural: out += "'#'"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Every argument name a pattern uses, in order of first use (choice arguments included).
    package static func argumentNames(_ parts: [MessagePart]) -> [String] {
        var out: [String] = []
        func walk(_ parts: [MessagePart]) {
            for part in parts {
                switch part {
                case .text, .pound: continue
                case .argument(let name, _, _): if !out.contains(name) { out.append(name) }
                case .choice(let name, _, _, let options):
                    if !out.contains(name) { out.append(name) }
                    for option in options { walk(option.parts) }
                }
            }
        }
        walk(parts)
        return out
    }

    /// The plural and select choices of a pattern, outermost first.
    package static func choices(_ parts: [MessagePart]) -> [(name: String, kind: String, options: [MessageOption])] {
        var out: [(String, String, [MessageOption])] = []
        func walk(_ parts: [MessagePart]) {
            for part in parts {
                guard case .choice(let name, let kind, _, let options) = part else { continue }
                out.append((name, kind, options))
                for option in options { walk(option.parts) }
            }
        }
        walk(parts)
        return out
    }

    // MARK: i18next

    /// An i18next value as ICU parts: `{{name}}` (and `{{- name}}`, `{{name, format}}`) is an
    /// argument; every other character is text. Returns the formats it could not keep.
    package static func fromI18next(_ text: String) -> (parts: [MessagePart], dropped: [String]) {
        var parts: [MessagePart] = []
        var dropped: [String] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            literal += rest[..<open.lowerBound]
            var inside = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if inside.hasPrefix("-") { inside = String(inside.dropFirst()).trimmingCharacters(in: .whitespaces) }
            let pieces = inside.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if let name = pieces.first, !name.isEmpty, !name.contains(where: { $0.isWhitespace || $0 == "{" || $0 == "}" }) {
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                var type: String?
                if pieces.count > 1 {
                    if pieces[1] == "number" {
                        type = "number"
                    } else {
                        dropped.append(pieces[1])
                    }
                }
                parts.append(.argument(name: name, type: type, style: nil))
            } else {
                literal += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.text(literal)) }
        return (parts, dropped)
    }

    /// Parts as an i18next value (`{{name}}`; `#` is `{{count}}`, as i18next names the plural's
    /// number). Nil when a part has no i18next form (a plural or select inside the value).
    package static func i18next(_ parts: [MessagePart], pluralName: String = "count") -> String? {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text): out += text
            case .pound: out += "{{\(pluralName)}}"
            case .argument(let name, let type, let style):
                if type == nil {
                    out += "{{\(name)}}"
                } else if type == "number", style == nil || style == "integer" {
                    out += "{{\(name), number}}"
                } else {
                    return nil
                }
            case .choice: return nil
            }
        }
        return out
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.unicodeScalars.first, first.properties.isPatternWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.unicodeScalars.last, last.properties.isPatternWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
