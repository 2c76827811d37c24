import Foundation
import Testing

@testable import Parlance

/// The segmenter widens UTF-8 into UTF-16 in the shim (ASCII eight bytes at a time, two- and
/// three-byte sequences without a call) and maps ICU's UTF-16 boundaries back to UTF-8 (through
/// a table of each unit's UTF-8 offset, filled while widening, for text up to 64 KiB; by a
/// branch-free count per unit for longer text). These tests compare both with what Swift and ICU
/// give on their own: the widened units and offsets with `String.utf16` and `String.utf8`, and
/// the segments with ICU's boundaries over `String.utf16`.
@Suite("Segmenter: widening and boundaries against Swift's UTF-16 and ICU's boundaries")
struct SegmenterWideningTests {
    /// ASCII runs of every length around the eight-byte and four-unit steps, between characters
    /// of two, three and four UTF-8 bytes, combining marks, CR LF, digits and punctuation.
    static let texts: [String] = {
        let others = [
            "é", "ß", "—", "ก", "ไทย", "中文", "カ", "😀", "𝒜", "e\u{301}", "\r\n", "ℕ", "Ж", "\u{FEFF}", "\u{FFFD}", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}",
            "\u{FFFF}", "\u{10000}",
        ]
        let ascii = "The quick brown fox, 3.5 times: can't stop-now! "
        var texts: [String] = ["", "a", String(repeating: "x", count: 64), ascii]
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for length in 0..<20 {
            for other in others {
                let run = String(ascii.prefix(length))
                texts.append(run + other + run)
                texts.append(other + run + other)
            }
        }
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<(1 + next(12)) {
                text += String(ascii.dropFirst(next(ascii.count)).prefix(next(20)))
                text += others[next(others.count)]
            }
            texts.append(text)
        }
        return texts
    }()

    @Test("the shim's widening is Swift's UTF-16, for well-formed text")
    func wideningIsSwiftUTF16() {
        for text in Self.texts {
            #expect(ICUBreakIterator.widened(Array(text.utf8)) == Array(text.utf16), "\(text.debugDescription)")
        }
    }

    /// Ill-formed sequences (which no Swift string has) become U+FFFD as before: a lone
    /// continuation byte, overlong and surrogate three-byte forms, and truncated sequences, next
    /// to ASCII runs.
    @Test("ill-formed UTF-8 becomes U+FFFD per ill-formed sequence, as ICU's U8_NEXT reads it")
    func illFormed() {
        let replacement: UInt16 = 0xFFFD
        let a = UInt16(UInt8(ascii: "a"))
        #expect(ICUBreakIterator.widened([0x61, 0x80, 0x61]) == [a, replacement, a])
        #expect(ICUBreakIterator.widened([0xE0, 0x80, 0x80]).allSatisfy { $0 == replacement })
        #expect(ICUBreakIterator.widened([0xED, 0xA0, 0x80]).allSatisfy { $0 == replacement })
        #expect(ICUBreakIterator.widened([0xE0, 0xA4]) == [replacement])
        #expect(ICUBreakIterator.widened([0x61, 0x62, 0xE0, 0xA4]) == [a, a + 1, replacement])
        let valid: [UInt8] = Array("ab\u{900}cdefghij".utf8)
        #expect(ICUBreakIterator.widened(valid) == Array("ab\u{900}cdefghij".utf16))
    }

    /// Swift's UTF-8 offset of each UTF-16 unit of `text` and the length after the last (a
    /// trail surrogate: its lead's offset plus 2).
    static func utf8Offsets(_ text: String) -> [Int32] {
        var offsets: [Int32] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            offsets.append(Int32(offset))
            if scalar.utf16.count == 2 { offsets.append(Int32(offset + 2)) }
            offset += scalar.utf8.count
        }
        offsets.append(Int32(offset))
        return offsets
    }

    @Test("the widening with offsets is Swift's UTF-16, each unit at its UTF-8 offset")
    func wideningWithOffsets() {
        for text in Self.texts {
            let (units, offsets) = ICUBreakIterator.widenedWithOffsets(Array(text.utf8))
            #expect(units == Array(text.utf16), "\(text.debugDescription)")
            #expect(offsets == Self.utf8Offsets(text), "\(text.debugDescription)")
        }
    }

    /// Ill-formed bytes (which no Swift string has) widen as the shim's other widening does,
    /// with offsets that rise and end at the length.
    @Test("ill-formed UTF-8 widens with offsets as the shim's widening does")
    func illFormedWithOffsets() {
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let kinds: [ClosedRange<UInt8>] = [0x80...0xBF, 0xC0...0xDF, 0x61...0x65, 0xE0...0xEF, 0xF0...0xF7]
        for _ in 0..<2_000 {
            let bytes = (0..<(1 + next(24))).map { _ -> UInt8 in
                let kind = kinds[next(kinds.count)]
                return kind.lowerBound + UInt8(next(Int(kind.upperBound - kind.lowerBound) + 1))
            }
            let (units, offsets) = ICUBreakIterator.widenedWithOffsets(bytes)
            #expect(units == ICUBreakIterator.widened(bytes), "\(bytes)")
            #expect(offsets.count == units.count + 1 && offsets.last == Int32(bytes.count))
            #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
        }
    }

    /// Text longer than the offset table covers (64 KiB) maps its boundaries by counting bytes:
    /// both sides of the limit, in every script width, against ICU.
    @Test("text on both sides of 64 KiB: ICU's boundaries, ranges at their UTF-8 offsets", arguments: [Segmenter.Granularity.word, .grapheme])
    func longTexts(granularity: Segmenter.Granularity) throws {
        let piece = "Größe 😀 สวัสดีครับ 東京 can't 3.5 e\u{301}, "
        var texts: [String] = []
        for target in [65_535, 65_536, 65_537, 70_000] {
            var text = ""
            while text.utf8.count < target - 40 { text += piece }
            while text.utf8.count < target { text += "a" }
            texts.append(text)
        }
        for locale: LocaleID in ["en", "th"] {
            let segmenter = try Segmenter(locale: locale, granularity: granularity)
            for text in texts {
                let expected = try ICUBreakIterator.boundariesWithICU(locale: locale, kind: granularity.icuKind, utf16: Array(text.utf16))
                let segments = Array(try segmenter.segments(of: text))
                #expect(segments.map(\.utf16Range.upperBound) == expected.map(\.0), "\(granularity) \(locale) \(text.utf8.count)")
                if granularity == .word {
                    #expect(segments.map(\.wordKind) == expected.map { Segmenter.WordKind(ruleStatus: $0.1) })
                }
                let offsets = Self.utf8Offsets(text)
                #expect(
                    segments.allSatisfy {
                        text.utf8.distance(from: text.startIndex, to: $0.range.upperBound) == Int(offsets[$0.utf16Range.upperBound])
                    })
                #expect(segments.map(\.text).joined() == text)
            }
        }
    }

    @Test("segments are ICU's boundaries over String.utf16, with its rule statuses", arguments: Segmenter.Granularity.allCases)
    func segmentsAreICUBoundaries(granularity: Segmenter.Granularity) throws {
        for locale: LocaleID in ["en", "th", "ja", "sv", .root] {
            let segmenter = try Segmenter(locale: locale, granularity: granularity)
            for text in Self.texts {
                let expected = try ICUBreakIterator.boundariesWithICU(locale: locale, kind: granularity.icuKind, utf16: Array(text.utf16))
                let segments = Array(try segmenter.segments(of: text))
                #expect(segments.map(\.utf16Range.upperBound) == expected.map(\.0), "\(granularity) \(locale) \(text.debugDescription)")
                if granularity == .word {
                    #expect(segments.map(\.wordKind) == expected.map { Segmenter.WordKind(ruleStatus: $0.1) })
                }
                for segment in segments {
                    let utf16Start = text.utf16.distance(from: text.startIndex, to: segment.range.lowerBound)
                    let utf16End = text.utf16.distance(from: text.startIndex, to: segment.range.upperBound)
                    #expect(utf16Start == segment.utf16Range.lowerBound && utf16End == segment.utf16Range.upperBound)
                }
            }
        }
    }

    /// Runs of three-byte sequences widen in a loop of their own: runs of every length from 0 to
    /// 9 with an overlong, surrogate, four-byte, two-byte, ASCII or truncated sequence at each
    /// position, against the shim's other widening (ill-formed) and Swift's UTF-16 and offsets
    /// (well-formed).
    @Test("runs of three-byte sequences with another sequence at each position")
    func threeByteRuns() {
        let others: [[UInt8]] = [
            [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xE0, 0xB8], [0xC3, 0xA9], [0x61], [0xF0, 0x9F, 0x98, 0x80], [0xE0, 0xA0, 0x80],
            [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
        ]
        let runs: [[UInt8]] = [Array("ก".utf8), Array("中".utf8), Array("\u{FFFF}".utf8)]
        for run in runs {
            for length in 0..<10 {
                for position in 0...length {
                    for other in others {
                        var bytes: [UInt8] = []
                        for index in 0..<length {
                            if index == position { bytes += other }
                            bytes += run
                        }
                        if position == length { bytes += other }
                        let (units, offsets) = ICUBreakIterator.widenedWithOffsets(bytes)
                        #expect(units == ICUBreakIterator.widened(bytes), "\(bytes)")
                        if let text = String(validating: bytes, as: UTF8.self) {
                            #expect(units == Array(text.utf16) && offsets == Self.utf8Offsets(text), "\(bytes)")
                        }
                    }
                }
            }
        }
    }

    /// The widening with offsets of `text` is Swift's UTF-16 and UTF-8 offsets, and `segmenter`
    /// gives ICU's boundaries over `String.utf16` (with their rule statuses), each segment at
    /// its UTF-8 offset.
    static func expectSwiftAndICU(_ text: String, _ segmenter: Segmenter, _ comment: @autoclosure () -> String) throws {
        let (units, offsets) = ICUBreakIterator.widenedWithOffsets(Array(text.utf8))
        #expect(units == Array(text.utf16), "\(comment())")
        #expect(offsets == Self.utf8Offsets(text), "\(comment())")
        let expected = try ICUBreakIterator.boundariesWithICU(locale: segmenter.locale, kind: segmenter.granularity.icuKind, utf16: Array(text.utf16))
        let segments = Array(try segmenter.segments(of: text))
        #expect(segments.map(\.utf16Range.upperBound) == expected.map(\.0), "\(comment())")
        if segmenter.granularity == .word {
            #expect(segments.map(\.wordKind) == expected.map { Segmenter.WordKind(ruleStatus: $0.1) }, "\(comment())")
        }
        let swiftOffsets = Self.utf8Offsets(text)
        #expect(
            segments.allSatisfy {
                text.utf8.distance(from: text.startIndex, to: $0.range.upperBound) == Int(swiftOffsets[$0.utf16Range.upperBound])
            }, "\(comment())")
        #expect(segments.map(\.text).joined() == text, "\(comment())")
    }

    /// Runs of three-byte sequences are decoded several at a time where the processor allows
    /// (on x86-64, five per 16-byte load with SSSE3, ten per two loads with AVX2, with single
    /// ASCII bytes between runs), then one at a time: runs of every length from 0 to 40 (Thai
    /// words, and a mix of other three-byte characters at the edges of the range: U+0800,
    /// U+D7FF, U+E000, U+FFFF), after 0 to 15 ASCII bytes (so that the loads start at every
    /// alignment) and between ASCII, space, two-, three- and four-byte neighbours.
    @Test("runs of 0–40 three-byte sequences at every alignment, between neighbours of each width: Swift's UTF-16 and ICU's boundaries")
    func longThreeByteRuns() throws {
        let segmenter = try Segmenter(locale: "th", granularity: .word)
        let thai = Array("สวัสดีครับยินดีต้อนรับสู่ประเทศไทยภาษาไทย".unicodeScalars)
        let mixed: [Unicode.Scalar] = ["中", "—", "\u{FFFF}", "\u{800}", "ก", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "ไ", "東"]
        let neighbours = ["a", " ", "é", "😀", "中"]
        var count = 0
        for scalars in [thai, mixed] {
            #expect(scalars.allSatisfy { $0.utf8.count == 3 })
            for length in 0...40 {
                var run = ""
                for index in 0..<length { run.unicodeScalars.append(scalars[index % scalars.count]) }
                for alignment in 0..<16 {
                    let prefix = String(repeating: "x", count: alignment)
                    for before in neighbours {
                        for after in neighbours {
                            let text = prefix + before + run + after
                            try Self.expectSwiftAndICU(text, segmenter, "\(alignment) \(before) \(length) \(after)")
                            count += 1
                        }
                    }
                }
            }
        }
        #expect(count == 2 * 41 * 16 * 25)
    }

    /// Texts of exactly 15, 16, 17, 31, 32, 33, 63, 64 and 65 bytes (a 16-byte load fits the
    /// text exactly, or misses it by one), Thai after 0 to 2 ASCII bytes and ASCII after it,
    /// or Thai to the last byte.
    @Test("texts of exactly 16, 32 and 64 bytes and one byte either side: Swift's UTF-16 and ICU's boundaries")
    func loadSizedTexts() throws {
        let segmenter = try Segmenter(locale: "th", granularity: .word)
        let thai = Array("ภาษาไทยเป็นภาษาราชการของประเทศไทย".unicodeScalars)
        for size in [15, 16, 17, 31, 32, 33, 63, 64, 65] {
            for lead in 0...2 {
                for trailing in 0...3 {
                    var text = String(repeating: " ", count: lead)
                    var index = 0
                    while text.utf8.count + 3 + trailing <= size {
                        text.unicodeScalars.append(thai[index % thai.count])
                        index += 1
                    }
                    while text.utf8.count < size { text += "a" }
                    #expect(text.utf8.count == size)
                    try Self.expectSwiftAndICU(text, segmenter, "\(size) \(lead) \(trailing)")
                }
            }
        }
    }

    /// The offset table covers text up to 64 KiB; Thai text on both sides of that edge, ending in
    /// a run of three-byte sequences to its last byte or in ASCII, maps its boundaries by the
    /// table or by counting.
    @Test("Thai text on both sides of 64 KiB: Swift's UTF-16 and ICU's boundaries")
    func thaiAtTheTableEdge() throws {
        let segmenter = try Segmenter(locale: "th", granularity: .word)
        let sentence = "สวัสดีครับยินดีต้อนรับสู่ประเทศไทย วันนี้อากาศดีมาก"
        for size in [65_534, 65_535, 65_536, 65_537, 65_538] {
            for asciiTail in [0, 1, 2] {
                var text = ""
                while text.utf8.count + sentence.utf8.count + 3 <= size { text += sentence }
                while text.utf8.count + 3 + asciiTail <= size { text += "ไ" }
                while text.utf8.count < size { text += "a" }
                #expect(text.utf8.count == size)
                try Self.expectSwiftAndICU(text, segmenter, "\(size) \(asciiTail)")
            }
        }
    }

    /// A segment keeps its bounds as UTF-8 offsets and makes its `range` when it is read: the
    /// indices are those of ICU's boundaries over `String.utf16`, for small (inline) and large
    /// strings, read more than once, and from a copy of the segment.
    @Test("ranges are the String indices of ICU's boundaries over String.utf16", arguments: [Segmenter.Granularity.word, .grapheme])
    func rangesAreICUIndices(granularity: Segmenter.Granularity) throws {
        let segmenter = try Segmenter(locale: "th", granularity: granularity)
        for text in Self.texts + ["ab", "é😀", String("x สวัสดี y".dropFirst(2))] {
            let expected = try ICUBreakIterator.boundariesWithICU(locale: "th", kind: granularity.icuKind, utf16: Array(text.utf16))
            let indices = [text.startIndex] + expected.map { text.utf16.index(text.startIndex, offsetBy: $0.0) }
            let segments = Array(try segmenter.segments(of: text))
            #expect(segments.map(\.range) == zip(indices, indices.dropFirst()).map { $0..<$1 }, "\(text.debugDescription)")
            for segment in segments {
                let copy = segment
                #expect(copy.range == segment.range && text[segment.range] == copy.text)
                #expect(segment.text.startIndex == segment.range.lowerBound && segment.text.endIndex == segment.range.upperBound)
            }
        }
    }
}
