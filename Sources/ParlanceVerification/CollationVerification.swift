package import Parlance

/// The proof that `Collator.compare` gives ICU's order where its first code points decide it
/// without ICU (a table of ICU's first primary weights for U+0000…U+024F, made on a collator's
/// first comparison; see `ICUCollator.compareFirstPrimaries`): for each locale × combination of options (``options``),
/// `pairs` seeded random string pairs are compared three ways: the first code points alone
/// (when they decide), `Collator.compare`, and `ucol_strcollUTF8` alone; any difference is a
/// mismatch. The strings are made of ``pieces``: every code point of the table's range, ASCII
/// letters, digits, spaces and punctuation, combining marks, the contractions of CLDR's
/// tailorings, and letters of other scripts, one to four pieces each.
///
/// The same sweep proves `Collator.sortKey` equal to ICU's `ucol_getSortKey` where the shim's
/// table of ICU's collation elements writes the key (see `ICUCollator.tableSortKey`): for
/// each pair, the key of the first string and of a seeded string of one to forty code points
/// below U+0250 (the table's range, contractions of the tailorings included) are made three
/// ways: from the table (when it decides), by `Collator.sortKey`, and by ICU alone; any
/// difference is a mismatch.
///
/// Run in full by `parlance bench --verify-collation`; a reduced set runs as a test. The
/// report's formatters are the collators, and its compiled ones those whose table writes sort
/// keys; `compared` counts the pairs.
package struct CollationVerification: Sendable {
    package var locales: [LocaleID]
    package var pairs: Int
    package var seed: UInt64

    package init(locales: [LocaleID], pairs: Int = 4_000, seed: UInt64 = 0x5EED_0040) {
        self.locales = locales
        self.pairs = max(0, pairs)
        self.seed = seed
    }

    /// Strength, case order, numeric ordering and ignoring punctuation, in the combinations
    /// checked for each locale (`nil` keeps the locale's).
    package static let options: [(Collator.Strength?, Collator.CaseFirst?, Bool?, Bool?)] = [
        (nil, nil, nil, nil), (.primary, nil, nil, nil), (.secondary, nil, nil, nil), (.tertiary, .upper, nil, nil),
        (.quaternary, nil, nil, true), (.identical, nil, nil, nil), (nil, .lower, true, nil), (.primary, nil, true, true),
        (nil, .off, false, false),
    ]

    /// What the strings are made of.
    package static let pieces: [String] = {
        var pieces = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }
        pieces += (0xA0..<0x250).compactMap { Unicode.Scalar(UInt32($0)).map { String($0) } }
        pieces += ["\u{0}", "\t", "\u{301}", "\u{30A}", "\u{323}", "\u{308}", "\u{327}", "\u{303}", "\u{30C}", "\u{2019}", "\u{2010}"]
        pieces += [
            "ch", "Ch", "CH", "aa", "Aa", "AA", "ll", "Ll", "LL", "dz", "dzs", "dž", "lj", "nj", "ij", "IJ", "cs", "gy", "ly", "ny", "sz", "ty",
            "zs", "l·l", "L·L", "rr", "ng", "th", "dd", "ff", "ph", "10", "09", "1.5", "α", "Ω", "я", "Ж", "ё", "中", "あ", "ア", "ก", "เก", "ა",
            "ء", "א", "😀", "ǅ", "ǈ",
        ]
        return pieces
    }()

    /// What the strings for sort keys in the table's range are made of: every code point
    /// below U+0250 (ASCII letters, digits and spaces more often, as names have them) and the
    /// contractions of CLDR's tailorings among them.
    package static let tablePieces: [String] = {
        var pieces = (0..<0x250).compactMap { Unicode.Scalar(UInt32($0)).map { String($0) } }
        for _ in 0..<4 { pieces += (0x61...0x7A).map { String(UnicodeScalar(UInt8($0))) } + ["A", "E", "O", "S", " ", " ", "1"] }
        pieces += [
            "ch", "Ch", "CH", "aa", "Aa", "AA", "ll", "Ll", "LL", "dz", "dzs", "dž", "lj", "nj", "ij", "IJ", "cs", "ccs", "gy", "ly", "ny", "sz",
            "ssz", "ty", "zs", "l·l", "L·L", "rr", "ng", "th", "dd", "ff", "ph", "ǆ", "ǅ", "ǈ", "Å", "å", "Ä", "ä", "Ö", "ö", "ø", "æ", "ß",
        ]
        return pieces
    }()

    /// The counts of the collation sweep beyond ``SweepReport``'s.
    package struct Details: SweepDetails {
        /// Pairs the first code points decided without ICU.
        package var decided = 0
        /// Sort keys compared with ICU's (each three ways).
        package var keysCompared = 0
        /// Sort keys the table of ICU's collation elements wrote.
        package var keysDecided = 0
        /// The sort keys among the mismatches.
        package var keyMismatchCount = 0

        package init() {}

        package mutating func merge(_ other: Self) {
            decided += other.decided
            keysCompared += other.keysCompared
            keysDecided += other.keysDecided
            keyMismatchCount += other.keyMismatchCount
        }
    }

    package typealias Report = SweepReport<Details>

    /// A collator's name in the report: the locale and the options set, e.g.
    /// `sv strength=primary numeric=true` (none set: the locale's own).
    static func name(
        _ locale: LocaleID, _ strength: Collator.Strength?, _ caseFirst: Collator.CaseFirst?, _ numeric: Bool?, _ ignorePunctuation: Bool?
    ) -> String {
        var parts = [locale.identifier]
        if let strength { parts.append("strength=\(strength)") }
        if let caseFirst { parts.append("caseFirst=\(caseFirst)") }
        if let numeric { parts.append("numeric=\(numeric)") }
        if let ignorePunctuation { parts.append("ignorePunctuation=\(ignorePunctuation)") }
        return parts.joined(separator: " ")
    }

    /// Runs the proof; `progress`, when given, counts the locales done.
    package func run(progress: SweepProgress? = nil) -> Report {
        let pieces = Self.pieces
        let tablePieces = Self.tablePieces
        return sweepLocales(locales, progress: progress) { _, locale, report in
            var random = SplitMix64(seed: locale.identifier.utf8.reduce(seed) { $0 &* 31 &+ UInt64($1) })
            // The strings for sort keys in the table's range come from a sequence of their own.
            var keyRandom = SplitMix64(seed: locale.identifier.utf8.reduce(~seed) { $0 &* 31 &+ UInt64($1) })
            for (strength, caseFirst, numeric, ignorePunctuation) in Self.options {
                let collator = Collator(locale: locale, strength: strength, numeric: numeric, caseFirst: caseFirst, ignorePunctuation: ignorePunctuation)
                report.formatters += 1
                let name = Self.name(locale, strength, caseFirst, numeric, ignorePunctuation)
                if collator.icuCollator.tableSortKeyCoverage.codePoints > 0 {
                    report.compiledFormatters += 1
                } else {
                    report.fallBack(name, reason: "sort keys by ICU (case level, French accents, quaternary or identical strength)")
                }
                func string() -> String {
                    var text = ""
                    for _ in 0...(random.next() % 4) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
                    return text
                }
                func tableString() -> String {
                    var text = ""
                    let count = keyRandom.next() % 4 == 0 ? 1 + keyRandom.next() % 40 : 1 + keyRandom.next() % 12
                    for _ in 0..<count { text += tablePieces[Int(keyRandom.next() % UInt64(tablePieces.count))] }
                    return text
                }
                func checkKey(_ text: String) {
                    let table = text.utf8.withContiguousStorageIfAvailable { collator.icuCollator.tableSortKey($0) } ?? nil
                    let icu = try? text.utf8.withContiguousStorageIfAvailable { try collator.icuCollator.sortKey($0) }
                    let key = try? collator.sortKey(text)
                    report.keysCompared += 1
                    if table != nil { report.keysDecided += 1 }
                    if let icu, key == icu, table == nil || table == icu { return }
                    report.keyMismatchCount += 1
                    func hex(_ bytes: [UInt8]?) -> String { bytes.map { $0.map { String($0, radix: 16) }.joined(separator: " ") } ?? "nil" }
                    report.mismatch("\(name): sort key of \(text.debugDescription): table \(hex(table)), sortKey \(hex(key)), ICU \(hex(icu))")
                }
                for index in 0..<pairs {
                    // Every piece comes first in some pairs; the rest are random.
                    var a = index < pieces.count ? pieces[index] + (random.next() & 1 == 0 ? "" : string()) : string()
                    var b = string()
                    checkKey(a)
                    checkKey(tableString())
                    let fast = collator.icuCollator.compareFirstPrimaries(a, b)
                    let icu = a.withUTF8 { a in b.withUTF8 { b in collator.icuCollator.compare(a, b) } }
                    let compared = collator.compare(a, b)
                    let order: Int32 = compared == .orderedAscending ? -1 : compared == .orderedDescending ? 1 : 0
                    report.compared += 1
                    if fast != 0 { report.decided += 1 }
                    if (fast == 0 || fast == icu) && order == icu { continue }
                    report.mismatch("\(name): \(a.debugDescription) vs \(b.debugDescription): first code points \(fast), compare \(order), ICU \(icu)")
                }
            }
        }
    }
}
