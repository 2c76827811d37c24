import FuzzSupport

@testable import Parlance

/// Text through ``Segmenter``, compared with ICU's own break iterator: the differential check of
/// the shim's run of ICU's compiled break rules over UTF-8, its division of Thai with its port
/// of ICU's Thai engine, its hand-over to ICU at the first other dictionary character, and its
/// widening of UTF-8 into UTF-16 (the vector decoders of runs of three-byte sequences
/// included).
///
/// Input: byte 0 chooses the locale (``locales``), byte 1 the granularity (bits 0–1), a keyword
/// variant (bits 2–3: `lb=strict`, `lb=loose`, `lb=normal` for lines, `ss=standard` for
/// sentences) and, when bits 4–6 are all set, a long text: the text after a first segment that
/// makes it 64 KiB long, give or take a byte (bit 7), so that the shim maps ICU's boundaries to
/// UTF-8 with its offset table or, past 64 KiB, by counting bytes. The rest of the input is the
/// text, as `String(decoding:as:)` reads it (ill-formed UTF-8 becomes U+FFFD).
///
/// Contract: the segments cover the text in order, without gaps or empty segments, in UTF-8 and
/// UTF-16 alike, and each segment's text is the text between its bounds; every boundary's UTF-16
/// offset and rule status (``Segmenter/Segment/wordKind`` for words, the raw status on the shim's
/// cursors for every granularity) are those of `ubrk_next` and `ubrk_getRuleStatus` of a new ICU
/// iterator over the text's UTF-16, and its UTF-8 offset is Swift's for that UTF-16 offset; the
/// same holds for the shim's cursor with the rules and for its cursor that hands ICU the widened
/// text from the start. The raw input bytes widen (`CICU_widenUTF8OffsetsCopy`) into Swift's
/// UTF-16 of the decoded string, as the shim's plain widening does, each unit at the UTF-8
/// offset where its sequence starts. Nothing crashes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSegmentation(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let localeChoice = Int(input.byte())
    let mode = input.byte()
    let bytes = Array(input.bytes)
    checkWidening(bytes)
    var text = String(decoding: bytes, as: UTF8.self)
    if mode & 0x70 == 0x70 {
        // One grapheme, word, line and sentence segment of its own in every locale ("a" and
        // combining acute accents), which makes the text 65,535 to 65,537 UTF-8 bytes long:
        // around the limit of the shim's offset table, at little cost per input.
        let length = 65_536 + Int(mode >> 7)
        let marks = max(0, (length - 1 - text.utf8.count) / 2)
        text = "a" + String(repeating: "\u{301}", count: marks) + text
    }
    let granularity = Segmenter.Granularity.allCases[Int(mode & 3)]
    let locale = FuzzSegmentation.locale(localeChoice, granularity, variant: Int(mode >> 2) & 3)
    FuzzSegmentation(text: text, locale: locale, granularity: granularity).run()
    return 0
}

/// One text segmented one way, and ICU's boundaries for it.
struct FuzzSegmentation {
    static let target = "FuzzSegmentation"

    /// Locales with rules or dictionaries of their own: Thai, Lao, Khmer and Burmese dictionaries;
    /// Chinese and Japanese (ideographs, kana; Japanese line-break tailoring); Korean (Hangul);
    /// Finnish and Swedish (a colon inside words); German, Greek, Russian; right-to-left Arabic
    /// and Hebrew (Hebrew's word rules for quotation marks); Hindi (conjuncts); root.
    static let locales = ["en", "th", "ja", "zh", "zh_Hant", "km", "my", "lo", "de", "fi", "sv", "ko", "ar", "he", "hi", "", "fr", "el", "ru", "it"]

    /// The locale chosen by `choice`, with the line-break keyword (`variant` 1–3: strict, loose,
    /// normal) or the sentence keyword (`variant` ≥ 1: `ss=standard`, CLDR's suppressions).
    static func locale(_ choice: Int, _ granularity: Segmenter.Granularity, variant: Int) -> LocaleID {
        var id = locales[choice % locales.count]
        var keyword: String?
        if granularity == .line && variant > 0 { keyword = "lb=" + ["strict", "loose", "normal"][variant - 1] }
        if granularity == .sentence && variant > 0 { keyword = "ss=standard" }
        if let keyword { id = (id.isEmpty ? "und" : id) + "@" + keyword }
        if id.isEmpty { return .root }
        do {
            return try LocaleID(id)
        } catch {
            Fuzz.fail(target, "the locale id \(id) does not parse: \(error)")
        }
    }

