import Foundation
import Testing

@testable import Parlance

/// `CLDRData/break-tests.json`, written by `Scripts/extract-unicode-break-tests.py` from
/// Unicode 15.0's GraphemeBreakTest.txt, WordBreakTest.txt, SentenceBreakTest.txt and
/// LineBreakTest.txt.
struct BreakTestFixtures: Decodable {
    struct Case: Decodable, Sendable {
        var line: Int
        var codePoints: [UInt32]
        var breaks: [Int]

        var text: String {
            var text = ""
            for value in codePoints { text.unicodeScalars.append(Unicode.Scalar(value)!) }
            return text
        }
    }

    var files: [String: String]
    var grapheme: [Case]
    var word: [Case]
    var sentence: [Case]
    var line: [Case]

    func cases(_ granularity: Segmenter.Granularity) -> [Case] {
        switch granularity {
        case .grapheme: grapheme
        case .word: word
        case .sentence: sentence
        case .line: line
        }
    }

    static let shared: BreakTestFixtures = {
        do { return try CLDRData.load("break-tests.json") } catch { fatalError("CLDRData/break-tests.json: \(error)") }
    }()
}

/// `CLDRData/break-tests-known-differences.json`: the test cases where ICU 72's break rules and
/// Unicode 15.0's test files disagree, each with ICU's boundaries and the reason. The suite
/// fails if this list is not exactly the set of disagreements observed.
struct BreakTestKnownDifferences: Decodable {
    struct Difference: Decodable, Sendable {
        var granularity: Segmenter.Granularity
        var line: Int
        var codePoints: [UInt32]
        var unicode: [Int]
        var icu: [Int]
        var reason: String
    }

    var differences: [Difference]

    static let shared: BreakTestKnownDifferences = {
        do { return try CLDRData.load("break-tests-known-differences.json") } catch {
            fatalError("CLDRData/break-tests-known-differences.json: \(error)")
        }
    }()
}

@Suite("Segmenter: Unicode's break test suites")
struct SegmenterUnicodeTests {
    /// ICU's boundaries for a text, as code-point offsets after the start.
    static func boundaries(_ text: String, _ segmenter: Segmenter) throws -> [Int] {
        var offsets: [Int] = []
        var offset = 0
        for segment in try segmenter.segments(of: text) {
            offset += segment.text.unicodeScalars.count
            offsets.append(offset)
        }
        return offsets
    }

    /// Every case of the suite, with the root locale: the boundaries are the file's, except for
    /// the listed known differences, which give exactly the boundaries listed for ICU.
    @Test("every case of the test file", arguments: Segmenter.Granularity.allCases)
    func suite(_ granularity: Segmenter.Granularity) throws {
        let segmenter = try Segmenter(locale: .root, granularity: granularity)
        let cases = BreakTestFixtures.shared.cases(granularity)
        #expect(cases.count > 500)
        var known: [Int: BreakTestKnownDifferences.Difference] = [:]
        for difference in BreakTestKnownDifferences.shared.differences where difference.granularity == granularity {
            known[difference.line] = difference
        }
        var passed = 0
        var seen: Set<Int> = []
        for fixture in cases {
            let text = fixture.text
            let actual = try Self.boundaries(text, segmenter)
            if let difference = known[fixture.line] {
                seen.insert(fixture.line)
                #expect(difference.codePoints == fixture.codePoints, "line \(fixture.line): the known difference lists other code points")
                #expect(difference.unicode == fixture.breaks, "line \(fixture.line): the known difference lists other Unicode breaks")
                #expect(actual == difference.icu, "line \(fixture.line): ICU gives \(actual), the known difference says \(difference.icu)")
            } else {
                let hex = fixture.codePoints.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
                #expect(actual == fixture.breaks, "\(granularity) line \(fixture.line) [\(hex)]: expected \(fixture.breaks), ICU gives \(actual)")
                if actual == fixture.breaks { passed += 1 }
            }
        }
        #expect(seen == Set(known.keys), "known differences that did not occur: \(Set(known.keys).subtracting(seen).sorted())")
        #expect(passed + seen.count == cases.count)
    }

    /// The reason given for the word known differences: ICU's root rules break at a colon
    /// between letters, its Swedish and Finnish rules keep UAX #29's MidLetter colon.
    @Test("a colon between letters: a boundary in root and en, none in sv and fi")
    func colon() throws {
        for locale: LocaleID in [.root, "en"] {
            #expect(try Segmenter(locale: locale, granularity: .word).segments(of: "a:A").count == 3, "\(locale)")
        }
        for locale: LocaleID in ["sv", "fi"] {
            #expect(try Segmenter(locale: locale, granularity: .word).segments(of: "a:A").map(\.text) == ["a:A"], "\(locale)")
        }
    }

