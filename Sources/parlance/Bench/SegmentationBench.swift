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

    /// About 1 KB of English.
    static let englishText: String = {
        let sentence = "The quick brown fox jumps over the lazy dog, and the dog—unimpressed—goes back to sleep at 3:45 p.m. "
        return String(repeating: sentence, count: 1024 / sentence.utf8.count + 1)
    }()

    func segmentationRows(_ harness: BenchHarness) throws -> [BenchRow] {
        // One operation is the segmentation of a whole 1 KB text.
        let textHarness = BenchHarness(
            rounds: harness.rounds, iterations: max(1, harness.iterations / 100), warmupIterations: 1, skipFoundation: true)
        return try [("th", Self.thaiText), ("en", Self.englishText)].map { (id, text) in
            let locale = try LocaleID(id)
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
                peer: PeerOperation(kind: "segmentWords", locale: id, inputs: [.text(text)], iterations: textHarness.iterations))
        }
    }
}
