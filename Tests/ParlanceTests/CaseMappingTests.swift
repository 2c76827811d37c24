import Foundation
import Testing

@testable import Parlance

/// `CLDRData/special-casing.json`, written by `Scripts/extract-unicode-special-casing.py` from
/// Unicode 15.0's SpecialCasing.txt.
struct SpecialCasingFixture: Decodable {
    struct Entry: Decodable, Sendable, CustomTestStringConvertible {
        var line: Int
        var code: UInt32
        var lower: [UInt32]
        var title: [UInt32]
        var upper: [UInt32]
        var language: String?
        var contexts: [String]
        var name: String

        var testDescription: String { "line \(line) \(name) \(language ?? "") \(contexts.joined(separator: " "))" }
    }

    var version: String
    var entries: [Entry]

    static let shared: SpecialCasingFixture = {
        do { return try CLDRData.load("special-casing.json") } catch { fatalError("CLDRData/special-casing.json: \(error)") }
    }()
}

func scalars(_ values: [UInt32]) -> String {
    var text = ""
    for value in values { text.unicodeScalars.append(Unicode.Scalar(value)!) }
    return text
}

@Suite("Case mapping: SpecialCasing.txt and locale rules")
struct CaseMappingTests {
    static let unconditional = SpecialCasingFixture.shared.entries.filter { $0.language == nil && $0.contexts.isEmpty }
    static let conditional = SpecialCasingFixture.shared.entries.filter { $0.language != nil || !$0.contexts.isEmpty }

    /// The unconditional mappings (ß → SS, ŉ → ʼN, ligatures, Greek with iota subscripts …) of
    /// one character alone, in the root locale.
    @Test("unconditional mappings", arguments: unconditional)
    func unconditionalMapping(_ entry: SpecialCasingFixture.Entry) throws {
        let text = scalars([entry.code])
        #expect(try text.uppercased(locale: .root) == scalars(entry.upper))
        #expect(try text.lowercased(locale: .root) == scalars(entry.lower))
        #expect(try text.capitalized(locale: .root) == scalars(entry.title))
    }

    /// A conditional entry in a text that meets its condition. The characters around the
    /// entry's are chosen so that their own mappings are plain (UnicodeData.txt): U+0300 maps to
    /// itself, `i`/`I` and `α`/`Α` to each other, except where the entry's language changes them
    /// (noted per context).
    struct Context {
        var prefix: String
        var suffix: String
        /// The prefix mapped to upper, lower and title case (title: as the first letter of a word).
        var prefixUpper: String
        var prefixLower: String
        var prefixTitle: String
    }

    static func context(for entry: SpecialCasingFixture.Entry) -> Context? {
        switch entry.contexts {
        case []:
            return Context(prefix: "", suffix: "", prefixUpper: "", prefixLower: "", prefixTitle: "")
        case ["More_Above"]:
            // A combining mark of class 230 (above) follows: U+0300 COMBINING GRAVE ACCENT.
            return Context(prefix: "", suffix: "\u{300}", prefixUpper: "", prefixLower: "", prefixTitle: "")
        case ["After_Soft_Dotted"]:
            // A soft-dotted letter precedes: i (Lithuanian keeps it i in lower case).
            return Context(prefix: "i", suffix: "", prefixUpper: "I", prefixLower: "i", prefixTitle: "I")
        case ["After_I"]:
            // I precedes; in tr and az, I before U+0307 lower-cases to i (Not_Before_Dot fails).
            return Context(prefix: "I", suffix: "", prefixUpper: "I", prefixLower: "i", prefixTitle: "I")
        case ["Not_Before_Dot"]:
            return Context(prefix: "", suffix: "", prefixUpper: "", prefixLower: "", prefixTitle: "")
        case ["Final_Sigma"]:
            // A cased letter precedes and none follows: Α (U+0391).
            return Context(prefix: "Α", suffix: "", prefixUpper: "Α", prefixLower: "α", prefixTitle: "Α")
        default:
            return nil
        }
    }

    /// The conditional mappings for tr and az (dotted and dotless i), lt (the dot above kept
    /// under accents, dropped in upper case) and the final sigma, each in its language and
    /// context: the entry's mapping, with the context's own mapping around it. In title case
    /// only a word's first letter is title-cased and the rest lower-cased, so with a prefix the
    /// entry's character takes its lower-case mapping.
    @Test("conditional mappings (tr, az, lt, final sigma)", arguments: conditional)
    func conditionalMapping(_ entry: SpecialCasingFixture.Entry) throws {
        let context = try #require(Self.context(for: entry), "no context for \(entry.contexts)")
        let locale = try LocaleID(entry.language ?? "und")
        let text = context.prefix + scalars([entry.code]) + context.suffix
        let suffix = context.suffix  // U+0300 maps to itself
        #expect(try text.uppercased(locale: locale) == context.prefixUpper + scalars(entry.upper) + suffix)
        #expect(try text.lowercased(locale: locale) == context.prefixLower + scalars(entry.lower) + suffix)
        let title = context.prefix.isEmpty ? scalars(entry.title) : context.prefixTitle + scalars(entry.lower)
        #expect(try text.capitalized(locale: locale) == title + suffix)
    }

