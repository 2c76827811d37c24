#if Translation
import Parlance

/// Pseudo-localization: text that still reads as the source but looks translated, to find UI
/// that was never localized, layouts that break when text grows, truncation, and bidi bugs.
///
/// ```swift
/// let pseudo = PseudoLocalizationProvider()
/// pseudo.pseudoLocalize("Delete %lld files?")      // "[Ðéļéţé %lld ƒîļéš? ~~~~]"
/// PseudoLocalizationProvider(options: .init(rightToLeft: true)).pseudoLocalize("Hi {name}")
/// // "\u{2067}\u{200F}[Ĥî \u{2066}{name}\u{2069} ~]\u{200F}\u{2069}"
/// ```
///
/// - Letters get accents (`a → á`, `S → Š`): text that escaped localization stays plain ASCII.
/// - The text grows by ``Options/expansionRatio`` (35% by default, within the 30–40% German
///   adds to English) with `~` padding, so that layouts are tested at translated lengths.
/// - Brackets mark both ends, so truncated text shows a missing `]`.
/// - Right-to-left mode wraps the text in RLI…PDI with RLM marks (and each placeholder in
///   LRI…PDI), to test bidi layout without a right-to-left translation.
/// - Placeholders are kept byte for byte: printf specifiers (`%@`, `%1$@`, `%lld`, `%.2f`,
///   `%%`), stringsdict variables (`%#@count@`), `%{name}`, ICU/brace arguments (`{name}`,
///   `{0}`, `{count, plural, …}` whole), and HTML-like tags (`<b>`, `</a>`).
public struct PseudoLocalizationProvider: SyncTranslationProvider {
    /// How text is transformed.
    public struct Options: Hashable, Sendable {
        /// Replace letters with accented look-alikes.
        public var accents: Bool
        /// Added length as a fraction of the translatable characters (0.35 = 35%); clamped to 0…3.
        public var expansionRatio: Double
        /// Mark both ends with `[` and `]`.
        public var brackets: Bool
        /// Wrap the text for right-to-left display (RLI, RLM … RLM, PDI; placeholders in LRI…PDI).
        public var rightToLeft: Bool

        /// Options; see the properties.
        public init(accents: Bool = true, expansionRatio: Double = 0.35, brackets: Bool = true, rightToLeft: Bool = false) {
            self.accents = accents
            self.expansionRatio = expansionRatio.isFinite ? min(max(expansionRatio, 0), 3) : 0.35
            self.brackets = brackets
            self.rightToLeft = rightToLeft
        }
    }

    /// The transformation.
    public let options: Options
    public let identifier: String

    /// A pseudo-localizer.
    public init(options: Options = Options(), identifier: String = "pseudo") {
        self.options = options
        self.identifier = identifier
    }

    public func translateSynchronously(_ request: TranslationRequest) throws -> TranslationResponse {
        TranslationResponse(text: pseudoLocalize(request.sourceText), providerID: identifier)
    }

    /// The pseudo-localized form of `text` (linear in its length; never fails).
    public func pseudoLocalize(_ text: String) -> String {
        let segments = PseudoSegmenter.segments(of: text)
        var output = ""
        output.reserveCapacity(text.utf8.count * 2 + 16)
        var translatable = 0
        for segment in segments {
            switch segment {
            case .text(let literal):
                for character in literal {
                    if character.isLetter || character.isNumber { translatable += 1 }
                    if options.accents, let accented = Self.accents[character] {
                        output.append(accented)
                    } else {
                        output.append(character)
                    }
                }
            case .placeholder(let placeholder):
                if options.rightToLeft {
                    output += "\u{2066}" + placeholder + "\u{2069}"
                } else {
                    output += placeholder
                }
            }
        }
        let padding = translatable == 0 ? 0 : Int((Double(translatable) * options.expansionRatio).rounded(.up))
        if padding > 0 { output += " " + String(repeating: "~", count: padding) }
        if options.brackets { output = "[" + output + "]" }
        if options.rightToLeft { output = "\u{2067}\u{200F}" + output + "\u{200F}\u{2069}" }
        return output
    }

    static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let accented = Array("áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()
}

/// Splits text into translatable runs and placeholders kept as written.
enum PseudoSegmenter {
    enum Segment: Equatable {
        case text(String)
        case placeholder(String)
    }

