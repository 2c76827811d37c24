import Parlance

/// Why a format could not be used, before it is given a public meaning.
///
/// A `syntax` failure is the format's fault (a translation bug: unknown specifier, `%n`, a
/// cycle between plural variables); an `argument` failure is the caller's (a missing argument,
/// the wrong type). The catalog turns syntax failures into errors that name the file and key.
package enum FormatFailure: Error, Sendable {
    case syntax(String)
    case argument(String)

    package var message: String {
        switch self {
        case .syntax(let message), .argument(let message): message
        }
    }

    /// The public error, for formats given directly by the caller.
    func parlanceError(format: String) -> ParlanceError {
        switch self {
        case .syntax(let message):
            ParlanceError(.invalidArgument, "the format \(quoted(format)) is malformed: \(message)")
        case .argument(let message):
            ParlanceError(.invalidArgument, "the format \(quoted(format)) cannot use its arguments: \(message)")
        }
    }
}

/// One conversion specification of a printf-style format, `%[N$][flags][width][.precision][length]conversion`.
package struct FormatSpec: Hashable, Sendable {
    /// The 1-based argument position of `%N$…`, or nil for the next sequential argument.
    package var position: Int?
    package var leftAlign = false
    package var plusSign = false
    package var spaceSign = false
    package var zeroPad = false
    package var alternate = false
    package var width: Int?
    package var precision: Int?
    /// `h`, `hh`, `l`, `ll`, `q`, `L`, `z`, `t`, `j` or empty.
    package var length = ""
    /// The conversion character (`d`, `@`, `f`, …).
    package var conversion: Character {
        didSet { code = conversion.asciiValue ?? 0 }
    }
    /// The conversion as an ASCII byte (0 for anything else), for the hot formatting path.
    package private(set) var code: UInt8 = 0

    package init(conversion: Character) {
        self.conversion = conversion
        self.code = conversion.asciiValue ?? 0
    }

    /// `%d`, `%i` or `%D` (any length) without flags, width or precision.
    var isPlainSignedInteger: Bool {
        (code == UInt8(ascii: "d") || code == UInt8(ascii: "i") || code == UInt8(ascii: "D")) && !plusSign && !spaceSign
            && !zeroPad && width == nil && precision == nil
    }

    /// The specification as written (`"%.2f"`, `"%2$@"`): for messages, and to write a format
    /// back (`PluralNormalization`).
    package var text: String {
        var out = "%"
        if let position { out += "\(position)$" }
        if leftAlign { out += "-" }
        if plusSign { out += "+" }
        if spaceSign { out += " " }
        if zeroPad { out += "0" }
        if alternate { out += "#" }
        if let width { out += String(width) }
        if let precision { out += ".\(precision)" }
        return out + length + String(conversion)
    }
}

/// A set of ASCII conversion characters as a bit mask: membership is a shift and an AND, where
/// a `Set<Character>` would hash a grapheme cluster on every lookup of a hot formatting path.
package struct ConversionSet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ characters: String) {
        for byte in characters.utf8 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
    }

    /// Whether the set holds a specification's conversion (one shift and AND).
    package func contains(_ spec: FormatSpec) -> Bool {
        let byte = spec.code
        return byte == 0 ? false : byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte - 64)) != 0
    }

    package func contains(_ character: Character) -> Bool {
        guard let byte = character.asciiValue else { return false }
        return byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte - 64)) != 0
    }
}

/// A parsed piece of a format.
package enum FormatToken: Hashable, Sendable {
    case literal(String)
    case spec(FormatSpec)
    /// A stringsdict variable `%#@name@` or `%N$#@name@`.
    case variable(name: String, position: Int?)
}

