import ParlanceVerification
import Testing

@testable import Parlance

/// The shim runs ICU's compiled break rules over the text's UTF-8, divides Thai with its port of
/// ICU's Thai engine, and hands a text to ICU at its first other dictionary character. These
/// tests compare that path's boundaries (UTF-8 offset, UTF-16 offset, rule status) with ICU's own
/// iterator over `String.utf16` and with the shim's ICU path (the widened text), and check which
/// path each iteration took.
@Suite("Segmenter: ICU's rules run by the shim over UTF-8")
struct SegmenterRulesTests {
    typealias Boundary = (bytes: Int, units: Int, status: Int32)

    /// Every boundary of a cursor over `text`, on the rules path or ICU's, and the path taken.
    static func boundaries(_ iterator: ICUBreakIterator, _ text: String, rules: Bool) throws -> ([Boundary], ICUBreakCursor.Path) {
        let cursor = try iterator.cursor(over: text, rules: rules)
        var result: [Boundary] = []
        while true {
            let count = cursor.fill()
            if count == 0 { break }
            for index in 0..<count { result.append((Int(cursor.bytes[index]), Int(cursor.units[index]), cursor.statuses[index])) }
        }
        return (result, cursor.path)
    }

    /// ICU's boundaries over `String.utf16`, each with Swift's UTF-8 offset of its UTF-16 one.
    static func icuBoundaries(_ locale: LocaleID, _ kind: ICUBreakIterator.Kind, _ text: String) throws -> [Boundary] {
        try ICUBreakIterator.boundariesWithICU(locale: locale, kind: kind, utf16: Array(text.utf16)).map { units, status in
            let index = text.utf16.index(text.utf16.startIndex, offsetBy: units)
            return (text.utf8.distance(from: text.utf8.startIndex, to: index), units, status)
        }
    }

