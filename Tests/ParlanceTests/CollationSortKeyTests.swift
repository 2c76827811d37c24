import Foundation
import Testing

@testable import Parlance

/// `Collator.sortKey` writes the keys of most short Latin texts from a table of ICU's
/// collation elements, without calling ICU. These tests compare every key with the one ICU's
/// `ucol_getSortKey` writes for the same collator.
@Suite("Collator: sort keys written from the table are ICU's")
struct CollationSortKeyTests {
    /// Locales with contractions between Latin letters (cs "ch", da "aa", hu "dzs", cy "dd", es
    /// traditional "ll"), tailored letters (sv "å", tr "ı", lt, pl), expansions (de phonebook),
    /// script reordering (ru, el), French secondary order (fr-CA, left to ICU), shifted
    /// punctuation (th), and the numeric, shifted, case-first keywords.
    static let locales: [String] = [
        "und", "sv", "da", "fi", "cs", "sk", "pl", "hu", "lt", "et", "es-u-co-trad", "de-u-co-phonebk", "fr-CA", "ru", "el", "tr", "cy", "vi",
        "is", "mt", "ca", "ja", "th", "ln", "en-u-kn", "en-u-ka-shifted", "en-u-kf-upper", "en-u-kf-lower", "en-u-kr-grek-latn", "se",
    ]

    /// The typed options (strength, case order, numeric, ignoring punctuation) in combinations.
    static let options: [(Collator.Strength?, Collator.CaseFirst?, Bool?, Bool?)] = [
        (nil, nil, nil, nil), (.primary, nil, nil, nil), (.secondary, nil, nil, nil), (.tertiary, .upper, nil, nil),
        (.tertiary, .lower, nil, true), (.quaternary, nil, nil, true), (.identical, nil, nil, nil), (nil, .lower, true, nil),
        (.primary, nil, true, true), (.secondary, .upper, nil, true),
    ]

