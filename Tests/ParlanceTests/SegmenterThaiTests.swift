import ParlanceVerification
import Testing

@testable import Parlance

/// The shim divides Thai segments with its port of ICU 72's Thai dictionary engine over ICU's
/// own Thai dictionary. These tests compare its boundaries (UTF-8 offset, UTF-16 offset, rule
/// status) with ICU's own iterator over `String.utf16` in word and line iterators, at the
/// engine's edges (runs too short to divide, the elision and repetition characters, marks,
/// every character of the Thai block, runs longer than a batch of boundaries), and check that
/// Thai stays in the shim while other dictionary scripts after it go to ICU.
@Suite("Segmenter: Thai divided by the shim's port of ICU's Thai engine")
struct SegmenterThaiTests {
    typealias Boundary = SegmenterRulesTests.Boundary

    static let locales: [LocaleID] = ["th", "en", .root]
    static let kinds: [ICUBreakIterator.Kind] = [.word, .line]

    /// Compares `text` in every iterator of ``locales`` × ``kinds`` with ICU; returns the paths.
    static func compare(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [ICUBreakCursor.Path] {
        var paths: [ICUBreakCursor.Path] = []
        for locale in locales {
            for kind in kinds {
                let iterator = try ICUBreakIterator.cached(locale: locale, kind: kind)
                let (mine, path) = try SegmenterRulesTests.boundaries(iterator, text, rules: true)
                let icu = try SegmenterRulesTests.icuBoundaries(locale, kind, text)
                #expect(
                    SegmenterRulesTests.same(mine, icu), "\(locale) \(kind) \(text.debugDescription): \(mine) vs ICU \(icu)",
                    sourceLocation: sourceLocation)
                paths.append(path)
            }
        }
        return paths
    }

    @Test("the word and line iterators divide Thai in the shim")
    func enginesInUse() throws {
        for locale in Self.locales {
            for kind in Self.kinds {
                let iterator = try ICUBreakIterator.cached(locale: locale, kind: kind)
                let (boundaries, path) = try SegmenterRulesTests.boundaries(iterator, "ภาษาไทยเป็นภาษาที่มีวรรณยุกต์", rules: true)
                #expect(path == .rulesThai, "\(locale) \(kind)")
                // ICU divides the run into several words.
                #expect(boundaries.count > 3, "\(locale) \(kind) \(boundaries)")
            }
        }
    }

    @Test("Thai sentences, glued dictionary words and the elision and repetition characters: ICU's boundaries, on the Thai path")
    func sentences() throws {
        var texts = SegmentationVerification.thaiSentences
        texts += [
            "กรุงเทพฯ", "ฯลฯ", "ฯ", "ๆ", "เด็กๆ", "เด็กๆๆ", "เด็กฯๆ", "เด็กๆฯ", "ดีฯฯ", "มากๆ เร็วๆ", "ๆๆๆๆๆ", "ฯฯฯฯฯ", "กๆกๆกๆ", "ไปไหนมาๆ",
            "ภาษาไทยฯ", "ภาษาไทยๆ", "ภาษาไทยฯๆ", "นักเรียนนักเรียนนักเรียน", "มหาวิทยาลัยมหาวิทยาลัย",
        ]
        for text in texts {
            let paths = try Self.compare(text)
            #expect(paths.allSatisfy { $0 == .rulesThai }, "\(text.debugDescription) \(paths)")
        }
    }

    @Test("runs of one to forty characters of each kind, and runs too short to divide (up to four characters)")
    func runLengths() throws {
        let pieces = ["ก", "กา", "ไทย", "ภาษา", "ข้าว", "ที่", "\u{E47}", "\u{E31}", "\u{E4C}", "ๆ", "ฯ", "เ"]
        for piece in pieces {
            var run = ""
            while run.unicodeScalars.count <= 40 {
                for context in [run, " " + run + " ", "a" + run + "1", run + "\u{301}", "\u{200D}" + run + "\u{200C}"] {
                    _ = try Self.compare(context)
                }
                run += piece
            }
        }
        // Four characters or fewer stay whole; five and more go to the dictionary.
        for text in ["กขคง", "กขคงจ", "ไทยไ", "ไทยไท", "ดีดี", "ดีดีด"] { _ = try Self.compare(text) }
    }

