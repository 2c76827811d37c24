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
/// Run in full by `parlance bench --verify-collation`; a reduced set runs as a test.
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

    package struct Report: Sendable {
        package var locales = 0
        package var collators = 0
        /// Pairs compared in all (each three ways).
        package var compared = 0
        /// Pairs the first code points decided without ICU.
        package var decided = 0
        package var mismatchCount = 0
        /// The first mismatches, described.
        package var mismatches: [String] = []
    }

    /// Runs the proof; `progress`, when given, counts the locales done.
    package func run(progress: SweepProgress? = nil) -> Report {
        let pieces = Self.pieces
        return sweepLocales(locales, into: Report(), progress: progress) { locale in
            var report = Report()
            report.locales = 1
            var random = SplitMix64(seed: locale.identifier.utf8.reduce(seed) { $0 &* 31 &+ UInt64($1) })
            for (strength, caseFirst, numeric, ignorePunctuation) in Self.options {
                let collator = Collator(locale: locale, strength: strength, numeric: numeric, caseFirst: caseFirst, ignorePunctuation: ignorePunctuation)
                report.collators += 1
                func string() -> String {
                    var text = ""
                    for _ in 0...(random.next() % 4) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
                    return text
                }
                for index in 0..<pairs {
                    // Every piece comes first in some pairs; the rest are random.
                    var a = index < pieces.count ? pieces[index] + (random.next() & 1 == 0 ? "" : string()) : string()
                    var b = string()
                    let fast = collator.icuCollator.compareFirstPrimaries(a, b)
                    let icu = a.withUTF8 { a in b.withUTF8 { b in collator.icuCollator.compare(a, b) } }
                    let compared = collator.compare(a, b)
                    let order: Int32 = compared == .orderedAscending ? -1 : compared == .orderedDescending ? 1 : 0
                    report.compared += 1
                    if fast != 0 { report.decided += 1 }
                    if (fast == 0 || fast == icu) && order == icu { continue }
                    report.mismatchCount += 1
                    if report.mismatches.count < 5 {
                        report.mismatches.append(
                            "\(locale.identifier) \(String(describing: strength)) \(String(describing: caseFirst)) numeric \(String(describing: numeric)) shifted \(String(describing: ignorePunctuation)): \(a.debugDescription) vs \(b.debugDescription): first code points \(fast), compare \(order), ICU \(icu)"
                        )
                    }
                }
            }
            return report
        } merge: { total, report in
            total.locales += report.locales
            total.collators += report.collators
            total.compared += report.compared
            total.decided += report.decided
            total.mismatchCount += report.mismatchCount
            if total.mismatches.count < 50 { total.mismatches += report.mismatches }
        }
    }
}