    @Test("the fixture is Unicode 15.0's and has the language rules")
    func fixture() {
        #expect(SpecialCasingFixture.shared.version.hasPrefix("SpecialCasing-15.0.0"))
        #expect(Self.unconditional.count > 100)
        #expect(Set(Self.conditional.compactMap(\.language)) == ["tr", "az", "lt"])
    }

    /// Turkish and Azerbaijani dotted and dotless i, against Swift's locale-blind mapping.
    @Test func turkish() throws {
        #expect(try "i".uppercased(locale: "tr") == "İ")
        #expect(try "istanbul".uppercased(locale: "tr") == "İSTANBUL")
        #expect(try "ISPARTA".lowercased(locale: "tr") == "ısparta")
        #expect(try "DİYARBAKIR".lowercased(locale: "tr") == "diyarbakır")
        #expect(try "i".uppercased(locale: "az") == "İ")
        #expect(try "i".uppercased(locale: "en") == "I")
        #expect(try "I".lowercased(locale: "tr-TR") == "ı")
        #expect(try "iğne".capitalized(locale: "tr") == "İğne")
        // Swift's own mapping knows no locale.
        #expect("i".uppercased() == "I")
    }

    /// Greek upper case drops accents and keeps a diaeresis that shows a separate vowel (ICU's
    /// el rule; the examples are those of ICU's design for it, CLDR's el-Upper transform):
    /// "άδικος, κείμενο, ίριδα" → "ΑΔΙΚΟΣ, ΚΕΙΜΕΝΟ, ΙΡΙΔΑ"; a final Σ lower-cases to ς.
    @Test func greek() throws {
        #expect(try "άδικος, κείμενο, ίριδα".uppercased(locale: "el") == "ΑΔΙΚΟΣ, ΚΕΙΜΕΝΟ, ΙΡΙΔΑ")
        #expect(try "πρωτεΐνη".uppercased(locale: "el") == "ΠΡΩΤΕΪΝΗ")
        // Without the el rule the accents stay (root: Ά U+0386 is the upper case of ά U+03AC).
        #expect(try "άδικος".uppercased(locale: .root) == "ΆΔΙΚΟΣ")
        #expect(try "ΟΔΟΣ".lowercased(locale: "el") == "οδο\u{3C2}")
        #expect(try "ΟΔΟΣ ΟΔΟΣ".lowercased(locale: .root) == "οδο\u{3C2} οδο\u{3C2}")
    }

    /// Lithuanian keeps the dot of i under an accent in lower case and drops it in upper case.
    @Test func lithuanian() throws {
        #expect(try "Ì".lowercased(locale: "lt") == "i\u{307}\u{300}")
        #expect(try "Ì".lowercased(locale: "en") == "ì")
        #expect(try "i\u{307}\u{300}".uppercased(locale: "lt") == "I\u{300}")
    }

    /// Title case: each word's first letter; Dutch ij as one letter.
    @Test func titleCase() throws {
        #expect(try "hello world".capitalized(locale: "en") == "Hello World")
        #expect(try "HELLO wORLD".capitalized(locale: "en") == "Hello World")
        #expect(try "ijsland".capitalized(locale: "nl") == "IJsland")
        #expect(try "ijsland".capitalized(locale: "en") == "Ijsland")
        #expect(try "ﬁne".capitalized(locale: "en") == "Fine")
        #expect(try "straße".uppercased(locale: "de") == "STRASSE")
        #expect(try "".uppercased(locale: "en") == "")
    }

    @Test("text over the limit is refused before ICU; long text maps whole")
    func limits() throws {
        let long = String(repeating: "ß", count: String.maximumCaseMappingLength / 2 + 1)
        let error = try #require(throws: ParlanceError.self) { _ = try long.uppercased(locale: "de") }
        #expect(error.code == .invalidArgument)
        // Longer than the shim's stack buffers, and growing: ß → SS.
        let text = String(repeating: "straße ", count: 1000)
        #expect(try text.uppercased(locale: "de") == String(repeating: "STRASSE ", count: 1000))
        #expect(try text.capitalized(locale: "de") == String(repeating: "Straße ", count: 1000))
        // A NUL inside the text is text.
        #expect(try "a\u{0}b".uppercased(locale: "en") == "A\u{0}B")
    }
}