    @Test("every character of the Thai block alone, in a run and between words, assigned or not")
    func everyCharacter() throws {
        for value in 0x0E00...0x0E7F {
            let c = String(Unicode.Scalar(UInt32(value))!)
            for text in [c, c + c + c + c + c, "ภาษา" + c + "ไทย", c + "ภาษาไทย", "ภาษาไทย" + c, "ไทย" + c + " ", "x" + c + "y"] {
                _ = try Self.compare(text)
            }
        }
    }

    @Test("Thai with Latin, digits, spaces, a combining mark of another script, ZWJ and ZWNJ, line ends and ill-formed UTF-8 around it")
    func mixed() throws {
        let thai = ["สวัสดีครับ", "ภาษาไทยเป็นภาษา", "ก", "เด็กๆ", "กรุงเทพฯ"]
        let others = ["", " ", "abc", "Thai", "42", "๔๒", "3.5", ".", "\u{301}", "\u{200D}", "\u{200C}", "\u{200B}", "\r\n", "\u{A0}", "😀", "\u{FFFD}"]
        for word in thai {
            for before in others {
                for after in others {
                    let paths = try Self.compare(before + word + after + word)
                    #expect(paths.allSatisfy { $0 == .rulesThai || $0 == .rules }, "\((before + word + after + word).debugDescription) \(paths)")
                }
            }
        }
        // An ill-formed sequence in a Thai run reads as U+FFFD, as the shim's widening reads it.
        let iterator = try ICUBreakIterator.cached(locale: "th", kind: .word)
        let bytes: [UInt8] = Array("ภาษาไทย".utf8) + [0xE0, 0xB8] + Array("เป็นภาษาที่มี".utf8)
        let text = String(decoding: bytes, as: UTF8.self)
        let (mine, _) = try SegmenterRulesTests.boundaries(iterator, text, rules: true)
        #expect(SegmenterRulesTests.same(mine, try SegmenterRulesTests.icuBoundaries("th", .word, text)))
    }

    @Test("Lao, Khmer, Burmese, Chinese, kana or Hangul right after Thai: ICU takes over at the segment's start, with its boundaries")
    func handOver() throws {
        for other in ["ສະບາຍດີ", "ខ្ញុំ", "မြန်မာ", "中文", "カタカナ", "ひらがな", "한국어"] {
            for text in ["ภาษาไทย" + other, "ภาษาไทย " + other, "abc ภาษาไทยเป็นภาษา " + other + " ภาษาไทย", "สวัสดีครับ, " + other + "ก"] {
                let paths = try Self.compare(text)
                // Lao, Khmer and Burmese are dictionary characters in both iterators.
                if ["ສະບາຍດີ", "ខ្ញុំ", "မြန်မာ"].contains(other) { #expect(paths.allSatisfy { $0 == .rulesThenICU }, "\(text) \(paths)") }
            }
        }
    }

    @Test("more Thai boundaries than one batch holds, and one segment over 64 KiB")
    func longRuns() throws {
        var glued = ""
        var index = 0
        while glued.unicodeScalars.count < 3_000 {
            glued += SegmentationVerification.thaiWords[index % SegmentationVerification.thaiWords.count]
            index += 7
        }
        let paths = try Self.compare(glued)
        #expect(paths.allSatisfy { $0 == .rulesThai })
        var long = ""
        while long.utf8.count < 70_000 { long += "ภาษาไทยเป็นภาษาที่มีระดับเสียงของคำแน่นอนหรือวรรณยุกต์" }
        let iterator = try ICUBreakIterator.cached(locale: "th", kind: .word)
        let (mine, path) = try SegmenterRulesTests.boundaries(iterator, long, rules: true)
        #expect(path == .rulesThai)
        #expect(mine.count > 64)
        #expect(SegmenterRulesTests.same(mine, try SegmenterRulesTests.icuBoundaries("th", .word, long)))
    }

    @Test("the sweep's Thai-heavy texts: no mismatch in the word and line iterators, most on the Thai path")
    func sweep() {
        let report = SegmentationVerification(locales: ["th", "en"], randomTexts: 0, thaiTexts: 120).run()
        #expect(report.mismatchCount == 0, "\(report.mismatches.prefix(5))")
        #expect(report.thaiTexts > 200, "\(report.thaiTexts)")
        #expect(report.handedOverTexts > 0)
    }
}
