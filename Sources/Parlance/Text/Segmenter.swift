/// Splits text into graphemes, words, sentences or line-break opportunities the way a locale
/// does, with ICU's rule-based break iterators (Unicode's UAX #29 and UAX #14, and ICU's
/// dictionaries for languages written without spaces: Thai, Lao, Khmer, Burmese, Chinese,
/// Japanese). `Intl.Segmenter` of JavaScript, for Swift.
///
/// ```swift
/// let words = try Segmenter(locale: "th", granularity: .word)
/// try words.segments(of: "สวัสดีครับ").map(\.text)                  // ["สวัสดี", "ครับ"]
/// try words.segments(of: "Hi, you!").filter { $0.isWordLike == true }.map(\.text)
///                                                                   // ["Hi", "you"]
/// try Segmenter(granularity: .grapheme).segments(of: "e\u{301}👍🏽").map(\.text)
///                                                                   // ["é", "👍🏽"]
/// ```
///
/// `Sendable`: a segmenter holds settings and a shared ICU prototype that is never iterated.
/// Every iteration of ``Segments`` runs on an ICU iterator of its own (a clone of the
/// prototype, kept for a later iteration when the iteration ends), so one segmenter serves
/// any number of tasks at once.
///
/// The boundaries are ICU's: Parlance runs ICU's compiled break rules (the state machine ICU
/// runs) over the text's UTF-8 itself, divides Thai with a port of ICU's Thai dictionary engine,
/// and hands the text to ICU's iterator at the first character ICU subdivides with another
/// dictionary (Lao, Chinese …); `parlance bench
/// --verify-segmentation` proves the two equal, and `PARLANCE_ICU_ONLY=1` makes every iteration
/// ICU's.
public struct Segmenter: Sendable, Hashable {
    /// What a segment is.
    public enum Granularity: String, Sendable, Hashable, Codable, CaseIterable {
        /// User-perceived characters: extended grapheme clusters (UAX #29), "👍🏽" or "é".
        case grapheme
        /// Words and the spaces and punctuation between them (UAX #29, with dictionaries for
        /// languages written without spaces); see ``Segment/isWordLike``.
        case word
        /// Sentences, each with its trailing spaces (UAX #29).
        case sentence
        /// The spans between line-break opportunities (UAX #14): a word with the spaces after
        /// it, where a line may wrap.
        case line
    }

    /// What a word segment holds, from ICU's rule status (`UWordBreak`).
    public enum WordKind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Not a word: spaces, punctuation, symbols, emoji (ICU's `UBRK_WORD_NONE` range).
        case nonWord
        /// A number: "42", "3.14".
        case number
        /// Letters: "hello", "can't", and the words ICU's dictionaries find in Thai or Khmer.
        case letter
        /// Kana that ICU's rules join. (Words found by ICU's Chinese and Japanese dictionary,
        /// kana ones included, are ``ideographic``.)
        case kana
        /// Chinese or Japanese words, from ICU's dictionary: "中文", "カタカナ".
        case ideographic
    }

    /// One segment of a text.
    ///
    /// A segment holds the segmented string and its bounds as UTF-8 offsets; ``range`` and
    /// ``text`` are made from them when they are read, so that a caller that reads only
    /// ``isWordLike`` makes no `String.Index` and no slice.
    public struct Segment: Sendable, Hashable {
        /// The segmented string.
        @usableFromInline let base: String
        /// Where the segment is in the segmented string's UTF-8 bytes.
        @usableFromInline let utf8Range: Range<Int>
        /// Where the segment is in UTF-16 units, as JavaScript and ICU count: the `index` of
        /// `Intl.Segmenter`'s segments is `utf16Range.lowerBound`.
        public let utf16Range: Range<Int>
        /// For words, what kind of word this is; nil for the other granularities.
        public let wordKind: WordKind?

        /// Where the segment is in the segmented string. (O(1) for a native string, whose
        /// indices are UTF-8 offsets; a bridged string's indices are found by walking its
        /// UTF-8 view.)
        public var range: Range<String.Index> {
            let utf8 = base.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: utf8Range.lowerBound)
            return lower..<utf8.index(lower, offsetBy: utf8Range.count)
        }