    /// The deepest `{…}` nesting treated as one placeholder; deeper braces are plain text.
    static let maximumBraceDepth = 32
    /// The longest `{…}` group treated as one placeholder (keeps the scan linear on hostile input).
    static let maximumBraceLength = 4096

    static func segments(of text: String) -> [Segment] {
        let scalars = Array(text.unicodeScalars)
        var segments: [Segment] = []
        var literal = String.UnicodeScalarView()
        var index = 0
        func flush() {
            if !literal.isEmpty { segments.append(.text(String(literal))) }
            literal = String.UnicodeScalarView()
        }
        while index < scalars.count {
            let end: Int?
            switch scalars[index] {
            case "%": end = printfEnd(scalars, index)
            case "{": end = braceEnd(scalars, index)
            case "<": end = tagEnd(scalars, index)
            default: end = nil
            }
            if let end {
                flush()
                var placeholder = String.UnicodeScalarView()
                placeholder.append(contentsOf: scalars[index..<end])
                segments.append(.placeholder(String(placeholder)))
                index = end
            } else {
                literal.append(scalars[index])
                index += 1
            }
        }
        flush()
        return segments
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    private static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || isDigit(scalar) || scalar == "_" || scalar == "." || scalar == "-"
    }

    /// The end (exclusive) of a `%` placeholder starting at `start`, or nil when it is not one.
    static func printfEnd(_ s: [Unicode.Scalar], _ start: Int) -> Int? {
        var i = start + 1
        guard i < s.count else { return nil }
        if s[i] == "%" { return i + 1 }
        if s[i] == "#", i + 1 < s.count, s[i + 1] == "@" {  // %#@name@
            var j = i + 2
            while j < s.count, isIdentifier(s[j]) { j += 1 }
            return j < s.count && s[j] == "@" && j > i + 2 ? j + 1 : nil
        }
        if s[i] == "{" {  // %{name}
            var j = i + 1
            while j < s.count, isIdentifier(s[j]) { j += 1 }
            return j < s.count && s[j] == "}" && j > i + 1 ? j + 1 : nil
        }
        // %[n$][flags][width][.precision][length]conversion
        var j = i
        while j < s.count, isDigit(s[j]) { j += 1 }
        if j > i, j < s.count, s[j] == "$" { i = j + 1 }
        while i < s.count, "-+ #0'".unicodeScalars.contains(s[i]) { i += 1 }
        if i < s.count, s[i] == "*" { i += 1 } else { while i < s.count, isDigit(s[i]) { i += 1 } }
        if i < s.count, s[i] == "." {
            i += 1
            if i < s.count, s[i] == "*" { i += 1 } else { while i < s.count, isDigit(s[i]) { i += 1 } }
        }
        for length in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
            let scalars = Array(length.unicodeScalars)
            if i + scalars.count <= s.count, Array(s[i..<(i + scalars.count)]) == scalars {
                i += scalars.count
                break
            }
        }
        guard i < s.count, "@dDiuUxXoOfFeEgGcCsSpaA".unicodeScalars.contains(s[i]) else { return nil }
        return i + 1
    }

    /// The end of a balanced `{…}` group (MessageFormat arguments), or nil.
    static func braceEnd(_ s: [Unicode.Scalar], _ start: Int) -> Int? {
        var depth = 0
        var i = start
        while i < s.count, i - start <= maximumBraceLength {
            if s[i] == "{" {
                depth += 1
                if depth > maximumBraceDepth { return nil }
            } else if s[i] == "}" {
                depth -= 1
                if depth == 0 { return i + 1 }
            }
            i += 1
        }
        return nil
    }

    /// The end of an HTML-like tag `<name …>` or `</name>`, or nil.
    static func tagEnd(_ s: [Unicode.Scalar], _ start: Int) -> Int? {
        var i = start + 1
        if i < s.count, s[i] == "/" { i += 1 }
        guard i < s.count, ("a"..."z").contains(s[i]) || ("A"..."Z").contains(s[i]) else { return nil }
        while i < s.count, s[i] != ">", s[i] != "<", s[i] != "\n" { i += 1 }
        return i < s.count && s[i] == ">" ? i + 1 : nil
    }
}
#endif
