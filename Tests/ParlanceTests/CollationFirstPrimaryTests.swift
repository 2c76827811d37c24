import Foundation
import ParlanceVerification
import Testing

@testable import Parlance

/// `Collator.compare` decides some comparisons from the first code points of the two strings
/// (ICU's first primary weights, from a table made of ICU's collation elements and sort keys),
/// without calling ICU. These tests compare every such answer with `ucol_strcollUTF8` itself.
@Suite("Collator: comparisons decided by the first code points are ICU's")
struct CollationFirstPrimaryTests {
    /// Locales whose tailorings have contractions at the start of Latin letters (cs "ch", da
    /// "aa", hu "dzs", es traditional "ll", sv "å" as "a" + ring), expansions (de phonebook
    /// "ä" as "ae"), script reordering (ru, sr, el put their script before Latin), French
    /// secondary order (fr-CA), and the numeric, shifted, case-first and reordering keywords.
    static let locales: [String] = [
        "und", "sv", "da", "nb", "fi", "cs", "sk", "pl", "hr", "hu", "lt", "lv", "et", "es-u-co-trad", "de-u-co-phonebk", "fr-CA", "ru",
        "sr", "el", "tr", "az", "cy", "vi", "is", "mt", "ja", "zh", "th", "ln", "en-u-kn", "en-u-ka-shifted", "en-u-kf-upper", "en-u-kr-grek-latn",
        "de-u-co-eor", "sq", "fo", "se",
    ]

    /// The typed options (strength, case order, numeric, ignoring punctuation) in combinations.
    static let options: [(Collator.Strength?, Collator.CaseFirst?, Bool?, Bool?)] = [
        (nil, nil, nil, nil), (.primary, nil, nil, nil), (.secondary, nil, nil, nil), (.tertiary, .upper, nil, nil),
        (.quaternary, nil, nil, true), (.identical, nil, nil, nil), (nil, .lower, true, nil), (.primary, nil, true, true),
        (nil, nil, false, false),
    ]

    /// Pieces the strings are made of: ASCII letters, digits, spaces and punctuation; Latin-1
    /// and Latin Extended letters; combining marks; the contractions of the locales above; and
    /// letters of other scripts.
    static let pieces: [String] = [
        "a", "A", "b", "c", "C", "d", "e", "h", "l", "L", "n", "o", "O", "s", "t", "u", "y", "z", "Z", "0", "1", "2", "9", "10", " ", "-",
        ".", ",", "'", "!", "@", "\t", "Å", "å", "Ä", "ä", "Ö", "ö", "Æ", "æ", "Ø", "ø", "Ð", "ð", "Þ", "þ", "ß", "Ü", "ü", "É", "é", "È",
        "ç", "Ñ", "ñ", "µ", "·", "ª", "º", "¹", "½", "×", "÷", "Č", "č", "Š", "š", "Ž", "ž", "Ľ", "ľ", "Ł", "ł", "Ő", "ő", "Ű", "ű", "Đ",
        "đ", "Ŀ", "ŀ", "ŉ", "ſ", "ı", "İ", "Ǆ", "ǅ", "ǆ", "Ǳ", "ǲ", "ǳ", "Ș", "ș", "Ț", "ț", "ƒ", "Ə", "ə", "\u{301}", "\u{30A}", "\u{323}",
        "\u{308}", "\u{327}", "ch", "Ch", "CH", "aa", "Aa", "AA", "ll", "Ll", "dz", "dzs", "dž", "lj", "nj", "ij", "IJ", "cs", "gy", "ly",
        "ny", "sz", "ty", "zs", "l·l", "L·L", "α", "Ω", "я", "Ж", "中", "あ", "ก", "เก", "😀", "\u{0}",
    ]

    /// A deterministic pseudo-random sequence (a linear congruential generator).
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Strings of one to four pieces: every piece alone and before a few others, and random
    /// ones; pairs that share the first piece are left to ICU either way, so most pairs differ
    /// at their first code point.
    static let strings: [String] = {
        var strings = pieces
        for piece in pieces { strings += ["a", "h", "s", "Z", " ", "\u{30A}", "1"].map { piece + $0 } }
        var numbers = Numbers(state: 42)
        for _ in 0..<1_500 { strings.append((0...numbers.next(4)).map { _ in pieces[numbers.next(pieces.count)] }.joined()) }
        return strings
    }()

    static func icuOrder(_ collator: Collator, _ a: String, _ b: String) -> Int32 {
        var a = a
        var b = b
        return a.withUTF8 { a in b.withUTF8 { b in collator.icu.compare(a, b) } }
    }

    static func firstPrimaryOrder(_ collator: Collator, _ a: String, _ b: String) -> Int32 {
        collator.icu.compareFirstPrimaries(a, b)
    }

    static func order(_ result: ComparisonResult) -> Int32 {
        switch result {
        case .orderedAscending: -1
        case .orderedSame: 0
        case .orderedDescending: 1
        }
    }