    @Test("the fixture is Unicode 15.0's")
    func version() {
        for (_, file) in BreakTestFixtures.shared.files { #expect(file.hasSuffix("-15.0.0.txt"), "\(file)") }
        #expect(BreakTestFixtures.shared.files.count == 4)
    }
}

@Suite("Segmenter: segments, indices and word kinds")
struct SegmenterTests {
    func texts(_ text: String, _ locale: LocaleID, _ granularity: Segmenter.Granularity) throws -> [String] {
        try Segmenter(locale: locale, granularity: granularity).segments(of: text).map { String($0.text) }
    }

    /// Dictionary segmentation of languages written without spaces. The expected splits are the
    /// dictionary words of each phrase as a speaker divides them, written out by hand (the
    /// glosses say which word is which); each is checked against ICU's dictionary-based
    /// iterators, never produced from them.
    @Test(
        "Thai, Khmer, Chinese and Japanese words",
        arguments: [
            // Thai: สวัสดี "hello" + ครับ (polite particle).
            ("th", "สวัสดีครับ", ["สวัสดี", "ครับ"]),
            // Thai: ภาษา "language" + ไทย "Thai".
            ("th", "ภาษาไทย", ["ภาษา", "ไทย"]),
            // Thai: ผม "I" + รัก "love" + แมว "cat".
            ("th", "ผมรักแมว", ["ผม", "รัก", "แมว"]),
            // Khmer: ខ្ញុំ "I" + ស្រឡាញ់ "love" + អ្នក "you".
            ("km", "ខ្ញុំស្រឡាញ់អ្នក", ["ខ្ញុំ", "ស្រឡាញ់", "អ្នក"]),
            // Khmer: សួស្តី "hello" + ពិភពលោក "world".
            ("km", "សួស្តីពិភពលោក", ["សួស្តី", "ពិភពលោក"]),
            // Chinese: 我 "I" + 爱 "love" + 北京 "Beijing".
            ("zh", "我爱北京", ["我", "爱", "北京"]),
            // Chinese: 中文 "Chinese" + 很 "very" + 有意思 "interesting".
            ("zh", "中文很有意思", ["中文", "很", "有意思"]),
            // Japanese: 東京 "Tokyo" + に (particle "to") + 行きます "go" (ICU splits the stem 行き
            // and the polite ending ます, as Japanese morphological analysis does).
            ("ja", "東京に行きます", ["東京", "に", "行き", "ます"]),
            // Japanese: カタカナ "katakana" + と "and" + 漢字 "kanji".
            ("ja", "カタカナと漢字", ["カタカナ", "と", "漢字"]),
        ] as [(String, String, [String])])
    func dictionaryWords(locale: String, text: String, expected: [String]) throws {
        #expect(try texts(text, LocaleID(locale), .word) == expected)
    }

    @Test("isWordLike and the word kind: words, numbers, punctuation, spaces, emoji")
    func wordKinds() throws {
        let segments = Array(try Segmenter(locale: "en", granularity: .word).segments(of: "Hello, world! 42 times 3.5 👍 can't"))
        let kinds = segments.map { (String($0.text), $0.wordKind, $0.isWordLike) }
        let expected: [(String, Segmenter.WordKind, Bool)] = [
            ("Hello", .letter, true), (",", .nonWord, false), (" ", .nonWord, false), ("world", .letter, true), ("!", .nonWord, false),
            (" ", .nonWord, false), ("42", .number, true), (" ", .nonWord, false), ("times", .letter, true), (" ", .nonWord, false),
            ("3.5", .number, true), (" ", .nonWord, false), ("👍", .nonWord, false), (" ", .nonWord, false), ("can't", .letter, true),
        ]
        #expect(kinds.count == expected.count)
        for (actual, wanted) in zip(kinds, expected) {
            #expect(actual.0 == wanted.0)
            #expect(actual.1 == wanted.1, "\(actual.0)")
            #expect(actual.2 == wanted.2, "\(actual.0)")
        }
        // ICU's Chinese and Japanese dictionary marks every word it finds ideographic, kana too.
        let japanese = Array(try Segmenter(locale: "ja", granularity: .word).segments(of: "カタカナと漢字"))
        #expect(japanese.map(\.wordKind) == [.ideographic, .ideographic, .ideographic])
        #expect(japanese.allSatisfy { $0.isWordLike == true })
        // Thai and Khmer dictionary words are letters.
        let thai = Array(try Segmenter(locale: "th", granularity: .word).segments(of: "ภาษาไทย ง่าย"))
        #expect(thai.map(\.wordKind) == [.letter, .letter, .nonWord, .letter])
        // Only words have a word kind.
        for granularity in [Segmenter.Granularity.grapheme, .sentence, .line] {
            for segment in try Segmenter(locale: "en", granularity: granularity).segments(of: "Hi, you. 42") {
                #expect(segment.wordKind == nil)
                #expect(segment.isWordLike == nil)
            }
        }
    }

