import Foundation
import Parlance
import ParlanceVerification

/// Segmentation rows: Parlance's `Segmenter` against ICU's word break iterator in a C loop and
/// Node's `Intl.Segmenter` over the same texts.
extension BenchCommand {
    /// About 1 KB of Thai (UTF-8): ordinary sentences, no spaces inside them, as Thai is written.
    static let thaiText: String = {
        let sentences = [
            "สวัสดีครับยินดีต้อนรับสู่ประเทศไทย", "วันนี้อากาศดีมากเราจะไปเที่ยวทะเลกัน",
            "ภาษาไทยเป็นภาษาราชการของประเทศไทย", "ร้านอาหารนี้มีอาหารอร่อยหลายอย่าง",
        ]
        var text = ""
        var index = 0
        while text.utf8.count < 1024 {
            text += sentences[index % sentences.count] + " "
            index += 1
        }
        return text
    }()

    /// One English sentence: words, punctuation, em dashes, a time and an abbreviation.
    static let englishSentence = "The quick brown fox jumps over the lazy dog, and the dog—unimpressed—goes back to sleep at 3:45 p.m. "

    /// About 1 KB of English.
    static let englishText = String(repeating: englishSentence, count: 1024 / englishSentence.utf8.count + 1)

    /// About 1 KB of English with a Japanese name near its end, as in a user's message: the
    /// break rules run over the English, and the text goes to ICU at the name's first ideograph.
    static let mixedText = String(repeating: englishSentence, count: 9) + "Thanks to 山田さん for the notes. See you at 3:45 p.m."

    func segmentationRows(_ harness: BenchHarness) throws -> [BenchRow] {
        // One operation is the segmentation of a whole 1 KB text.
        let textHarness = BenchHarness(
            rounds: harness.rounds, iterations: max(1, harness.iterations / 100), warmupIterations: 1, skipFoundation: true)
        return try [("th", "th", Self.thaiText), ("en", "en", Self.englishText), ("en+ja", "en", Self.mixedText)].map { (id, localeID, text) in
            let locale = try LocaleID(localeID)
            let segmenter = try Segmenter(locale: locale, granularity: .word)
            return textHarness.row(
                name: "segment words \(id) 1 KB",
                parlance: { n in
                    var total = 0
                    for _ in 0..<n {
                        for segment in try! segmenter.segments(of: text) where segment.isWordLike == true { total &+= 1 }
                    }
                    blackHole(total)
                },
                icu: { n in blackHole(RawICUBench.wordBreak(locale: locale, text, iterations: n)) },
                peer: PeerOperation(kind: "segmentWords", locale: localeID, inputs: [.text(text)], iterations: textHarness.iterations))
        }
    }
}
