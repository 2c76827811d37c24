import ParlanceLocalization

/// Just enough of Swift's lexical grammar to find `String(localized: "…")` calls: identifiers,
/// single punctuation characters and string literals (plain, multi-line, raw, with nested
/// interpolations), with comments (nested block comments too) skipped. Locations are 1-based
/// lines and columns in Unicode scalars. Unterminated literals and comments end the scan
/// quietly (the compiler reports them); the scan is linear in the source.
struct SwiftTokenizer: LocatedScanner {
    enum Kind {
        case identifier(String)
        case punct(Character)
        case string(Literal)
    }

    struct Token {
        var kind: Kind
        var location: CatalogLocation
    }

    /// A string literal: its decoded text pieces and interpolation holes.
    struct Literal {
        enum Piece {
            case text(String)
            case hole
        }

        var pieces: [Piece]
        /// False when an escape could not be decoded (the compiler reports it).
        var isDecodable = true

        /// The text around the holes; nil when an escape could not be decoded.
        var pattern: KeyPattern? {
            guard isDecodable else { return nil }
            var parts = [""]
            for piece in pieces {
                switch piece {
                case .text(let text): parts[parts.count - 1] += text
                case .hole: parts.append("")
                }
            }
            return KeyPattern(parts: parts)
        }

        /// The text when there is no interpolation.
        var exactText: String? {
            guard let pattern, pattern.parts.count == 1 else { return nil }
            return pattern.parts[0]
        }
    }

    let scalars: [Unicode.Scalar]
    private let file: String
    var index = 0
    var line = 1
    var column = 1
    /// String literals inside interpolations inside string literals…: the scan stops (as at an
    /// unterminated literal) beyond this depth, so hostile source cannot exhaust the stack.
    static let maximumNesting = 64
    private var nesting = 0

    init(source: String, file: String) {
        self.scalars = Array(source.unicodeScalars)
        self.file = file
    }