    @Test("indices beyond the BMP: ranges, UTF-16 offsets and substrings")
    func nonBMP() throws {
        // 𝒜 (U+1D49C) and 😀 (U+1F600) take two UTF-16 units and four UTF-8 bytes each; 👍🏽 is
        // two scalars in one grapheme; é is e + U+0301.
        let text = "𝒜b😀 👍🏽e\u{301}"
        let segments = Array(try Segmenter(granularity: .grapheme).segments(of: text))
        #expect(segments.map { String($0.text) } == ["𝒜", "b", "😀", " ", "👍🏽", "e\u{301}"])
        #expect(segments.map(\.utf16Range) == [0..<2, 2..<3, 3..<5, 5..<6, 6..<10, 10..<12])
        for segment in segments {
            #expect(text[segment.range] == segment.text)
            #expect(text.utf16.distance(from: text.startIndex, to: segment.range.lowerBound) == segment.utf16Range.lowerBound)
            #expect(text.utf16.distance(from: text.startIndex, to: segment.range.upperBound) == segment.utf16Range.upperBound)
        }
        #expect(segments.first?.range.lowerBound == text.startIndex)
        #expect(segments.last?.range.upperBound == text.endIndex)
        let words = Array(try Segmenter(locale: "en", granularity: .word).segments(of: "𝒜𝒜 go 😀go"))
        #expect(words.map { String($0.text) } == ["𝒜𝒜", " ", "go", " ", "😀", "go"])
        #expect(words.map(\.utf16Range.lowerBound) == [0, 4, 5, 7, 8, 10])
    }

    @Test("sentences and lines")
    func sentencesAndLines() throws {
        #expect(try texts("Hi. Bye.", "en", .sentence) == ["Hi. ", "Bye."])
        // UAX #29 breaks after "Mr. " (SB11: a full stop, a space, then an upper-case letter);
        // the locale keyword -u-ss-standard turns on ICU's list of abbreviations (CLDR's
        // segmentation suppressions), which keeps "Mr." inside the sentence.
        #expect(try texts("Mr. Smith went home. He slept.", "en", .sentence) == ["Mr. ", "Smith went home. ", "He slept."])
        #expect(try texts("Mr. Smith went home. He slept.", "en-u-ss-standard", .sentence) == ["Mr. Smith went home. ", "He slept."])
        #expect(try texts("Hello world, again", "en", .line) == ["Hello ", "world, ", "again"])
    }

    @Test("segments concatenate to the text; the empty text has none; iterations are independent")
    func concatenation() throws {
        let text = "Ça va? สวัสดีครับ 東京に行きます. 𝒜 👍🏽!\r\nNext line."
        for granularity in Segmenter.Granularity.allCases {
            for locale: LocaleID in ["en", "th", "ja", .root] {
                let segments = try Segmenter(locale: locale, granularity: granularity).segments(of: text)
                #expect(segments.map { String($0.text) }.joined() == text, "\(granularity) \(locale)")
                // Two iterations of one sequence give the same segments.
                #expect(segments.map(\.utf16Range) == segments.map(\.utf16Range))
                #expect(try Segmenter(locale: locale, granularity: granularity).segments(of: "").count == 0)
            }
        }
        // Two iterators of one sequence, interleaved, each keep their own position.
        let segments = try Segmenter(locale: "en", granularity: .word).segments(of: "a b c")
        var first = segments.makeIterator()
        var second = segments.makeIterator()
        #expect(first.next()?.text == "a")
        #expect(first.next()?.text == " ")
        #expect(second.next()?.text == "a")
        #expect(first.next()?.text == "b")
    }