        /// The segment's text (a slice of the segmented string).
        public var text: Substring { base[range] }

        /// For words, whether the segment is a word (letters, numbers, kana, ideographs) rather
        /// than spaces or punctuation: ICU's rule status is not `UBRK_WORD_NONE`. nil for the
        /// other granularities, as in `Intl.Segmenter`.
        @inlinable
        public var isWordLike: Bool? { wordKind.map { $0 != .nonWord } }

        @inlinable
        init(base: String, utf8Range: Range<Int>, utf16Range: Range<Int>, wordKind: WordKind?) {
            self.base = base
            self.utf8Range = utf8Range
            self.utf16Range = utf16Range
            self.wordKind = wordKind
        }

        /// Segments are equal when their ranges, texts, UTF-16 ranges and kinds are.
        public static func == (lhs: Segment, rhs: Segment) -> Bool {
            lhs.range == rhs.range && lhs.utf16Range == rhs.utf16Range && lhs.wordKind == rhs.wordKind && lhs.text == rhs.text
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(range)
            hasher.combine(text)
            hasher.combine(utf16Range)
            hasher.combine(wordKind)
        }
    }

    /// The longest text segmented, in UTF-8 bytes: 16,777,216 (16 MiB). Its UTF-16 form, which
    /// ICU's iterator reads, is never longer. ``segments(of:)`` refuses longer text before ICU
    /// sees it.
    public static let maximumLength = 1 << 24

    /// The locale whose rules and dictionaries are used. ICU tailors its rules for a few
    /// languages (in `sv` and `fi` a colon joins letters into one word), and the keyword
    /// `-u-ss-standard` (`en-u-ss-standard`) keeps sentences whole after abbreviations such as
    /// "Mr." (CLDR's sentence-break suppressions).
    public let locale: LocaleID
    /// graphemes / words / sentences / lines.
    public let granularity: Granularity
    private let icu: ICUBreakIterator

    /// A segmenter for a locale and granularity; ICU's iterator is opened once per locale and
    /// granularity and cached.
    ///
    /// - Throws: ``ParlanceError`` (`internal`) when ICU cannot open the iterator.
    public init(locale: LocaleID = .root, granularity: Granularity = .grapheme) throws {
        try self.init(checkedLocale: locale, granularity: granularity)
    }

    /// ``init(locale:granularity:)`` with its error type, for code inside the package.
    package init(checkedLocale locale: LocaleID, granularity: Granularity) throws(ParlanceError) {
        self.locale = locale
        self.granularity = granularity
        self.icu = try ICUBreakIterator.cached(locale: locale, kind: granularity.icuKind)
    }

    /// The segments of `text`, in text order, computed lazily as the sequence is iterated.
    /// Their texts concatenate to `text`; the empty string has none.
    ///
    /// ```swift
    /// try Segmenter(locale: "en", granularity: .sentence).segments(of: "Hi. Bye.").map(\.text)
    /// // ["Hi. ", "Bye."]
    /// ```
    /// - Throws: ``ParlanceError`` (`invalid-argument`) when `text` has more than
    ///   ``maximumLength`` UTF-8 bytes.
    public func segments(of text: String) throws -> Segments {
        try checkedSegments(of: text)
    }

    /// ``segments(of:)`` with its error type, for code inside the package.
    package func checkedSegments(of text: String) throws(ParlanceError) -> Segments {
        let bytes = text.utf8.count
        guard bytes <= Self.maximumLength else {
            throw ParlanceError(.invalidArgument, "the text has \(bytes) UTF-8 bytes; at most \(Self.maximumLength) are segmented")
        }
        return Segments(text: text, segmenter: self)
    }

    public static func == (lhs: Segmenter, rhs: Segmenter) -> Bool {
        lhs.locale == rhs.locale && lhs.granularity == rhs.granularity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(locale)
        hasher.combine(granularity)
    }

    /// The segments of one text: a lazy sequence, which builds no array. Each iteration finds
    /// the boundaries as it goes, several per call into the shim: by ICU's rules run over a copy
    /// of the text's UTF-8, or, from a dictionary character on (or under `PARLANCE_ICU_ONLY=1`),
    /// by ICU's iterator over the text widened into UTF-16 once.
    public struct Segments: Sequence, Sendable {
        /// The segmented text.
        public let text: String
        /// The segmenter.
        public let segmenter: Segmenter

        /// A new iteration from the start of the text, on an ICU iterator of its own.
        ///
        /// Opening the iterator fails only when memory runs out (the locale, granularity and
        /// length were checked before), which stops the program as any allocation failure does.
        public func makeIterator() -> Iterator {
            do throws(ParlanceError) {
                return Iterator(text: text, cursor: try segmenter.icu.cursor(over: text), granularity: segmenter.granularity)
            } catch {
                fatalError("Segmenter: \(error)")
            }
        }

        /// How many segments there are (iterates once).
        public var count: Int {
            var count = 0
            for _ in self { count += 1 }
            return count
        }
    }

    /// Iterates segments: one shim iterator, which holds a copy of the text (UTF-8 for ICU's
    /// rules run in the shim, UTF-16 for ICU's iterator) and gives boundaries as UTF-8 and
    /// UTF-16 offsets, several per call into the shim, read here through the cursor's buffers,
    /// whose addresses the iterator keeps. (Iterate one iterator at a time: copies share the
    /// shim iterator, not the position within its batch of boundaries.)
    public struct Iterator: IteratorProtocol {
        @usableFromInline let text: String
        @usableFromInline let cursor: ICUBreakCursor
        /// The cursor's buffers (`ICUBreakCursor.bytes`, `ICUBreakCursor.units`,
        /// `ICUBreakCursor.statuses`), which live as long as the cursor.
        @usableFromInline let bytes: UnsafeMutablePointer<Int32>
        @usableFromInline let units: UnsafeMutablePointer<Int32>
        @usableFromInline let statuses: UnsafeMutablePointer<Int32>
        @usableFromInline let isWord: Bool
        @usableFromInline var utf8Offset = 0
        @usableFromInline var utf16Offset = 0
        /// The next boundary to read in the cursor's batch, and how many the batch holds.
        @usableFromInline var position = 0
        @usableFromInline var count = 0

        fileprivate init(text: String, cursor: ICUBreakCursor, granularity: Granularity) {
            self.text = text
            self.cursor = cursor
            self.bytes = cursor.bytes
            self.units = cursor.units
            self.statuses = cursor.statuses
            self.isWord = granularity == .word
        }

        /// The next segment, or nil at the end of the text. (Inlinable, so that a caller that
        /// reads only part of a segment, as a count of words does, pays for no more.)
        ///
        /// The shim's boundaries rise strictly in UTF-8 and UTF-16 alike (it ends a batch at one
        /// that would not), from 0 on, so each segment's bounds are in order as they are read.
        @inlinable
        public mutating func next() -> Segment? {
            if position >= count {
                count = cursor.fill()
                position = 0
                guard count > 0 else { return nil }
            }
            let end = Int(bytes[position])
            let endUnits = Int(units[position])
            let ruleStatus = statuses[position]
            position += 1
            let segment = Segment(
                base: text, utf8Range: Range(uncheckedBounds: (utf8Offset, end)), utf16Range: Range(uncheckedBounds: (utf16Offset, endUnits)),
                wordKind: isWord ? WordKind(ruleStatus: ruleStatus) : nil)
            utf8Offset = end
            utf16Offset = endUnits
            return segment
        }
    }
}

extension Segmenter.Granularity {
    var icuKind: ICUBreakIterator.Kind {
        switch self {
        case .grapheme: .grapheme
        case .word: .word
        case .sentence: .sentence
        case .line: .line
        }
    }
}

extension Segmenter.WordKind {
    /// The kind for ICU's rule status of a word segment: its `UWordBreak` range (none below
    /// 100, numbers below 200, letters below 300, kana below 400, ideographs above; the
    /// shim asserts these bounds, and a test compares them with `ICUBreakCursor`'s).
    @inlinable
    init(ruleStatus: Int32) {
        switch ruleStatus {
        case ..<100: self = .nonWord
        case ..<200: self = .number
        case ..<300: self = .letter
        case ..<400: self = .kana
        default: self = .ideographic
        }
    }
}
