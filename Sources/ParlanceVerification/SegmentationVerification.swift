package import Parlance

/// The proof that the shim's run of ICU's compiled break rules over UTF-8 (Thai segments divided
/// by the shim's port of ICU's Thai engine, and ICU taking the rest of a text over at its first
/// other dictionary character) gives ICU's own boundaries: for each
/// locale × granularity (grapheme, word, line, sentence), plus the line keywords
/// `-u-lb-strict`, `-u-lb-loose` and `-u-lb-normal` and the sentence keyword `-u-ss-standard`
/// on a sample of locales, every text of ``texts()`` is segmented by a cursor on the rules
/// path, and each boundary's UTF-8 offset, UTF-16 offset and rule status is compared with
/// ICU's `ubrk_next` and `ubrk_getRuleStatus` over the text's UTF-16 (a new ICU iterator per
/// text, no widening by the shim), the UTF-8 offset with Swift's for ICU's UTF-16 offset.
///
/// The texts: each of ``pieces`` alone, then `randomTexts` seeded random mixes of them (one in
/// three with no dictionary word, so that most run on the rules to their end and the rest hand
/// over to ICU at some point), then ``thaiHeavyTexts()``: real Thai sentences, dictionary words glued
/// together and `thaiTexts` seeded random Thai-heavy texts.
///
/// Run in full by `parlance bench --verify-segmentation`.
package struct SegmentationVerification: Sendable {
    package var locales: [LocaleID]
    package var randomTexts: Int
    /// Seeded random Thai-heavy texts (beyond the fixed Thai sentences).
    package var thaiTexts: Int
    /// Every n-th locale (and those of ``keywordLocales``) also gets the keyword iterators.
    package var keywordStride: Int
    package var seed: UInt64

    package init(
        locales: [LocaleID], randomTexts: Int = 200, thaiTexts: Int = 200, keywordStride: Int = 10, seed: UInt64 = 0x5EED_0042
    ) {
        self.locales = locales
        self.randomTexts = max(0, randomTexts)
        self.thaiTexts = max(0, thaiTexts)
        self.keywordStride = max(1, keywordStride)
        self.seed = seed
    }

    /// Locales that always get the keyword iterators (line tailorings differ most for them).
    package static let keywordLocales: Set<String> = ["en", "ja", "zh", "zh_Hant", "ko", "de", "fr", "fi", "sv", "th"]

    /// The line-break keyword values swept.
    package static let lineKeywords = ["strict", "loose", "normal"]

    /// What the texts are made of: letters of several scripts (supplementary-plane ones too),
    /// digits, the punctuation UAX #29 and #14 treat specially, spaces (NBSP, tabs, CR LF and
    /// other line ends), emoji with ZWJ, variation selectors and skin tones, regional
    /// indicators, combining marks, Hangul and kana, URLs and abbreviations. The last group,
    /// ``dictionaryPieces``, is what ICU subdivides with dictionaries.
    package static let pieces: [String] = [
        // Letters and words.
        "Hello", "world", "a", "I", "can't", "don’t", "l'homme", "e.g.", "U.S.A.", "Mr.", "etc.", "naïve", "Größe", "ÉCOLE", "ǅ", "ﬁ", "x86", "foo_bar",
        "Привет", "мир", "Γειά", "σου", "שלום", "מ\"ר", "مرحبا", "سلام", "नमस्ते", "क्षत्रिय", "ਪੰਜਾਬੀ", "தமிழ்", "ქართული", "Հայերեն", "አማርኛ",
        "𝒜𝒷𝒸", "𐐀𐐨", "𓀀", "ᚠᚢᚦ", "ꓘ",
        // Hangul and kana: dictionary characters for ICU's word iterators, rules for the others.
        "한국어", "\u{1100}\u{1161}\u{11A8}", "ㄱ", "ｶﾀｶﾅ", "ー", "ゝ", "ッ",
        // Digits and numbers.
        "0", "42", "3.14", "1,000", "1.000,5", "12:30", "3/4", "٣٤", "१२", "½", "²", "$1,234.56", "€5", "10%", "#1", "+1-800",
        // Punctuation.
        ".", ",", "'", "’", "‘", ":", ";", "-", "‐", "—", "–", "/", "@", "!", "?", "…", "\"", "(", ")", "[", "]", "{", "}", "«", "»", "“", "”", "¿", "¡",
        "。", "、", "「", "」", "！", "？", "%", "&", "_", "~", "*", "·", "‧", "׳", "״", "\u{AD}", "\u{2060}", "\u{FEFF}", "\u{200B}",
        // Spaces and line ends.
        " ", "  ", "\u{A0}", "\u{202F}", "\t", "\u{2009}", "\u{3000}", "\r\n", "\n", "\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{C}", "\u{B}",
        // Emoji, ZWJ sequences, skin tones, flags, keycaps.
        "😀", "👍🏽", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🧑🏿‍💻", "🇫🇷", "🇺🇸🇩🇪", "\u{1F1E6}", "❤️", "1️⃣", "#️⃣", "☺", "\u{1F3FB}", "\u{200D}", "\u{FE0F}",
        // Combining marks and joiners on their own and after letters.
        "e\u{301}", "\u{301}", "a\u{308}\u{304}", "\u{200C}", "\u{94D}", "ँ", "\u{E33}",
        // URLs, e-mail, abbreviations that end sentences or not.
        "https://example.com/a-b?c=d", "a.b@c.de", "p.m.", "Dr.", "No.", "i.e.", "St.",
        // Others: controls, the replacement character, private use, unassigned.
        "\u{0}", "\u{7F}", "\u{FFFD}", "\u{E000}", "\u{10FFFF}", "\u{378}",
    ]

    /// Words that ICU subdivides with its dictionaries: Thai, Lao, Khmer, Burmese, Chinese,
    /// Japanese (the word iterators' dictionaries also take Hangul and kana among ``pieces``).
    package static let dictionaryPieces: [String] = [
        "สวัสดีครับ", "ภาษาไทย", "ก", "ສະບາຍດີ", "ខ្ញុំស្រឡាញ់", "မြန်မာ", "中文", "東京都", "我爱北京", "日本語", "カタカナ", "ひらがな", "漢字かな",
    ]

    /// The texts every iterator segments: the empty text, each piece alone, each piece between
    /// letters and before a full stop, then the seeded random mixes.
    package func texts() -> [String] {
        let all = Self.pieces + Self.dictionaryPieces
        var texts = [""]
        for piece in all { texts += [piece, "a" + piece + "b", piece + ". ", "1" + piece + "2"] }
        var random = SplitMix64(seed: seed)
        func pick(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        for index in 0..<randomTexts {
            let withDictionary = index % 3 != 0
            var text = ""
            for _ in 0..<(1 + pick(40)) {
                if withDictionary && pick(12) == 0 {
                    text += Self.dictionaryPieces[pick(Self.dictionaryPieces.count)]
                } else {
                    text += Self.pieces[pick(Self.pieces.count)]
                }
                // Words are mostly separated by a space.
                if pick(3) == 0 { text += " " }
            }
            texts.append(text)
        }
        return texts + thaiHeavyTexts()
    }

    /// Thai sentences as written (words without spaces between them, a space between phrases),
    /// with the elision character ฯ, the repetition character ๆ, Thai digits and Latin.
    package static let thaiSentences: [String] = [
        "ภาษาไทยเป็นภาษาที่มีระดับเสียงของคำแน่นอนหรือวรรณยุกต์เช่นเดียวกับภาษาจีน",
        "กรุงเทพมหานครเป็นเมืองหลวงและนครที่มีประชากรมากที่สุดของประเทศไทย",
        "เด็กๆ เล่นกันอยู่ที่สนามหญ้าหน้าบ้านทุกวันหลังเลิกเรียน",
        "กรุงเทพฯ มีรถติดมากในช่วงเช้าและเย็น ฯลฯ",
        "ผมชอบกินข้าวผัดกะเพราไก่ไข่ดาวที่ร้านข้างมหาวิทยาลัย",
        "นักวิทยาศาสตร์ค้นพบดาวเคราะห์ดวงใหม่ที่อาจมีน้ำอยู่บนพื้นผิว",
        "สวัสดีครับ ยินดีที่ได้รู้จัก ขอบคุณมากค่ะ",
        "ปี ๒๕๖๗ มีนักท่องเที่ยว 35 ล้านคนเดินทางมาประเทศไทย",
        "คอมพิวเตอร์โน้ตบุ๊กรุ่นใหม่ราคา 29,900 บาท ลดเหลือ ๒๕,๙๐๐ บาท!",
        "ไปไหนมาไหนก็ต้องระวังรถด้วยนะจ๊ะ",
        "อร่อยๆๆ มากๆ เร็วๆ นี้",
        "พระบาทสมเด็จพระเจ้าอยู่หัวฯ เสด็จพระราชดำเนิน",
        "การศึกษาคือรากฐานของการพัฒนาประเทศอย่างยั่งยืน",
        "ฉันรักเธอ\nเธอรักฉัน\r\nเรารักกัน",
        "\"ไทย\" (Thai) คือ 'ภาษา' ของคนไทย, ใช่ไหม?",
    ]

    /// Thai dictionary words, glued without spaces in ``thaiHeavyTexts()``.
    package static let thaiWords: [String] = [
        "ภาษา", "ไทย", "เป็น", "ที่", "มี", "ระดับ", "เสียง", "ของ", "คำ", "แน่นอน", "หรือ", "วรรณยุกต์", "เด็ก", "เล่น", "กัน", "อยู่", "สนาม",
        "หญ้า", "หน้า", "บ้าน", "กรุงเทพ", "เมือง", "หลวง", "ประเทศ", "สวัสดี", "ครับ", "ขอบคุณ", "มาก", "ค่ะ", "ไป", "มา", "คอมพิวเตอร์", "ใหม่",
        "น้ำ", "ใจ", "ความ", "รัก", "การ", "ทำงาน", "นักเรียน", "โรงเรียน", "มหาวิทยาลัย", "ก", "กา", "ข้าว", "กิน", "นอน", "ฯ", "ๆ", "ฯลฯ",
    ]

    /// What follows or surrounds Thai in ``thaiHeavyTexts()``: spaces, Latin, digits, punctuation,
    /// a combining mark of another script, ZWJ and ZWNJ, line ends, and dictionary characters of
    /// other scripts (Lao, Khmer, Burmese, Chinese, kana, Hangul), which hand the text to ICU.
    package static let thaiNeighbours: [String] = [
        " ", "  ", "a", "abc", "Thai", "1", "42", "3.5", ".", ",", "!", "?", "-", "'", "\"", "(", ")", "\u{301}", "\u{200D}", "\u{200C}",
        "\u{200B}", "\n", "\r\n", "\u{A0}", "😀", "ທ", "ສະບາຍດີ", "ក", "ខ្ញុំ", "မြန်", "中文", "カナ", "한", "\u{FFFD}",
    ]

    /// The Thai-heavy texts: ``thaiSentences``, then `thaiTexts` seeded random texts of three
    /// kinds in turn: dictionary words glued without spaces (between neighbours), runs of 1–40
    /// random characters of the Thai block U+0E00–U+0E7F (every character, assigned or not:
    /// letters, vowels, tone and other marks, ฯ, ๆ, digits; runs shorter than four among them),
    /// and sentences, words and runs mixed with neighbours.
    package func thaiHeavyTexts() -> [String] {
        var texts = Self.thaiSentences
        var random = SplitMix64(seed: seed ^ 0x7A1)
        func pick(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        func thaiRun() -> String {
            // Short runs (under four characters, which the engine leaves whole) one time in three.
            let count = pick(3) == 0 ? 1 + pick(3) : 1 + pick(40)
            var run = ""
            for _ in 0..<count {
                // The suffix characters and marks more often than their share of the block.
                switch pick(8) {
                case 0: run.unicodeScalars.append(["\u{E2F}", "\u{E46}", "\u{E31}", "\u{E47}", "\u{E4C}", "\u{E3A}"][pick(6)])
                default: run.unicodeScalars.append(Unicode.Scalar(UInt32(0x0E00 + pick(0x80)))!)
                }
            }
            return run
        }
        for index in 0..<thaiTexts {
            var text = ""
            for _ in 0..<(1 + pick(12)) {
                switch index % 3 {
                case 0:
                    for _ in 0..<(1 + pick(6)) { text += Self.thaiWords[pick(Self.thaiWords.count)] }
                    if pick(3) == 0 { text += Self.thaiNeighbours[pick(Self.thaiNeighbours.count)] }
                case 1:
                    text += thaiRun()
                    if pick(4) == 0 { text += Self.thaiNeighbours[pick(Self.thaiNeighbours.count)] }
                default:
                    switch pick(4) {
                    case 0: text += Self.thaiSentences[pick(Self.thaiSentences.count)]
                    case 1: text += Self.thaiWords[pick(Self.thaiWords.count)]
                    case 2: text += thaiRun()
                    default: text += Self.thaiNeighbours[pick(Self.thaiNeighbours.count)]
                    }
                }
            }
            texts.append(text)
        }
        return texts
    }

    /// The counts of the segmentation sweep beyond ``SweepReport``'s.
    package struct Details: SweepDetails {
        /// Texts segmented and compared, in all.
        package var texts = 0
        /// Boundaries compared, in all.
        package var boundaries = 0
        /// Texts whose boundaries all came from the shim's run of the rules, and their
        /// boundaries.
        package var rulesTexts = 0
        package var rulesBoundaries = 0
        /// Texts whose boundaries all came from the rules with Thai segments divided by the
        /// shim's Thai engine, and their boundaries.
        package var thaiTexts = 0
        package var thaiBoundaries = 0
        /// Texts handed over to ICU at a dictionary character, and their boundaries.
        package var handedOverTexts = 0
        package var handedOverBoundaries = 0
        /// Texts of iterators without rules the shim runs (ICU alone).
        package var icuTexts = 0
        /// Iterators swept with a locale keyword.
        package var keywordIterators = 0

        package init() {}

        package mutating func merge(_ other: Self) {
            texts += other.texts
            boundaries += other.boundaries
            rulesTexts += other.rulesTexts
            rulesBoundaries += other.rulesBoundaries
            thaiTexts += other.thaiTexts
            thaiBoundaries += other.thaiBoundaries
            handedOverTexts += other.handedOverTexts
            handedOverBoundaries += other.handedOverBoundaries
            icuTexts += other.icuTexts
            keywordIterators += other.keywordIterators
        }
    }

    package typealias Report = SweepReport<Details>

    /// One text's UTF-16 units and the UTF-8 offset of each UTF-16 offset that starts a code
    /// point (and the end).
    private struct Text: Sendable {
        var text: String
        var units: [UInt16]
        var utf8Offsets: [Int: Int]

        init(_ text: String) {
            self.text = text
            units = Array(text.utf16)
            var offsets: [Int: Int] = [0: 0]
            var utf8 = 0
            var utf16 = 0
            for scalar in text.unicodeScalars {
                utf8 += scalar.utf8.count
                utf16 += scalar.utf16.count
                offsets[utf16] = utf8
            }
            utf8Offsets = offsets
        }
    }

    /// The iterators swept for `locale` (its index in the sweep decides the keyword ones): a
    /// name, the locale and the kind.
    private func iterators(_ index: Int, _ locale: LocaleID) -> [(String, LocaleID?, ICUBreakIterator.Kind, Bool)] {
        let kinds: [ICUBreakIterator.Kind] = [.grapheme, .word, .line, .sentence]
        var list = kinds.map { ("\(locale.identifier.isEmpty ? "root" : locale.identifier) \($0)", Optional(locale), $0, false) }
        guard index % keywordStride == 0 || Self.keywordLocales.contains(locale.identifier) else { return list }
        func keyword(_ key: String, _ value: String) -> LocaleID? {
            let id = locale.identifier
            let withKeyword = id.isEmpty ? "und-u-\(key)-\(value)" : id + (id.contains("@") ? ";" : "@") + "\(key)=\(value)"
            return try? LocaleID(withKeyword)
        }
        for value in Self.lineKeywords { list.append(("\(locale.identifier) line lb=\(value)", keyword("lb", value), .line, true)) }
        list.append(("\(locale.identifier) sentence ss=standard", keyword("ss", "standard"), .sentence, true))
        return list
    }

    /// Runs the proof; `progress`, when given, counts the locales done.
    package func run(progress: SweepProgress? = nil) -> Report {
        let texts = texts().map(Text.init)
        return sweepLocales(locales, progress: progress) { index, locale, report in
            for (name, keywordLocale, kind, isKeyword) in iterators(index, locale) {
                guard let keywordLocale else {
                    report.mismatch("\(name): the locale id with the keyword does not parse")
                    continue
                }
                let iterator: ICUBreakIterator
                do {
                    iterator = try ICUBreakIterator.cached(locale: keywordLocale, kind: kind)
                } catch {
                    report.cannotOpen(name, error)
                    continue
                }
                report.formatters += 1
                if isKeyword { report.keywordIterators += 1 }
                if iterator.hasRules {
                    report.compiledFormatters += 1
                } else {
                    report.fallBack(name, reason: "not rule-based: ICU iterates")
                }
                for text in texts { check(text, iterator, name, keywordLocale, kind, &report) }
            }
        }
    }

    /// Segments one text on the rules path and compares every boundary with ICU's.
    private func check(
        _ text: Text, _ iterator: ICUBreakIterator, _ name: String, _ locale: LocaleID, _ kind: ICUBreakIterator.Kind, _ report: inout Report
    ) {
        var mine: [(bytes: Int, units: Int, status: Int32)] = []
        let path: ICUBreakCursor.Path
        do {
            let cursor = try iterator.cursor(over: text.text, rules: true)
            while true {
                let count = cursor.fill()
                if count == 0 { break }
                for index in 0..<count { mine.append(cursor.boundary(index)) }
            }
            path = cursor.path
        } catch {
            report.mismatch("\(name) \(debugQuoted(text.text)): cannot segment: \(error)")
            return
        }
        let theirs: [(Int, Int32)]
        do {
            theirs = try ICUBreakIterator.boundariesWithICU(locale: locale, kind: kind, utf16: text.units)
        } catch {
            report.mismatch("\(name) \(debugQuoted(text.text)): ICU cannot segment: \(error)")
            return
        }
        report.texts += 1
        report.boundaries += theirs.count
        report.compared += 1
        switch path {
        case .rules:
            report.rulesTexts += 1
            report.rulesBoundaries += theirs.count
        case .rulesThai:
            report.thaiTexts += 1
            report.thaiBoundaries += theirs.count
        case .rulesThenICU:
            report.handedOverTexts += 1
            report.handedOverBoundaries += theirs.count
        case .icu:
            report.icuTexts += 1
        }
        let equal =
            mine.count == theirs.count
            && zip(mine, theirs).allSatisfy { mine, theirs in
                mine.units == theirs.0 && mine.status == theirs.1 && text.utf8Offsets[theirs.0] == mine.bytes
            }
        if equal { return }
        let firstDifference =
            zip(mine, theirs).enumerated().first { _, pair in
                pair.0.units != pair.1.0 || pair.0.status != pair.1.1 || text.utf8Offsets[pair.1.0] != pair.0.bytes
            }?.offset ?? min(mine.count, theirs.count)
        func describe<S: Sequence>(_ items: S) -> String { items.map { "\($0)" }.joined(separator: " ") }
        let shim = describe(mine.dropFirst(max(0, firstDifference - 2)).prefix(5).map { "\($0.bytes)/\($0.units):\($0.status)" })
        let icu = describe(
            theirs.dropFirst(max(0, firstDifference - 2)).prefix(5).map { "\(text.utf8Offsets[$0.0].map(String.init) ?? "?")/\($0.0):\($0.1)" })
        report.mismatch(
            "\(name) \(debugQuoted(text.text)) (\(path)): from boundary \(firstDifference) of \(theirs.count): shim [\(shim)], ICU [\(icu)] (UTF-8/UTF-16:status)"
        )
    }
}