    private var location: CatalogLocation { CatalogLocation(file: file, line: line, column: column) }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "$"
    }

    /// Every token up to the end of the source (or the stop at an unterminated literal).
    mutating func tokens() -> [Token] {
        var out: [Token] = []
        _ = scanTokens(into: &out, untilClosingParen: false)
        return out
    }

    /// Scans tokens; inside an interpolation, stops after its closing `)`. Returns false at
    /// an unterminated construct.
    private mutating func scanTokens(into out: inout [Token], untilClosingParen: Bool) -> Bool {
        var depth = 0
        while let scalar = peek() {
            if scalar == "/" && peek(1) == "/" {
                while let next = peek(), next != "\n" { advance() }
                continue
            }
            if scalar == "/" && peek(1) == "*" {
                guard skipBlockComment() else { return false }
                continue
            }
            if scalar.properties.isWhitespace {
                advance()
                continue
            }
            let start = location
            if scalar == "\"" || (scalar == "#" && rawStringStarts()) {
                guard let literal = scanString() else { return false }
                out.append(Token(kind: .string(literal), location: start))
                continue
            }
            if scalar == "`" {
                advance()
                var name = ""
                while let next = peek(), next != "`", next != "\n" {
                    name.unicodeScalars.append(next)
                    advance()
                }
                if peek() == "`" { advance() }
                out.append(Token(kind: .identifier(name), location: start))
                continue
            }
            if Self.isIdentifierScalar(scalar) {
                var name = ""
                while let next = peek(), Self.isIdentifierScalar(next) {
                    name.unicodeScalars.append(next)
                    advance()
                }
                out.append(Token(kind: .identifier(name), location: start))
                continue
            }
            advance()
            if untilClosingParen {
                if scalar == "(" { depth += 1 }
                if scalar == ")" {
                    if depth == 0 { return true }
                    depth -= 1
                }
            }
            out.append(Token(kind: .punct(Character(scalar)), location: start))
        }
        return !untilClosingParen
    }

    private func rawStringStarts() -> Bool {
        var offset = 0
        while peek(offset) == "#" { offset += 1 }
        return peek(offset) == "\""
    }

    private mutating func skipBlockComment() -> Bool {
        var depth = 0
        while let scalar = peek() {
            if scalar == "/" && peek(1) == "*" {
                depth += 1
                advance()
                advance()
            } else if scalar == "*" && peek(1) == "/" {
                depth -= 1
                advance()
                advance()
                if depth == 0 { return true }
            } else {
                advance()
            }
        }
        return false
    }

    /// A string literal from its opening delimiter; nil when unterminated.
    private mutating func scanString() -> Literal? {
        var hashes = 0
        while peek() == "#" {
            hashes += 1
            advance()
        }
        let multiline = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
        for _ in 0..<(multiline ? 3 : 1) { advance() }
        var pieces: [Literal.Piece] = []
        var text = ""
        var decodable = true
        func closes(_ tokenizer: SwiftTokenizer) -> Bool {
            var offset = 0
            for _ in 0..<(multiline ? 3 : 1) {
                guard tokenizer.peek(offset) == "\"" else { return false }
                offset += 1
            }
            for _ in 0..<hashes {
                guard tokenizer.peek(offset) == "#" else { return false }
                offset += 1
            }
            return true
        }
        while let scalar = peek() {
            if closes(self) {
                for _ in 0..<((multiline ? 3 : 1) + hashes) { advance() }
                if !text.isEmpty { pieces.append(.text(text)) }
                return Literal(pieces: multiline ? Self.stripIndentation(pieces) : pieces, isDecodable: decodable)
            }
            if scalar == "\n" && !multiline { return nil }
            if scalar == "\\" && escapeStarts(hashes: hashes) {
                advance()
                for _ in 0..<hashes { advance() }
                guard let escaped = peek() else { return nil }
                switch escaped {
                case "(":
                    advance()
                    if !text.isEmpty { pieces.append(.text(text)) }
                    text = ""
                    var ignored: [Token] = []
                    guard nesting < Self.maximumNesting else { return nil }
                    nesting += 1
                    let closed = scanTokens(into: &ignored, untilClosingParen: true)
                    nesting -= 1
                    guard closed else { return nil }
                    pieces.append(.hole)
                case "n":
                    text += "\n"
                    advance()
                case "t":
                    text += "\t"
                    advance()
                case "r":
                    text += "\r"
                    advance()
                case "0":
                    text += "\0"
                    advance()
                case "\\", "\"", "'":
                    text.unicodeScalars.append(escaped)
                    advance()
                case "u":
                    advance()
                    var hex = ""
                    if peek() == "{" {
                        advance()
                        while let digit = peek(), digit.properties.isASCIIHexDigit, hex.count < 8 {
                            hex.unicodeScalars.append(digit)
                            advance()
                        }
                    }
                    if peek() == "}", let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
                        advance()
                        text.unicodeScalars.append(decoded)
                    } else {
                        decodable = false
                    }
                case "\n" where multiline:
                    advance()  // line continuation
                    while let blank = peek(), blank == " " || blank == "\t" { advance() }
                default:
                    decodable = false
                }
                continue
            }
            text.unicodeScalars.append(scalar)
            advance()
        }
        return nil
    }

    private func escapeStarts(hashes: Int) -> Bool {
        for offset in 0..<hashes where peek(1 + offset) != "#" { return false }
        return true
    }

    /// A multi-line literal's text: the first line break (after the opening delimiter) and the
    /// last (before the closing one) dropped, the closing line's indentation removed from
    /// every line.
    private static func stripIndentation(_ original: [Literal.Piece]) -> [Literal.Piece] {
        guard case .text(let last)? = original.last, let newline = last.lastIndex(of: "\n") else { return original }
        let indentation = String(last[last.index(after: newline)...])
        guard indentation.allSatisfy({ $0 == " " || $0 == "\t" }) else { return original }
        var pieces = original
        pieces[pieces.count - 1] = .text(String(last[..<newline]))
        if case .text(let first) = pieces[0], first.hasPrefix("\n") { pieces[0] = .text(String(first.dropFirst())) }
        var out: [Literal.Piece] = []
        var atLineStart = true
        for piece in pieces {
            guard case .text(let text) = piece else {
                out.append(piece)
                atLineStart = false
                continue
            }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for lineIndex in lines.indices where lineIndex > 0 || atLineStart {
                if lines[lineIndex].hasPrefix(indentation) { lines[lineIndex].removeFirst(indentation.count) }
            }
            out.append(.text(lines.joined(separator: "\n")))
            atLineStart = text.hasSuffix("\n")
        }
        return out
    }
}