/// Parses printf-style formats as Foundation's `String(format:)` reads them, plus stringsdict
/// variables. Total over any input: every malformed construct is a ``FormatFailure/syntax(_:)``.
package enum FormatParser {
    /// A literal written back into a format: each `%` doubled (`100%` → `100%%`). Most
    /// literals have none and are returned as they are.
    package static func escapingPercents(_ literal: String) -> String {
        literal.utf8.contains(UInt8(ascii: "%")) ? literal.replacing("%", with: "%%") : literal
    }

    /// The largest width, precision or argument position accepted (a translation asking for
    /// `%999999999d` gets an error, not a gigabyte of spaces).
    package static let maximumNumber = 10_000

    package static let integerConversions = ConversionSet("diDuUoOxX")
    package static let floatConversions = ConversionSet("fFeEgG")
    package static let textConversions = ConversionSet("@sS")
    package static let characterConversions = ConversionSet("cC")
    package static let radixConversions = ConversionSet("oOxX")

    /// Keyed by the format's UTF-8 bytes: hashing a `String` normalizes non-ASCII text
    /// (NFC), which costs more than parsing a short Cyrillic or Arabic format would.
    private struct CacheKey: Hashable, Sendable {
        var format: String
        var allowVariables: Bool

        static func == (lhs: CacheKey, rhs: CacheKey) -> Bool {
            guard lhs.allowVariables == rhs.allowVariables, lhs.format.utf8.count == rhs.format.utf8.count else { return false }
            let fast = lhs.format.utf8.withContiguousStorageIfAvailable { left in
                rhs.format.utf8.withContiguousStorageIfAvailable { right in left.elementsEqual(right) }
            }
            return (fast ?? nil) ?? lhs.format.utf8.elementsEqual(rhs.format.utf8)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(allowVariables)
            let hashed: Void? = format.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            if hashed == nil {
                for byte in format.utf8 { hasher.combine(byte) }
            }
        }
    }

    /// Parsed formats, so that a catalog entry is parsed once, not on every lookup. Only short
    /// formats are kept (translations are short; a hostile 1 MB format is parsed, not cached).
    private static let cache = CatalogLock<[CacheKey: Result<[FormatToken], FormatFailure>]>([:])
    private static let cacheCapacity = 4096
    private static let maximumCachedLength = 2048

    package static func parse(_ format: String, allowVariables: Bool) throws(FormatFailure) -> [FormatToken] {
        guard format.utf8.count <= maximumCachedLength else { return try parseUncached(format, allowVariables: allowVariables) }
        let key = CacheKey(format: format, allowVariables: allowVariables)
        if let hit = cache.withLock({ $0[key] }) { return try hit.get() }
        let result = Result { () throws(FormatFailure) in try parseUncached(format, allowVariables: allowVariables) }
        cache.withLock { cache in
            if cache.count >= cacheCapacity { cache.removeAll(keepingCapacity: true) }
            cache[key] = result
        }
        return try result.get()
    }

    package static func parseUncached(_ format: String, allowVariables: Bool) throws(FormatFailure) -> [FormatToken] {
        var tokens: [FormatToken] = []
        var literal = ""
        let scalars = Array(format.unicodeScalars)
        var index = 0

        func flushLiteral() {
            if !literal.isEmpty {
                tokens.append(.literal(literal))
                literal = ""
            }
        }
        func failure(_ start: Int, _ why: String) -> FormatFailure {
            let written = String(String.UnicodeScalarView(scalars[start..<min(scalars.count, index + 1)]))
            return .syntax("\(why) at offset \(start) (\(quoted(written, limit: 24)))")
        }
        /// Reads a decimal number; nil when there is no digit.
        func number(_ start: Int) throws(FormatFailure) -> Int? {
            var value = 0
            var digits = 0
            while index < scalars.count, (0x30...0x39).contains(scalars[index].value) {
                value = value * 10 + Int(scalars[index].value - 0x30)
                digits += 1
                index += 1
                if value > maximumNumber { throw failure(start, "a number larger than \(maximumNumber)") }
            }
            return digits == 0 ? nil : value
        }

        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "%" else {
                literal.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            let start = index
            index += 1
            guard index < scalars.count else { throw failure(start, "a lone '%' at the end") }
            if scalars[index] == "%" {
                literal.append("%")
                index += 1
                continue
            }
            var spec = FormatSpec(conversion: "?")
            // %N$ — a position, or the width if no '$' follows.
            let afterPercent = index
            if let leading = try number(start) {
                if index < scalars.count, scalars[index] == "$" {
                    guard leading >= 1 else { throw failure(start, "argument positions start at 1") }
                    spec.position = leading
                    index += 1
                } else if allowVariables, leading >= 1, index + 1 < scalars.count, scalars[index] == "#", scalars[index + 1] == "@" {
                    // `%1#@name@`: a position without '$', which Foundation reads as `%1$#@name@`.
                    spec.position = leading
                } else {
                    index = afterPercent
                }
            } else {
                index = afterPercent
            }
            // A stringsdict variable: %#@name@ (only '#' then '@' right after the position).
            if allowVariables, index + 1 < scalars.count, scalars[index] == "#", scalars[index + 1] == "@" {
                index += 2
                var name = ""
                while index < scalars.count, scalars[index] != "@" {
                    name.unicodeScalars.append(scalars[index])
                    index += 1
                }
                guard index < scalars.count else { throw failure(start, "an unterminated variable (no closing '@')") }
                guard !name.isEmpty else { throw failure(start, "a variable without a name") }
                index += 1
                flushLiteral()
                tokens.append(.variable(name: name, position: spec.position))
                continue
            }
            // Flags.
            flagLoop: while index < scalars.count {
                switch scalars[index] {
                case "-": spec.leftAlign = true
                case "+": spec.plusSign = true
                case " ": spec.spaceSign = true
                case "0": spec.zeroPad = true
                case "#": spec.alternate = true
                case "'": break  // thousands grouping is always on, as in Foundation
                default: break flagLoop
                }
                index += 1
            }
            if index < scalars.count, scalars[index] == "*" {
                throw failure(start, "'*' widths and precisions are not supported")
            }
            spec.width = try number(start)
            if index < scalars.count, scalars[index] == "." {
                index += 1
                if index < scalars.count, scalars[index] == "*" {
                    throw failure(start, "'*' widths and precisions are not supported")
                }
                spec.precision = try number(start) ?? 0
            }
            // Length modifiers.
            var length = ""
            while index < scalars.count, ["h", "l", "q", "L", "z", "t", "j"].contains(scalars[index]), length.count < 2 {
                length.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard ["", "h", "hh", "l", "ll", "q", "L", "z", "t", "j"].contains(length) else {
                throw failure(start, "an unknown length modifier \(quoted(length))")
            }
            spec.length = length
            guard index < scalars.count else { throw failure(start, "an incomplete conversion at the end") }
            let conversion = Character(scalars[index])
            let known =
                integerConversions.contains(conversion) || floatConversions.contains(conversion)
                || textConversions.contains(conversion) || characterConversions.contains(conversion)
            if !known, conversion != "n", spec.spaceSign || !(conversion.isASCII && conversion.isLetter) {
                // "100% pure": a percent sign meant literally, not a conversion.
                let following = String(String.UnicodeScalarView(scalars[(start + 1)..<min(scalars.count, start + 3)]))
                throw .syntax("a lone '%' before \(quoted(following)) at offset \(start); write '%%'")
            }
            switch conversion {
            case "n":
                throw failure(start, "'%n' (it writes to memory in C) is refused")
            case "p", "a", "A":
                throw failure(start, "the conversion '%\(conversion)' is not supported")
            default:
                break
            }
            guard known else {
                throw failure(start, "an unknown format specifier")
            }
            spec.conversion = conversion
            index += 1
            flushLiteral()
            tokens.append(.spec(spec))
        }
        flushLiteral()
        return tokens
    }
}