    let text: String
    let locale: LocaleID
    let granularity: Segmenter.Granularity

    /// Where the text is shown in a message: its first 300 characters.
    var shown: String {
        let head = text.unicodeScalars.prefix(300)
        let more = text.unicodeScalars.count > 300 ? " … (\(text.utf8.count) UTF-8 bytes)" : ""
        return String(String.UnicodeScalarView(head)).debugDescription + more
    }

    func fail(_ message: String) -> Never {
        Fuzz.fail(Self.target, "\(locale.identifier.isEmpty ? "root" : locale.identifier) \(granularity) \(shown): \(message)")
    }

    func run() {
        let units = Array(text.utf16)
        let icu: [(Int, Int32)]
        do {
            icu = try ICUBreakIterator.boundariesWithICU(locale: locale, kind: granularity.icuKind, utf16: units)
        } catch {
            fail("ICU cannot segment: \(error)")
        }
        // The UTF-8 offset of each UTF-16 offset that starts a scalar (and of the end); -1 inside
        // a surrogate pair.
        var utf8Offsets = [Int](repeating: -1, count: units.count + 1)
        var utf8 = 0
        var utf16 = 0
        for scalar in text.unicodeScalars {
            utf8Offsets[utf16] = utf8
            utf8 += scalar.utf8.count
            utf16 += scalar.utf16.count
        }
        utf8Offsets[utf16] = utf8
        let expected = icu.map { boundary -> (bytes: Int, units: Int, status: Int32) in
            guard boundary.0 > 0 && boundary.0 <= units.count && utf8Offsets[boundary.0] >= 0 else {
                fail("ICU gives the boundary \(boundary.0), not at a scalar of \(units.count) UTF-16 units")
            }
            return (utf8Offsets[boundary.0], boundary.0, boundary.1)
        }
        checkSegments(expected)
        let iterator: ICUBreakIterator
        do {
            iterator = try ICUBreakIterator.cached(locale: locale, kind: granularity.icuKind)
        } catch {
            fail("the shim cannot open the iterator: \(error)")
        }
        checkCursor(iterator, rules: true, expected)
        checkCursor(iterator, rules: false, expected)
    }

    /// The public sequence: coverage, texts, offsets and word kinds.
    func checkSegments(_ expected: [(bytes: Int, units: Int, status: Int32)]) {
        let segmenter: Segmenter
        let segments: Segmenter.Segments
        do {
            segmenter = try Segmenter(checkedLocale: locale, granularity: granularity)
            segments = try segmenter.checkedSegments(of: text)
        } catch {
            fail("cannot segment: \(error)")
        }
        let utf8 = text.utf8
        var index = 0
        var bytes = 0
        var units = 0
        for segment in segments {
            let range = segment.utf8Range
            guard range.lowerBound == bytes && segment.utf16Range.lowerBound == units else {
                fail("segment \(index) starts at \(range.lowerBound)/\(segment.utf16Range.lowerBound), the one before ends at \(bytes)/\(units)")
            }
            guard range.upperBound > range.lowerBound && segment.utf16Range.upperBound > segment.utf16Range.lowerBound else {
                fail("segment \(index) at \(range)/\(segment.utf16Range) is empty")
            }
            guard index < expected.count else {
                fail("segment \(index) ends at \(range.upperBound)/\(segment.utf16Range.upperBound); ICU has \(expected.count) segments")
            }
            let theirs = expected[index]
            let kind = granularity == .word ? Segmenter.WordKind(ruleStatus: theirs.status) : nil
            guard range.upperBound == theirs.bytes && segment.utf16Range.upperBound == theirs.units && segment.wordKind == kind else {
                fail(
                    "segment \(index) ends at \(range.upperBound)/\(segment.utf16Range.upperBound) (\(segment.wordKind.map { "\($0)" } ?? "-")), ICU's at \(theirs.bytes)/\(theirs.units) (\(kind.map { "\($0)" } ?? "-"), status \(theirs.status))"
                )
            }
            guard range.upperBound <= utf8.count else { fail("segment \(index) ends at \(range.upperBound), past \(utf8.count) bytes") }
            // The text is the string's slice between the bounds (compared by position: the
            // bytes are then the same).
            let slice = segment.text
            guard
                utf8.distance(from: utf8.startIndex, to: slice.startIndex) == range.lowerBound
                    && utf8.distance(from: utf8.startIndex, to: slice.endIndex) == range.upperBound && slice.base == text
            else {
                fail("segment \(index) reads \(slice.debugDescription), not the bytes \(range)")
            }
            bytes = range.upperBound
            units = segment.utf16Range.upperBound
            index += 1
        }
        guard index == expected.count else { fail("\(index) segments, ICU has \(expected.count)") }
        guard bytes == utf8.count && units == text.utf16.count else {
            fail("the segments end at \(bytes)/\(units), the text at \(utf8.count)/\(text.utf16.count)")
        }
    }

