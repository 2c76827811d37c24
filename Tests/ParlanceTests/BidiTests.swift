import Parlance
import Testing

/// Base direction, bidi classes, paragraph analysis and isolates.
@Suite("Bidi")
struct BidiTests {
    /// A strong letter of every right-to-left script in Unicode 15 with its expected class.
    static let rightToLeftLetters: [(script: String, scalar: UInt32, bidiClass: BidiClass)] = [
        ("Hebrew", 0x05D0, .rightToLeft), ("Arabic", 0x0628, .arabicLetter), ("Syriac", 0x0710, .arabicLetter),
        ("Thaana", 0x0780, .arabicLetter), ("N'Ko", 0x07CA, .rightToLeft), ("Samaritan", 0x0800, .rightToLeft),
        ("Mandaic", 0x0840, .rightToLeft), ("Syriac Supplement", 0x0860, .arabicLetter),
        ("Arabic Extended-A", 0x08A0, .arabicLetter), ("Arabic Extended-B", 0x0870, .arabicLetter),
        ("Arabic Presentation Forms-A", 0xFB50, .arabicLetter), ("Hebrew presentation", 0xFB1D, .rightToLeft),
        ("Arabic Presentation Forms-B", 0xFE70, .arabicLetter), ("Cypriot", 0x10800, .rightToLeft),
        ("Imperial Aramaic", 0x10840, .rightToLeft), ("Palmyrene", 0x10860, .rightToLeft),
        ("Nabataean", 0x10880, .rightToLeft), ("Hatran", 0x108E0, .rightToLeft), ("Phoenician", 0x10900, .rightToLeft),
        ("Lydian", 0x10920, .rightToLeft), ("Meroitic Hieroglyphs", 0x10980, .rightToLeft),
        ("Meroitic Cursive", 0x109A0, .rightToLeft), ("Kharoshthi", 0x10A10, .rightToLeft),
        ("Old South Arabian", 0x10A60, .rightToLeft), ("Old North Arabian", 0x10A80, .rightToLeft),
        ("Manichaean", 0x10AC0, .rightToLeft), ("Avestan", 0x10B00, .rightToLeft),
        ("Inscriptional Parthian", 0x10B40, .rightToLeft), ("Inscriptional Pahlavi", 0x10B60, .rightToLeft),
        ("Psalter Pahlavi", 0x10B80, .rightToLeft), ("Old Turkic", 0x10C00, .rightToLeft),
        ("Old Hungarian", 0x10C80, .rightToLeft), ("Hanifi Rohingya", 0x10D00, .arabicLetter),
        ("Yezidi", 0x10E80, .rightToLeft), ("Old Sogdian", 0x10F00, .rightToLeft), ("Sogdian", 0x10F30, .arabicLetter),
        ("Old Uyghur", 0x10F70, .rightToLeft), ("Chorasmian", 0x10FB0, .rightToLeft), ("Elymaic", 0x10FE0, .rightToLeft),
        ("Mende Kikakui", 0x1E800, .rightToLeft), ("Adlam", 0x1E900, .rightToLeft),
        ("Arabic Mathematical", 0x1EE00, .arabicLetter),
    ]

    @Test("every RTL script's strong letter is R or AL and makes text rtl", arguments: rightToLeftLetters.indices)
    func rightToLeftScripts(index: Int) throws {
        let (script, value, expected) = Self.rightToLeftLetters[index]
        let scalar = try #require(Unicode.Scalar(value))
        #expect(BidiClass(of: scalar) == expected, "\(script)")
        let text = "123 (\(scalar)) abc"
        #expect(Bidi.baseDirection(of: text) == .rightToLeft, "\(script)")
        #expect(Bidi.analyze(text).baseDirection == .rightToLeft, "\(script)")
        #expect(Bidi.analyze(text).isMixed, "\(script)")
    }

    @Test(
        "neutrals, numbers and controls",
        arguments: [
            ("", nil), ("123 456", nil), ("!?.,:;-+ \t", nil), ("\u{0661}\u{0662}", nil), ("\u{200E}", TextDirection.leftToRight),
            ("\u{200F}", .rightToLeft), ("\u{061C}", .rightToLeft), ("abc", .leftToRight), ("  שלום", .rightToLeft),
            ("\u{2067}שלום\u{2069} hi", .leftToRight), ("\u{2066}abc\u{2069} שלום", .rightToLeft),
            ("\u{2068}\u{2067}x\u{2069}y\u{2069}ب", .rightToLeft), ("\u{2069}ب", .rightToLeft),
            ("\u{2066}abc", nil), ("\u{202B}abc\u{202C}", .leftToRight),
            // Regression (outside testing): the whole text counts, across paragraphs
            // (batch-protocol.md `direction`), and a paragraph separator closes an open isolate.
            ("123\nשלום", .rightToLeft), ("\u{2029}abc", .leftToRight), ("\u{2066}abc\nשלום", .rightToLeft),
            ("12\r\n34\u{85}56", nil),
            ("\u{0301}\u{200B}é", .leftToRight), ("🙂 ok", .leftToRight),
        ])
    func baseDirection(text: String, expected: TextDirection?) {
        #expect(Bidi.baseDirection(of: text) == expected)
    }

