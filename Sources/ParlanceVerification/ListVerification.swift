package import Parlance

/// The proof that compiled list formats (``CompiledListFormat``) write exactly what
/// ICU's `ulistfmt_formatStringsToResult` writes: for each locale × type × width, the compiled
/// output is compared byte for byte with ICU's over item lists of 0…`maxLength` items chosen to
/// break it (see ``itemLists()``), plus the formatter's own connectors as items.
///
/// Run in full by `parlance bench --verify-lists`; a reduced sweep runs as a test.
package struct ListVerification: Sendable {
    package var locales: [LocaleID]
    package var types: [ListType]
    package var widths: [ListWidth]
    /// The longest list checked.
    package var maxLength: Int
    /// Seeded random lists per length.
    package var randomListsPerLength: Int
    package var seed: UInt64

    package init(
        locales: [LocaleID], types: [ListType] = ListType.allCases, widths: [ListWidth] = ListWidth.allCases,
        maxLength: Int = 7, randomListsPerLength: Int = 150, seed: UInt64 = 0x5EED_0019
    ) {
        self.locales = locales
        self.types = types
        self.widths = widths
        self.maxLength = max(0, maxLength)
        self.randomListsPerLength = max(0, randomListsPerLength)
        self.seed = seed
    }

    /// Items meant to break a compiled list: words that fire or nearly fire the Spanish rules
    /// (i, hi, hia, hie, y, o, ho, 8, 11 in both cases), Hebrew and non-Hebrew first
    /// characters (letters, points, presentation forms, punctuation of the Hebrew script),
    /// empty and blank items, connector texts and pattern syntax, private-use characters (the
    /// compiler's own sentinels), combining marks, bidi controls and RTL text, emoji, NUL and
    /// long strings.
    package static let trickyItems: [String] = [
        "apple", "Birnen", "x", "Äpfel", "i", "I", "iglesia", "Isabel", "hi", "HI", "Hi", "hI", "hielo", "Hierro", "hiato", "HIA", "hio",
        "Hilario", "hi ", "h", "y", "Y", "yo", "e", "E", "u", "o", "O", "oro", "Olga", "ho", "Ho", "hola", "HORA", "hu", "8", "80", "8 x", "11",
        "11 cosas", "11.000", "11x", "110", "1", "111", "1 1", "\u{0130}stanbul", "\u{0131}", "\u{00CD}caro", "\u{00F3}", "\u{00D3}scar",
        "\u{05D0}", "\u{05E9}\u{05DC}\u{05D5}\u{05DD}", "\u{05D5}\u{05D2}\u{05DD}", "\u{FB1D}", "\u{FB4F}", "\u{05B0}x", "\u{0591}", "\u{05F3}",
        "\u{05BE}", "\u{05EF}", "\u{05C7}", "\u{0590}", "\u{05FF}", "abc", "\u{03A9}", "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}", "\u{4E2D}\u{6587}",
        "\u{65E5}\u{672C}", "\u{D55C}\u{AD6D}", "\u{0E44}\u{0E17}\u{0E22}", "\u{0301}", "e\u{0301}", "\u{0301}i", "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}",
        "\u{1F600}", "\u{1F1E9}\u{1F1EA}", "\u{202E}abc", "\u{200F}", "\u{2067}x\u{2069}", "", " ", "\t", "\n", ", ", " and ", " und ", " y ",
        " e ", " o ", " u ", " \u{05D5}", "\u{05D5}-", "\u{3001}", "\u{0438}", "{0}", "{1}", "{0} y {1}", "{0}, {1}", "''", "'", "\\", "%@", "\u{E000}",
        "\u{E001}", "\u{E002}\u{E003}", "\u{F8FF}", "\u{F0000}", "\u{0000}", "\u{FFFD}", "\u{FEFF}", String(repeating: "lorem ipsum ", count: 40),
        String(repeating: "\u{00E4}", count: 300),
    ]

    /// The lists every formatter is checked with: for each length 0…`maxLength`, each tricky
    /// item as the last item, as the first, and as every item; then seeded random lists whose
    /// items are tricky items, pairs of them, or runs of random characters from several
    /// scripts, private use, marks and emoji.
    package func itemLists() -> [[String]] {
        let pool = Self.trickyItems
        var lists: [[String]] = []
        for length in 0...maxLength {
            if length == 0 {
                lists.append([])
                continue
            }
            for (index, item) in pool.enumerated() {
                let others = (0..<length).map { pool[(index * 7 + $0 * 13 + 1) % pool.count] }
                var last = others
                last[length - 1] = item
                var first = others
                first[0] = item
                lists += [last, first, Array(repeating: item, count: length)]
            }
        }
        var random = SplitMix64(seed: seed)
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x17F, 0x0590...0x05FF, 0xFB1D...0xFB4F, 0x0600...0x06FF, 0x0300...0x036F, 0x4E00...0x4FFF, 0xE000...0xE00F,
            0x1F300...0x1F64F, 0x2000...0x206F, 0x0E00...0x0E7F, 0x10000...0x1007F,
        ]
        func randomItem() -> String {
            switch random.next() % 4 {
            case 0: return pool[Int(random.next() % UInt64(pool.count))]
            case 1: return pool[Int(random.next() % UInt64(pool.count))] + pool[Int(random.next() % UInt64(pool.count))]
            default:
                var text = String.UnicodeScalarView()
                for _ in 0..<(random.next() % 9) {
                    let range = ranges[Int(random.next() % UInt64(ranges.count))]
                    let value = range.lowerBound + UInt32(random.next() % UInt64(range.count))
                    if let scalar = Unicode.Scalar(value) { text.append(scalar) }
                }
                return String(text)
            }
        }
        for length in 0...maxLength where length > 0 {
            for _ in 0..<randomListsPerLength { lists.append((0..<length).map { _ in randomItem() }) }
        }
        return lists
    }

    /// The counts of the list sweep beyond ``SweepReport``'s.
    package struct Details: SweepDetails {
        /// Compiled formatters with an ICU context rule, by rule.
        package var contextRules: [String: Int] = [:]
        /// Item lists checked per compiled formatter (the shared lists; the formatter's own
        /// connectors as items come on top).
        package var listsPerFormatter = 0

        package init() {}

        package mutating func merge(_ other: Self) { contextRules.merge(other.contextRules, uniquingKeysWith: +) }
    }

    package typealias Report = SweepReport<Details>

    /// Runs the proof; `progress`, when given, counts the locales done.
    package func run(progress: SweepProgress? = nil) -> Report {
        let lists = itemLists()
        let types = self.types
        let widths = self.widths
        var report: Report = sweepLocales(locales, progress: progress) { _, locale, report in
            for type in types {
                for width in widths {
                    let name = "\(locale.identifier) \(type.rawValue)/\(width.rawValue)"
                    let formatter: ICUListFormatter
                    do {
                        formatter = try ICUListFormatter.cached(locale: locale, type: type.icu, width: width.icu)
                    } catch {
                        report.cannotOpen(name, error)
                        continue
                    }
                    report.formatters += 1
                    guard let compiled = formatter.compiled else {
                        report.fallBack(name, reason: formatter.fallback?.rawValue ?? "unknown")
                        continue
                    }
                    report.compiledFormatters += 1
                    if let rule = compiled.contextRule { report.contextRules[rule.rawValue, default: 0] += 1 }
                    let joins = [compiled.joins, compiled.contextJoins].flatMap { [$0.twoInfix, $0.twoSuffix, $0.startToEnd, $0.middleToEnd, $0.endSuffix] }
                    let connectors = Set(
                        joins + [compiled.common.startInfix, compiled.common.startToMiddle, compiled.common.middleToMiddle]
                    ).sorted()
                    var own: [[String]] = []
                    for connector in connectors {
                        own += [[connector, connector], ["a", connector], ["a", "b", connector], [connector, "b", "c", connector]]
                    }
                    for items in lists + own {
                        report.compare("\(name) items \(items.map(debugQuoted))", compiled: compiled.format(items)) { try formatter.icuFormat(items) }
                    }
                }
            }
        }
        report.listsPerFormatter = lists.count
        return report
    }
}