    /// One of the shim's cursors (the rules, or ICU over the widened text from the start): every
    /// boundary's offsets and raw rule status.
    func checkCursor(_ iterator: ICUBreakIterator, rules: Bool, _ expected: [(bytes: Int, units: Int, status: Int32)]) {
        let name = rules ? "the rules cursor" : "the ICU cursor"
        let cursor: ICUBreakCursor
        do {
            cursor = try iterator.cursor(over: text, rules: rules)
        } catch {
            fail("\(name) cannot open: \(error)")
        }
        var index = 0
        while true {
            let count = cursor.fill()
            guard count >= 0 && count <= ICUBreakCursor.batchCapacity else { fail("\(name) fills \(count) boundaries") }
            if count == 0 { break }
            for position in 0..<count {
                let mine = cursor.boundary(position)
                guard index < expected.count else {
                    fail("\(name) (\(cursor.path)) gives boundary \(index) at \(mine.bytes)/\(mine.units):\(mine.status); ICU has \(expected.count)")
                }
                let theirs = expected[index]
                guard mine == theirs else {
                    fail(
                        "\(name) (\(cursor.path)): boundary \(index) of \(expected.count) at \(mine.bytes)/\(mine.units):\(mine.status), ICU's at \(theirs.bytes)/\(theirs.units):\(theirs.status) (UTF-8/UTF-16:status)"
                    )
                }
                index += 1
            }
        }
        guard index == expected.count else { fail("\(name) (\(cursor.path)) gives \(index) boundaries, ICU \(expected.count)") }
        guard !rules || !iterator.hasRules || cursor.path != .icu || text.isEmpty else {
            fail("the rules cursor of an iterator with rules took ICU's path from the start")
        }
    }
}

/// The raw input bytes, ill-formed ones included, through the shim's widening with offsets:
/// Swift's UTF-16 of the decoded string (U+FFFD for each maximal ill-formed subpart, as ICU's
/// `U8_NEXT` reads it too), equal to the shim's plain widening, each unit at the UTF-8 offset of
/// the sequence it comes from (a trail surrogate: its lead's plus 2), then the length.
func checkWidening(_ bytes: [UInt8]) {
    var units: [UInt16] = []
    var offsets: [Int32] = []
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    decoding: while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let encoded):
            let scalar = Unicode.UTF8.decode(encoded)
            for (k, unit) in scalar.utf16.enumerated() {
                units.append(unit)
                offsets.append(Int32(offset + 2 * k))
            }
            offset += encoded.count
        case .error(let length):
            units.append(0xFFFD)
            offsets.append(Int32(offset))
            offset += length
        case .emptyInput:
            break decoding
        }
    }
    offsets.append(Int32(bytes.count))
    let target = FuzzSegmentation.target
    let (widened, widenedOffsets) = ICUBreakIterator.widenedWithOffsets(bytes)
    Fuzz.check(units == Array(String(decoding: bytes, as: UTF8.self).utf16), target, "Swift's decoders disagree on \(bytes)")
    Fuzz.check(widened == units, target, "\(bytes) widen to \(widened), Swift's UTF-16 is \(units)")
    Fuzz.check(
        ICUBreakIterator.widened(bytes) == units, target, "\(bytes): the plain widening gives \(ICUBreakIterator.widened(bytes)), Swift's UTF-16 is \(units)")
    Fuzz.check(widenedOffsets == offsets, target, "\(bytes) widen with the offsets \(widenedOffsets), not \(offsets)")
}
