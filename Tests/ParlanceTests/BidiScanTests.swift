import Testing

@testable import Parlance

@Suite("Bidi: the UTF-8 scan in the shim equals the code point scan")
struct BidiScanTests {
    static let texts: [String] = [
        "", "abc", "123 שלום", "\u{2067}שלום\u{2069} ok", "123 !?", "\u{2066}abc", "\u{2068}\u{2068}א\u{2069}\u{2069}b",
        "\u{2069}\u{2069}ا", "12\u{2029}abc", "ܐܒ", "߀ߊ", "𞤀𞤁", "👍🏽 ok", "\u{200F}x", "\u{200E}א", "١٢٣ abc", "\u{0}א",
        String(repeating: "- ", count: 5000) + "ש",
    ]

    @Test("fixed cases", arguments: texts)
    func fixed(_ text: String) {
        #expect(Bidi.baseDirection(of: text) == Bidi.scanCodePoints(text))
        #expect(Bidi.baseDirection(of: text[...]) == Bidi.scanCodePoints(text))
    }

    @Test("random text over bidi-interesting code points")
    func random() {
        let pool: [Unicode.Scalar] = [
            "a", "1", " ", "!", "א", "ا", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{2029}", "\u{0661}", "\u{05BF}", "ߊ", "𞤀", "😀",
        ]
        var generator = SplitMix64(seed: 2024)
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(generator.next() % 12) { text.append(pool[Int(generator.next() % UInt64(pool.count))]) }
            let string = String(text)
            #expect(Bidi.baseDirection(of: string) == Bidi.scanCodePoints(string), "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
