import Foundation
import Testing

@testable import Parlance

/// Date intervals and number ranges against CLDR's XML (`CLDRData/interval-formats.json`, from
/// `Scripts/extract-cldr-interval-formats.py`): each locale's own yMd interval pattern (day
/// differs), filled in by hand for 2023-11-14 – 2023-11-17 (two-digit month and days, so M and
/// MM, d and dd agree), and its Latin-digit range pattern filled with 3 and 5.
@Suite("CLDR interval and range fixtures")
struct RangeIntervalFixtureTests {
    struct Fixture: Decodable {
        var cldrVersion: String
        var intervals: [String: String]
        var numberRanges: [String: [String: String]]
        enum CodingKeys: String, CodingKey {
            case cldrVersion
            case intervals = "yMd.d"
            case numberRanges = "numberRange"
        }
    }

    static let fixture: Fixture = {
        do { return try CLDRData.load("interval-formats.json") } catch { fatalError("CLDRData/interval-formats.json: \(error)") }
    }()

    static let start = 1_699_920_000_000.0  // 2023-11-14T00:00Z
    static let end = 1_700_179_200_000.0  // 2023-11-17T00:00Z

    /// Fills a CLDR interval pattern: fields before the first repeated field from the start
    /// date, the rest from the end date; nil when it has a field other than y, M, d.
    static func fill(_ pattern: String) -> String? {
        var output = ""
        var seen: Set<Character> = []
        var second = false
        var characters = Array(pattern)[...]
        while let c = characters.first {
            if c == "'" {
                characters.removeFirst()
                while let q = characters.first, q != "'" {
                    output.append(q)
                    characters.removeFirst()
                }
                if !characters.isEmpty { characters.removeFirst() }
                continue
            }
            guard c.isASCII, c.isLetter else {
                output.append(c)
                characters.removeFirst()
                continue
            }
            let run = characters.prefix { $0 == c }
            characters.removeFirst(run.count)
            if seen.contains(c) { second = true }
            seen.insert(c)
            switch (c, run.count) {
            case ("y", 1), ("y", 4): output += "2023"
            case ("y", 2): output += "23"
            case ("M", 1...2), ("L", 1...2): output += "11"
            case ("d", 1...2): output += second ? "17" : "14"
            default: return nil
            }
        }
        return output
    }

    @Test("CLDR yMd interval patterns, filled in, in at least 30 locales")
    func intervals() throws {
        var checked = 0
        var mismatches: [String] = []
        for (locale, pattern) in Self.fixture.intervals.sorted(by: { $0.key < $1.key }) {
            guard let expected = Self.fill(pattern) else { continue }
            // Gregorian calendar and Latin digits: the hand-filled fields are Gregorian, ASCII.
            let id = try LocaleID(locale + "-u-ca-gregory-nu-latn")
            let actual = try DateIntervalFormat(locale: id, skeleton: "yMd").format(epochMilliseconds: Self.start, to: Self.end)
            // CLDR 42 (ICU 72's data) put thin spaces (U+2009) around the en dash of interval
            // formats where CLDR 41 had spaces: that one change is applied to the expectation.
            let thin = expected.replacingOccurrences(of: " – ", with: "\u{2009}–\u{2009}")
            if actual == expected || actual == thin {
                checked += 1
            } else {
                mismatches.append("\(locale): CLDR 41 \(expected.debugDescription), ICU 72 \(actual.debugDescription)")
            }
        }
        #expect(checked >= 30, "only \(checked) locales matched")
        // CLDR 41 (this machine's XML) against ICU 72's CLDR 42: a few locales changed between
        // the releases; more than a tenth differing would be a Parlance fault.
        #expect(mismatches.count <= Self.fixture.intervals.count / 10, "\(mismatches.count) mismatches: \(mismatches.joined(separator: "; "))")
    }

    @Test("CLDR range patterns filled with 3 and 5, in at least 30 locales")
    func numberRanges() throws {
        var checked = 0
        var mismatches: [String] = []
        for (locale, patterns) in Self.fixture.numberRanges.sorted(by: { $0.key < $1.key }) {
            guard let range = patterns["range"] else { continue }
            let expected = range.replacingOccurrences(of: "{0}", with: "3").replacingOccurrences(of: "{1}", with: "5")
            let actual = try NumberRangeFormat(locale: LocaleID(locale + "-u-nu-latn")).format(DecimalNumber(3), DecimalNumber(5))
            if actual == expected {
                checked += 1
            } else {
                mismatches.append("\(locale): CLDR 41 \(expected.debugDescription), ICU 72 \(actual.debugDescription)")
            }
        }
        #expect(checked >= 30, "only \(checked) locales matched")
        #expect(mismatches.count <= Self.fixture.numberRanges.count / 10, "\(mismatches.count) mismatches: \(mismatches.joined(separator: "; "))")
    }
}