    @Test("texts of more segments than ICU's boundaries come in per call: every segment, in order")
    func manyBoundaries() throws {
        let words = try Segmenter(locale: "en", granularity: .word)
        let batch = ICUBreakCursor.batchCapacity
        for pairs in [1, batch / 2 - 1, batch / 2, batch / 2 + 1, batch, batch + 1, 3 * batch + 7] {
            // "ab " is a word and a space (UAX #29): 2 segments per pair.
            let text = String(repeating: "ab ", count: pairs)
            let segments = Array(try words.segments(of: text))
            #expect(segments.map { String($0.text) } == Array(repeating: ["ab", " "], count: pairs).flatMap { $0 }, "\(pairs)")
            #expect(segments.map(\.utf16Range) == (0..<(2 * pairs)).map { $0 / 2 * 3 + ($0 % 2 == 0 ? 0 : 2)..<$0 / 2 * 3 + ($0 % 2 == 0 ? 2 : 3) })
            #expect(segments.map(\.isWordLike) == Array(repeating: [true, false], count: pairs).flatMap { $0 })
        }
    }

    @Test("segments are equal when their ranges, texts, UTF-16 ranges and kinds are")
    func segmentEquality() throws {
        let words = try Segmenter(locale: "en", granularity: .word)
        let once = Array(try words.segments(of: "to be or not to be"))
        // Iterating again (another iterator, and a copy of the text) gives equal segments.
        #expect(once == Array(try words.segments(of: String("to be or not to be".reversed().reversed()))))
        #expect(Set(once).count == once.count)
        // "to" at the start and "to" later: equal texts, different ranges.
        #expect(once[0].text == once[8].text)
        #expect(once[0] != once[8])
        // The same range of another text with other characters there.
        let other = Array(try words.segments(of: "xy be or not to be"))
        #expect(other[0].range == once[0].range && other[0].utf16Range == once[0].utf16Range)
        #expect(other[0] != once[0])
        #expect(other[1] == once[1])
    }

    /// The `String` range of every segment is where ICU's boundary (its UTF-16 offset, which
    /// `utf16Range` gives as ICU returned it) falls in the text, for texts in scripts of one,
    /// two, three and four UTF-8 bytes, with ICU's dictionaries (Thai, Japanese) and with
    /// iterators that ICU reuses from one text to the next, longer or shorter.
    @Test("the word kinds' rule-status bounds are ICU's")
    func wordKindBounds() {
        #expect(Segmenter.WordKind(ruleStatus: ICUBreakCursor.wordNumber - 1) == .nonWord)
        #expect(Segmenter.WordKind(ruleStatus: ICUBreakCursor.wordNumber) == .number)
        #expect(Segmenter.WordKind(ruleStatus: ICUBreakCursor.wordLetter - 1) == .number)
        #expect(Segmenter.WordKind(ruleStatus: ICUBreakCursor.wordLetter) == .letter)
        #expect(Segmenter.WordKind(ruleStatus: ICUBreakCursor.wordKana - 1) == .letter)
        #expect(Segmenter.WordKind(ruleStatus: ICUBreakCursor.wordKana) == .kana)
        #expect(Segmenter.WordKind(ruleStatus: ICUBreakCursor.wordIdeographic - 1) == .kana)
        #expect(Segmenter.WordKind(ruleStatus: ICUBreakCursor.wordIdeographic) == .ideographic)
    }

    @Test("ranges are ICU's boundaries, for every script width and reused iterators")
    func rangesAreICUBoundaries() throws {
        let pieces = [
            "The quick brown fox, 3.5 times. ", "Ça va? Größe ", "สวัสดีครับยินดีต้อนรับสู่ประเทศไทย ", "東京に行きますカタカナと漢字。",
            "𝒜𝒜 go 😀go 👍🏽 e\u{301} ", "ภาษาไทยง่าย", "Привет, мир! ", "\r\n",
        ]
        var texts = pieces
        for length in [1, 3, 7, 40, 200] {
            texts.append((0..<length).map { pieces[($0 * 5 + length) % pieces.count] }.joined())
        }
        texts.append(contentsOf: texts.reversed())
        for granularity in Segmenter.Granularity.allCases {
            for locale: LocaleID in ["en", "th", "ja", .root] {
                let segmenter = try Segmenter(locale: locale, granularity: granularity)
                for text in texts {
                    let segments = Array(try segmenter.segments(of: text))
                    var offset = 0
                    for segment in segments {
                        #expect(segment.utf16Range.lowerBound == offset)
                        #expect(text.utf16.distance(from: text.startIndex, to: segment.range.lowerBound) == segment.utf16Range.lowerBound)
                        #expect(text.utf16.distance(from: text.startIndex, to: segment.range.upperBound) == segment.utf16Range.upperBound)
                        #expect(text[segment.range] == segment.text)
                        offset = segment.utf16Range.upperBound
                    }
                    #expect(offset == text.utf16.count, "\(granularity) \(locale)")
                }
            }
        }
        // More iterations open at once than the prototype keeps idle: each has its own.
        let segmenter = try Segmenter(locale: "th", granularity: .word)
        let text = "ภาษาไทยง่ายนิดเดียว ภาษาไทย"
        let expected = try segmenter.segments(of: text).map(\.utf16Range)
        var iterators = try (0..<9).map { _ in try segmenter.segments(of: text).makeIterator() }
        var ranges = Array(repeating: [Range<Int>](), count: iterators.count)
        var advanced = true
        while advanced {
            advanced = false
            for index in iterators.indices {
                if let segment = iterators[index].next() {
                    ranges[index].append(segment.utf16Range)
                    advanced = true
                }
            }
        }
        #expect(ranges.allSatisfy { $0 == expected })
    }