    /// Every answer of the first code points, and every answer of `compare`, is ICU's, over
    /// string pairs in each locale and combination of options; the first code points decide a
    /// good share of them.
    @Test(arguments: locales)
    func firstCodePointsAgreeWithICU(locale: String) throws {
        let id = try LocaleID(locale)
        var numbers = Numbers(state: UInt64(locale.utf8.count) &* 7_919)
        var decided = 0
        var mismatches: [String] = []
        for (strength, caseFirst, numeric, ignorePunctuation) in Self.options {
            let collator = Collator(locale: id, strength: strength, numeric: numeric, caseFirst: caseFirst, ignorePunctuation: ignorePunctuation)
            let strings = Self.strings
            for index in 0..<4_000 {
                let a = strings[index < strings.count ? index : numbers.next(strings.count)]
                let b = strings[numbers.next(strings.count)]
                let icu = Self.icuOrder(collator, a, b)
                let fast = Self.firstPrimaryOrder(collator, a, b)
                if fast != 0 {
                    decided += 1
                    if fast != icu { mismatches.append("\(a.debugDescription) \(b.debugDescription): \(fast), ICU \(icu)") }
                }
                let compared = Self.order(collator.compare(a, b))
                if compared != icu { mismatches.append("compare \(a.debugDescription) \(b.debugDescription): \(compared), ICU \(icu)") }
            }
            #expect(
                mismatches.isEmpty,
                "\(locale) \(String(describing: strength)) \(String(describing: caseFirst)) \(String(describing: numeric)): \(mismatches.prefix(10))")
            mismatches.removeAll()
        }
        #expect(decided > 4_000, "\(locale): the first code points decided \(decided) comparisons")
    }

    /// The bench's pair and the cases the table must leave to ICU: contractions that start
    /// with the first letter (Czech "ch", Danish "aa"), a combining mark after it, digits with
    /// numeric ordering, spaces and punctuation when they are ignored.
    @Test func decidesAndDefers() throws {
        let sv = Collator(locale: "sv")
        #expect(Self.firstPrimaryOrder(sv, "Åsa Öberg", "Asa Oberg") == 1)
        #expect(sv.compare("Åsa Öberg", "Asa Oberg") == .orderedDescending)
        #expect(Self.firstPrimaryOrder(sv, "Asa Oberg", "Åsa Öberg") == -1)
        #expect(Self.firstPrimaryOrder(sv, "A\u{30A}sa", "Bo") == 0)
        #expect(Self.firstPrimaryOrder(sv, "Asa", "Asa") == 0)
        #expect(Self.firstPrimaryOrder(sv, "", "a") == 0)
        let cs = Collator(locale: "cs")
        #expect(Self.firstPrimaryOrder(cs, "ch", "d") == 0)
        #expect(cs.compare("chata", "dům") == .orderedDescending)
        #expect(Self.firstPrimaryOrder(cs, "ca", "d") == -1)
        let da = Collator(locale: "da")
        #expect(Self.firstPrimaryOrder(da, "aa", "b") == 0)
        #expect(da.compare("Aarhus", "Borg") == .orderedDescending)
        let numeric = Collator(locale: "en", numeric: true)
        #expect(Self.firstPrimaryOrder(numeric, "2", "10") == 0)
        #expect(numeric.compare("2", "10") == .orderedAscending)
        let shifted = Collator(locale: "en", ignorePunctuation: true)
        #expect(Self.firstPrimaryOrder(shifted, " b", "a") == 0)
        #expect(shifted.compare(" b", "a") == .orderedDescending)
        #expect(Self.firstPrimaryOrder(Collator(locale: "en"), "b", "a") == 1)
        // Strings stored out of line (longer than 15 bytes), and bridged through Foundation.
        let long = String(repeating: "Åsa Öberg ", count: 4)
        #expect(Self.firstPrimaryOrder(sv, long, "Asa Oberg and more than fifteen bytes") == 1)
        #expect(sv.compare(long, "Asa Oberg and more than fifteen bytes") == .orderedDescending)
        let bridged = NSString(string: "Örjan Åberg, a name of more than fifteen bytes") as String
        #expect(Self.firstPrimaryOrder(sv, bridged, long) == 1)
        #expect(sv.compare(bridged, long) == .orderedDescending)
    }

    @Test("a reduced sweep: no mismatch, with pairs decided by the first code points and sort keys written from the table")
    func reducedSweep() {
        let locales = sampleLocales(named: ["sv", "cs", "de"], count: 6, offset: 5)
        let report = CollationVerification(locales: locales, pairs: 150).run()
        #expect(report.mismatchCount == 0, "\(report.mismatches.prefix(5))")
        #expect(report.locales == locales.count)
        #expect(report.formatters == locales.count * CollationVerification.options.count)
        #expect(report.compared == report.formatters * 150)
        #expect(report.keysCompared == report.compared * 2)
        #expect(report.decided > 0 && report.keysDecided > 0)
        #expect(report.compiledFormatters > 0 && report.compiledFormatters < report.formatters)
    }
}