    /// A deterministic pseudo-random sequence (a linear congruential generator).
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Every code point below U+0250 (the table's range), ASCII letters and spaces more
    /// often, contractions of the tailorings, and a few pieces the table leaves to ICU
    /// (combining marks, other scripts, a character outside the BMP).
    static let pieces: [String] = {
        var pieces = (0..<0x250).compactMap { Unicode.Scalar(UInt32($0)).map { String($0) } }
        for _ in 0..<3 { pieces += (0x61...0x7A).map { String(UnicodeScalar(UInt8($0))) } + ["A", "E", "O", "S", " ", "-", "1"] }
        pieces += [
            "ch", "Ch", "CH", "aa", "Aa", "AA", "ll", "Ll", "dz", "dzs", "dž", "lj", "nj", "cs", "ccs", "gy", "ly", "ny", "sz", "zs", "l·l", "dd",
            "ff", "ng", "rr", "th", "\u{301}", "\u{30A}", "\u{308}", "α", "я", "中", "ก", "😀",
        ]
        return pieces
    }()

    /// Names as the bench has them, every piece alone, and seeded strings of 1 to 40 pieces
    /// (long runs of common weights, which ICU's keys compress).
    static let strings: [String] = {
        var strings = ["", "Åsa Öberg", "Asa Oberg", "Örjan Åberg", "Ängelholm", "Zoë Östlund", "ÆØÅ æøå", "Straße", "Ǆemal", "naïve café"]
        strings += pieces
        var numbers = Numbers(state: 7)
        for index in 0..<1_500 {
            let count = index % 5 == 0 ? 1 + numbers.next(40) : 1 + numbers.next(8)
            strings.append((0..<count).map { _ in pieces[numbers.next(pieces.count)] }.joined())
        }
        strings.append(String(repeating: "a", count: 120))
        strings.append(String(repeating: "Ab-", count: 60))
        strings.append(String(repeating: "é", count: 128))
        strings.append(String(repeating: "x", count: 257))
        return strings
    }()

    /// ICU's own key (`ucol_getSortKey`) for the collator.
    static func icuKey(_ collator: Collator, _ text: String) throws -> [UInt8] {
        var text = text
        return try text.withUTF8 { bytes throws(ICUStatusError) in try collator.icu.sortKey(bytes) }
    }

    /// The table's key (nil: left to ICU), with the table made first (a collator makes it only
    /// once it has been asked for 64 keys).
    static func tableKey(_ collator: Collator, _ text: String) -> [UInt8]? {
        _ = collator.icu.tableSortKeyCoverage
        var text = text
        return text.withUTF8 { collator.icu.tableSortKey($0) }
    }

    /// Every key the table writes, and every key `sortKey` returns, is ICU's, in each locale
    /// and combination of options; the table writes most of them where the options allow.
    @Test(arguments: locales)
    func tableKeysAreICUs(locale: String) throws {
        let id = try LocaleID(locale)
        var decided = 0
        for (strength, caseFirst, numeric, ignorePunctuation) in Self.options {
            let collator = Collator(locale: id, strength: strength, numeric: numeric, caseFirst: caseFirst, ignorePunctuation: ignorePunctuation)
            var mismatches: [String] = []
            for text in Self.strings {
                let icu = try Self.icuKey(collator, text)
                if let table = Self.tableKey(collator, text) {
                    decided += 1
                    if table != icu { mismatches.append("table \(text.debugDescription): \(table), ICU \(icu)") }
                }
                let key = try collator.sortKey(text)
                if key != icu { mismatches.append("sortKey \(text.debugDescription): \(key), ICU \(icu)") }
            }
            #expect(
                mismatches.isEmpty,
                "\(locale) \(String(describing: strength)) \(String(describing: caseFirst)) \(String(describing: numeric)) \(String(describing: ignorePunctuation)): \(mismatches.prefix(5))"
            )
        }
        if locale != "fr-CA" { #expect(decided > Self.strings.count, "\(locale): the table wrote \(decided) keys") }
    }

    /// What the table writes and what it leaves to ICU.
    @Test func writesAndDefers() throws {
        let sv = Collator(locale: "sv")
        #expect(Self.tableKey(sv, "Åsa Öberg") == (try Self.icuKey(sv, "Åsa Öberg")))
        #expect(Self.tableKey(sv, "") == (try Self.icuKey(sv, "")))
        #expect(Self.tableKey(sv, "naïve café") != nil)
        // Combining marks, other scripts, texts over 256 bytes: ICU.
        #expect(Self.tableKey(sv, "A\u{30A}sa") == nil)
        #expect(Self.tableKey(sv, "Åsa 中") == nil)
        #expect(Self.tableKey(sv, String(repeating: "a", count: 257)) == nil)
        #expect(try sv.sortKey("A\u{30A}sa") == (try Self.icuKey(sv, "A\u{30A}sa")))
        // A contraction between two code points of the table's range: ICU.
        let cs = Collator(locale: "cs")
        #expect(Self.tableKey(cs, "chata") == nil)
        #expect(Self.tableKey(cs, "cesta") == (try Self.icuKey(cs, "cesta")))
        #expect(try cs.sortKey("chata") == (try Self.icuKey(cs, "chata")))
        // Digits with numeric ordering, quaternary and identical strength, French accents: ICU.
        #expect(Self.tableKey(Collator(locale: "en", numeric: true), "item 10") == nil)
        #expect(Self.tableKey(Collator(locale: "en", numeric: true), "item") != nil)
        #expect(Self.tableKey(Collator(locale: "en", strength: .quaternary), "item") == nil)
        #expect(Self.tableKey(Collator(locale: "en", strength: .identical), "item") == nil)
        #expect(Self.tableKey(Collator(locale: "fr-CA"), "côte") == nil)
        #expect(Collator(locale: "fr-CA").icu.tableSortKeyCoverage.codePoints == 0)
        #expect(Collator(locale: "sv").icu.tableSortKeyCoverage.codePoints > 500)
        // Strings stored out of line and bridged through Foundation.
        let bridged = NSString(string: "Örjan Åberg, a name of more than fifteen bytes") as String
        #expect(try sv.sortKey(bridged) == (try Self.icuKey(sv, bridged)))
    }

    /// A collator's first 64 keys are ICU's (making the table costs milliseconds); from then
    /// on the table writes them.
    @Test func theTableIsMadeAfterSixtyFourKeys() throws {
        // Options no other test uses, so that this collator is new.
        let collator = Collator(locale: "fo", strength: .secondary, caseFirst: .upper, ignorePunctuation: true)
        var text = "Tórshavn"
        let table = text.withUTF8 { bytes in (0..<65).map { _ in collator.icu.tableSortKey(bytes) } }
        #expect(table.prefix(64).allSatisfy { $0 == nil })
        #expect(table.last! == (try Self.icuKey(collator, text)))
        #expect(try collator.sortKey(text) == (try Self.icuKey(collator, text)))
    }

    /// Keys written from the table order texts as ICU's comparison does.
    @Test func keysOrderAsCompare() throws {
        let sv = Collator(locale: "sv")
        let names = ["Åsa", "Asa", "Ösa", "Zoë", "zoe", "Ärla", "Aerla", "ö", "o", "Östen", "Ostén", "van Gogh", "Vangogh", "a-b", "ab"]
        for a in names {
            for b in names {
                let keys = try sv.sortKey(a).lexicographicallyPrecedes(try sv.sortKey(b))
                #expect(keys == (sv.compare(a, b) == .orderedAscending), "\(a) \(b)")
            }
        }
    }
}