    @Test("text over the limit is refused before ICU; a segmenter is shared across tasks")
    func limitsAndSharing() async throws {
        let segmenter = try Segmenter(locale: "th", granularity: .word)
        let long = String(repeating: "a", count: Segmenter.maximumLength + 1)
        let error = try #require(throws: ParlanceError.self) { _ = try segmenter.segments(of: long) }
        #expect(error.code == .invalidArgument)
        #expect(try segmenter.segments(of: String(long.dropLast())).count == 1)
        // One segmenter, many tasks: each iteration has its own ICU iterator (ThreadSanitizer
        // runs check that nothing is shared unsafely).
        let text = String(repeating: "ภาษาไทยง่ายนิดเดียว ", count: 20)
        let expected = Array(try segmenter.segments(of: text).map(\.utf16Range))
        try await withThrowingTaskGroup(of: [Range<Int>].self) { group in
            for _ in 0..<8 { group.addTask { Array(try segmenter.segments(of: text).map(\.utf16Range)) } }
            for try await result in group { #expect(result == expected) }
        }
        #expect(segmenter == (try Segmenter(locale: "th", granularity: .word)))
        #expect(segmenter != (try Segmenter(locale: "th", granularity: .line)))
    }
}

/// The examples of TextSegmentationAndCase.md and of the API's doc comments, run.
@Suite("Segmentation and case: the documented examples")
struct TextArticleExampleTests {
    @Test func segmentation() throws {
        let words = try Segmenter(locale: "th", granularity: .word)
        let thai = Array(try words.segments(of: "ภาษาไทย ง่าย"))
        #expect(thai.map { String($0.text) } == ["ภาษา", "ไทย", " ", "ง่าย"])
        #expect(thai.map { $0.isWordLike == true } == [true, true, false, true])
        #expect(try words.segments(of: "สวัสดีครับ").map(\.text) == ["สวัสดี", "ครับ"])
        #expect(try words.segments(of: "Hi, you!").filter { $0.isWordLike == true }.map(\.text) == ["Hi", "you"])
        let english = try Segmenter(locale: "en", granularity: .word)
        #expect(try english.segments(of: "Hello, world!").filter { $0.isWordLike == true }.count == 2)
        #expect(try english.segments(of: "Hi, you!").filter { $0.isWordLike == true }.map(\.text) == ["Hi", "you"])
        #expect(try Segmenter(granularity: .grapheme).segments(of: "e\u{301}👍🏽").map(\.text) == ["e\u{301}", "👍🏽"])
        #expect(try Segmenter(locale: "en", granularity: .sentence).segments(of: "Hi. Bye.").map(\.text) == ["Hi. ", "Bye."])
    }

    @Test func caseMapping() throws {
        #expect(try "istanbul".uppercased(locale: "tr") == "İSTANBUL")
        #expect(try "DİYARBAKIR".lowercased(locale: "tr") == "diyarbakır")
        #expect(try "straße".uppercased(locale: "de") == "STRASSE")
        #expect(try "άδικος".uppercased(locale: "el") == "ΑΔΙΚΟΣ")
        #expect(try "άδεια".uppercased(locale: "el") == "ΑΔΕΙΑ")
        #expect(try "ΟΔΟΣ".lowercased(locale: "el") == "οδο\u{3C2}")
        #expect(try "hello world".capitalized(locale: "en") == "Hello World")
        #expect(try "ijsland".capitalized(locale: "nl") == "IJsland")
    }
}
