import Foundation
import Testing

@testable import Parlance

/// The segmenter widens UTF-8 into UTF-16 in the shim (ASCII eight bytes at a time, two- and
/// three-byte sequences without a call) and maps ICU's UTF-16 boundaries back to UTF-8 (a
/// branch-free count per unit). These tests compare both with what Swift and ICU give on their own:
/// the widened units with `String.utf16`, and the segments with ICU's boundaries over
/// `String.utf16`.
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
}