    static func same(_ lhs: [Boundary], _ rhs: [Boundary]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.bytes == $1.bytes && $0.units == $1.units && $0.status == $1.status }
    }

    /// Texts for every granularity: the empty text, one character of each UTF-8 width, texts
    /// that end where a rule still looks ahead (a full stop after a number or an abbreviation,
    /// an opening quote, a hyphen, a mark, a ZWJ, a lone regional indicator), CR LF and other
    /// line ends, emoji sequences, and dictionary words first, last and in the middle.
    static let texts: [String] = [
        "", "a", "é", "—", "😀", " ", "\r\n", "\r", "\n", ".", "3", "a.", "3.", "3.1", "3.14.", "Mr.", "Mr. ", "U.S.", "can'", "can't", "a'", "(",
        "a (", "\"Hi.\" ", "word—", "1,", "1,0", "$", "$(", "a -", "12-", "e\u{301}", "\u{301}", "a\u{200D}", "👨‍👩‍👧", "👨‍", "🇫🇷🇩", "🇫", "👍🏽",
        "a\u{FE0F}", "Hi. Bye.", "Hi.  Bye?! ok", "Hello world, again", "x\r\ny\n\nz", "a\u{2028}b", "tab\tsep", "nb\u{A0}sp", "http://a.b/c-d",
        "𝒜𝒜 go 😀go", "한국어 텍스트", "カタカナ", "ｶﾀｶﾅ", "ภาษาไทย", "สวัสดี hello", "hello สวัสดี", "hello สวัสดี world", "中文abc", "abc中文",
        "abc 東京 def. Ghi", "ສະບາຍດີ", "ខ្ញុំ ok", "မြန်မာ.", "Ça va? สวัสดีครับ 東京に行きます. 𝒜 👍🏽!\r\nNext line.",
    ]

    @Test("the rules path gives ICU's boundaries, UTF-8 and UTF-16 offsets and statuses", arguments: Segmenter.Granularity.allCases)
    func rulesAreICU(granularity: Segmenter.Granularity) throws {
        let kind = granularity.icuKind
        for locale: LocaleID in ["en", .root, "sv", "fi", "de", "th", "ja", "zh", "km", "ko", "he", "ar"] {
            let iterator = try ICUBreakIterator.cached(locale: locale, kind: kind)
            #expect(iterator.hasRules, "\(locale) \(granularity)")
            for text in Self.texts {
                let (mine, _) = try Self.boundaries(iterator, text, rules: true)
                let (widened, widenedPath) = try Self.boundaries(iterator, text, rules: false)
                let icu = try Self.icuBoundaries(locale, kind, text)
                #expect(Self.same(mine, icu), "\(locale) \(granularity) \(text.debugDescription): \(mine) vs ICU \(icu)")
                #expect(Self.same(widened, icu), "\(locale) \(granularity) \(text.debugDescription)")
                #expect(widenedPath == .icu)
            }
        }
    }

    @Test("text without dictionary characters runs on the rules to its end; dictionary text goes to ICU where it starts")
    func paths() throws {
        let words = try ICUBreakIterator.cached(locale: "en", kind: .word)
        for text in ["Hello, world! 42 times 3.5 👍 can't", "a", "Größe 𝒜 Привет שלום", String(repeating: "ab ", count: 200)] {
            #expect(try Self.boundaries(words, text, rules: true).1 == .rules, "\(text)")
        }
        // The empty text has no boundary on either path, and never needs ICU.
        #expect(try Self.boundaries(words, "", rules: true).0.isEmpty)
        #expect(try Self.boundaries(words, "", rules: true).1 == .rules)
        // A dictionary word first, in the middle or last: ICU takes over, and the boundaries
        // before it are the rules' (the same as ICU's); Thai stays in the shim, with its engine.
        for text in ["abc 中文", "日本語", "x ខ្ញុំ", "ab ｶﾀｶﾅ", "ab 한국어", "hello ສະບາຍດີ world"] {
            let (boundaries, path) = try Self.boundaries(words, text, rules: true)
            #expect(path == .rulesThenICU, "\(text)")
            #expect(Self.same(boundaries, try Self.icuBoundaries("en", .word, text)), "\(text)")
        }
        for text in ["สวัสดี hello", "hello สวัสดี world", "hello world สวัสดี", "ภาษาไทยเป็นภาษาที่มีวรรณยุกต์"] {
            let (boundaries, path) = try Self.boundaries(words, text, rules: true)
            #expect(path == .rulesThai, "\(text)")
            #expect(Self.same(boundaries, try Self.icuBoundaries("en", .word, text)), "\(text)")
        }
        // Graphemes, lines and sentences have no dictionary categories: Thai and Chinese stay on
        // the rules.
        for kind in [ICUBreakIterator.Kind.grapheme, .sentence] {
            let iterator = try ICUBreakIterator.cached(locale: "th", kind: kind)
            #expect(try Self.boundaries(iterator, "ภาษาไทย 中文", rules: true).1 == .rules, "\(kind)")
        }
        // Segmenter's iterations take the rules path.
        let segmenter = try Segmenter(locale: "en", granularity: .word)
        let iterator = try segmenter.segments(of: "Hello world").makeIterator()
        #expect(iterator.cursor.path == .rules)
    }

    /// ICU takes a text over at the rules' last boundary with `ubrk_following`, from a safe
    /// point its reverse rules find before that boundary, not from the start of the text.
    /// Prefixes that grow by one to three characters at a time from empty to past 80 UTF-16
    /// units (across ICU's 15-unit threshold for filling from the start, and with the
    /// single-code-point step after a safe point), made of letters, digits, punctuation, spaces,
    /// emoji and supplementary letters, before dictionary words of five scripts, in the word and
    /// line iterators of several locales: ICU's boundaries, statuses included.
    @Test("a dictionary word after a prefix of any length: ICU carries on from the rules' last boundary with its own boundaries")
    func handOverAfterAnyPrefix() throws {
        let fillers = ["ab ", "3.5, ", "can't ", "😀 ", "𝒜𝒜-", "\r\n", "U.S. ", "x—y ", "👍🏽!"]
        let words = ["สวัสดีครับ", "東京に行きます", "ສະບາຍດີ", "ខ្ញុំ", "ｶﾀｶﾅ漢字"]
        for locale: LocaleID in ["en", "th", "ja", "sv"] {
            for kind in [ICUBreakIterator.Kind.word, .line] {
                let iterator = try ICUBreakIterator.cached(locale: locale, kind: kind)
                for (index, word) in words.enumerated() {
                    var prefix = ""
                    var step = index
                    while prefix.utf16.count <= 80 {
                        let text = prefix + word + " and more text. 42"
                        let (boundaries, path) = try Self.boundaries(iterator, text, rules: true)
                        let icu = try Self.icuBoundaries(locale, kind, text)
                        #expect(Self.same(boundaries, icu), "\(locale) \(kind) \(text.debugDescription): \(boundaries) vs ICU \(icu)")
                        // Thai stays in the shim (its engine divides it); the others go to ICU.
                        let expected: ICUBreakCursor.Path = index == 0 ? .rulesThai : .rulesThenICU
                        if kind == .word { #expect(path == expected, "\(locale) \(text.debugDescription)") }
                        prefix += String(fillers[step % fillers.count].prefix(1 + step % 3))
                        step += 1
                    }
                }
            }
        }
    }

    @Test("a sentence iterator with -u-ss-standard is not rule-based: ICU iterates, with the same boundaries")
    func filteredSentences() throws {
        let locale: LocaleID = "en-u-ss-standard"
        let iterator = try ICUBreakIterator.cached(locale: locale, kind: .sentence)
        #expect(!iterator.hasRules)
        let text = "Mr. Smith went home. He slept."
        let (boundaries, path) = try Self.boundaries(iterator, text, rules: true)
        #expect(path == .icu)
        #expect(Self.same(boundaries, try Self.icuBoundaries(locale, .sentence, text)))
        #expect(boundaries.map(\.units) == [21, 30])
    }

    @Test("the line keywords reach ICU: strict and loose break Japanese differently, each as ICU does")
    func lineKeywords() throws {
        // Loose line breaking allows a break before a small kana and the prolonged sound mark,
        // strict forbids it (CLDR's line-break tailorings).
        let text = "キャッシュー"
        var results: [[Int]] = []
        for keyword in ["strict", "normal", "loose"] {
            let locale = try LocaleID("ja-u-lb-\(keyword)")
            let iterator = try ICUBreakIterator.cached(locale: locale, kind: .line)
            #expect(iterator.hasRules)
            let (boundaries, path) = try Self.boundaries(iterator, text, rules: true)
            #expect(path == .rules)
            #expect(Self.same(boundaries, try Self.icuBoundaries(locale, .line, text)), "\(keyword)")
            results.append(boundaries.map(\.units))
        }
        #expect(results[0] != results[2], "\(results)")
    }

    /// Long texts on the rules path: both sides of 64 KiB (where the ICU path changes how it maps
    /// offsets), and more boundaries than one batch holds, in every granularity.
    @Test("texts on both sides of 64 KiB: ICU's boundaries", arguments: Segmenter.Granularity.allCases)
    func longTexts(granularity: Segmenter.Granularity) throws {
        let piece = "Größe 😀 can't 3.5 e\u{301}, Привет. \r\n"
        let iterator = try ICUBreakIterator.cached(locale: "en", kind: granularity.icuKind)
        for target in [65_535, 65_536, 65_537, 70_000] {
            var text = ""
            while text.utf8.count < target - 40 { text += piece }
            while text.utf8.count < target { text += "a" }
            let (boundaries, path) = try Self.boundaries(iterator, text, rules: true)
            #expect(path == .rules)
            #expect(Self.same(boundaries, try Self.icuBoundaries("en", granularity.icuKind, text)), "\(granularity) \(target)")
            // Thai words at the very end: the rules and the shim's Thai engine give every boundary.
            let thai = text + "สวัสดีครับขอบคุณมาก"
            let words = try ICUBreakIterator.cached(locale: "en", kind: .word)
            if granularity == .word {
                let (withThai, thaiPath) = try Self.boundaries(words, thai, rules: true)
                #expect(thaiPath == .rulesThai)
                #expect(Self.same(withThai, try Self.icuBoundaries("en", .word, thai)), "\(target)")
            }
        }
    }

    @Test("seeded random mixes of scripts, punctuation, spaces and emoji: ICU's boundaries in every granularity")
    func randomMixes() throws {
        let verification = SegmentationVerification(locales: [], randomTexts: 60)
        let texts = verification.texts()
        for granularity in Segmenter.Granularity.allCases {
            for locale: LocaleID in ["en", "fi", "ja"] {
                let iterator = try ICUBreakIterator.cached(locale: locale, kind: granularity.icuKind)
                for text in texts {
                    let (boundaries, _) = try Self.boundaries(iterator, text, rules: true)
                    #expect(
                        Self.same(boundaries, try Self.icuBoundaries(locale, granularity.icuKind, text)), "\(locale) \(granularity) \(text.debugDescription)")
                }
            }
        }
    }

    @Test("a reduced sweep: no mismatch, texts on the rules and handed over to ICU")
    func reducedSweep() {
        let locales = sampleLocales(named: ["en", "th", "ja", "sv"], count: 8, offset: 3)
        let report = SegmentationVerification(locales: locales, randomTexts: 20, thaiTexts: 20, keywordStride: 4).run()
        #expect(report.mismatchCount == 0, "\(report.mismatches.prefix(5))")
        #expect(report.rulesTexts > 0 && report.thaiTexts > 0 && report.handedOverTexts > 0 && report.icuTexts > 0)
        #expect(report.texts == report.rulesTexts + report.thaiTexts + report.handedOverTexts + report.icuTexts)
        #expect(report.compiledFormatters >= 4 * locales.count)
    }
}