    @Test("classes of controls and neutrals")
    func classes() {
        #expect(BidiClass(of: "\u{2066}") == .leftToRightIsolate)
        #expect(BidiClass(of: "\u{2067}") == .rightToLeftIsolate)
        #expect(BidiClass(of: "\u{2068}") == .firstStrongIsolate)
        #expect(BidiClass(of: "\u{2069}") == .popDirectionalIsolate)
        #expect(BidiClass(of: "\u{202A}") == .leftToRightEmbedding)
        #expect(BidiClass(of: "\u{202E}") == .rightToLeftOverride)
        #expect(BidiClass(of: "5") == .europeanNumber)
        #expect(BidiClass(of: "\u{0665}") == .arabicNumber)
        #expect(BidiClass(of: " ") == .whiteSpace)
        #expect(BidiClass(of: "\n") == .paragraphSeparator)
        #expect(BidiClass(of: "\t") == .segmentSeparator)
        #expect(BidiClass(of: "\u{0301}") == .nonspacingMark)
        #expect(BidiClass(of: "%") == .europeanTerminator)
        #expect(BidiClass(of: ",") == .commonSeparator)
        #expect(BidiClass(of: "!") == .otherNeutral)
        #expect(BidiClass(of: "\u{200B}") == .boundaryNeutral)
        #expect(BidiClass(of: "a") == .leftToRight)
    }

    @Test("paragraph runs")
    func runs() {
        let paragraph = Bidi.analyze("I said \"שלום\" twice")
        #expect(paragraph.baseDirection == .leftToRight)
        #expect(paragraph.isMixed)
        #expect(paragraph.runTexts == ["I said \"", "שלום", "\" twice"])
        #expect(paragraph.runs.map(\.level) == [0, 1, 0])
        let arabic = Bidi.analyze("رقم 123")
        #expect(arabic.baseDirection == .rightToLeft)
        #expect(arabic.runs.map(\.level) == [1, 2])
        #expect(!Bidi.analyze("plain").isMixed)
        #expect(Bidi.analyze("").runs.isEmpty)
        #expect(Bidi.analyze("abc", paragraphDirection: .rightToLeft).baseDirection == .rightToLeft)
        let many = String(repeating: "a ب ", count: 200)
        #expect(Bidi.analyze(many).runs.count > 100)
    }

    @Test("isolates wrap and balance")
    func isolates() {
        #expect(Bidi.isolate("+1 555-0100", as: .leftToRight) == "\u{2066}+1 555-0100\u{2069}")
        #expect(Bidi.isolate("x", as: .rightToLeft) == "\u{2067}x\u{2069}")
        #expect(Bidi.isolate("محمد") == "\u{2068}محمد\u{2069}")
        #expect(Bidi.isolate("a\u{2069}b") == "\u{2068}ab\u{2069}")
        #expect(Bidi.isolate("a\u{2067}b") == "\u{2068}a\u{2067}b\u{2069}\u{2069}")
        // The phone number stays one left-to-right run inside Arabic text.
        let sentence = "اتصل على " + Bidi.isolateLeftToRight("+1 555-0100") + " الآن"
        #expect(Bidi.baseDirection(of: sentence) == .rightToLeft)
        let runs = Bidi.analyze(sentence).runs
        #expect(runs.contains { Bidi.analyze(sentence).text[$0.range] == "+1 555-0100" && $0.level == 2 })
    }

    @Test(
        "locale direction by script",
        arguments: [
            ("ar", TextDirection.rightToLeft), ("he", .rightToLeft), ("fa", .rightToLeft), ("ur", .rightToLeft),
            ("uz-Arab", .rightToLeft), ("uz", .leftToRight), ("az-Latn", .leftToRight), ("az-Arab", .rightToLeft),
            ("pa-PK", .rightToLeft), ("pa", .leftToRight), ("ks", .rightToLeft), ("ks-Deva", .leftToRight),
            ("dv", .rightToLeft), ("syr", .rightToLeft), ("ff-Adlm", .rightToLeft), ("ckb", .rightToLeft),
            ("en", .leftToRight), ("xx", .leftToRight), ("und", .leftToRight), ("iw", .rightToLeft),
        ])
    func localeDirection(id: String, expected: TextDirection) throws {
        #expect(try LocaleID(id).characterDirection == expected)
    }
}
