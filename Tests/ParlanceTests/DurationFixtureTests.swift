import Foundation
import Testing

@testable import Parlance

/// CLDR's duration unit patterns, unit list patterns and `durationUnit` patterns
/// (`CLDRData/duration-units.json`, from `Scripts/extract-cldr-duration-units.py`): the
/// expected strings of ``DurationFormat`` are built from CLDR's own patterns (plural category
/// from CLDR's rules, integer digits of the Latin numbering system) and compared with what ICU
/// writes, for every language-level CLDR locale whose default digits are Latin.
@Suite("CLDR duration fixtures")
struct DurationFixtureTests {
    struct Fixtures: Decodable {
        struct Locale: Decodable {
            var units: [String: [String: [String: String]]]
            var lists: [String: [String: String]]
            var durationUnits: [String: String]
            var numberingSystem: String
            var decimal: String?
        }
        var cldrVersion: String
        var locales: [String: Locale]
    }

    struct KnownDifferences: Decodable {
        var differences: [KnownDifference]
    }

    struct KnownDifference: Decodable {
        var locale: String
        var case_: String
        var cldr41: String
        var icu72: String
        var reason: String
        enum CodingKeys: String, CodingKey {
            case locale, cldr41, icu72, reason
            case case_ = "case"
        }
    }

    static let fixtures: Fixtures = {
        do { return try CLDRData.load("duration-units.json") } catch { fatalError("CLDRData/duration-units.json: \(error)") }
    }()

    /// Where CLDR 41's XML (this machine's) and ICU 72's data (CLDR 42) differ, each entry
    /// naming both strings: a difference not listed fails, and a listed one that no longer
    /// occurs fails too.
    static let knownDifferences: [KnownDifference] = {
        do {
            return try CLDRData.load("duration-units-known-differences.json", as: KnownDifferences.self).differences
        } catch { fatalError("CLDRData/duration-units-known-differences.json: \(error)") }
    }()

    static let locales: [String] = fixtures.locales.filter { $0.value.numberingSystem == "latn" }.keys.sorted()

    static let unitNames: [(DurationUnit, String)] = [
        (.weeks, "duration-week"), (.days, "duration-day"), (.hours, "duration-hour"), (.minutes, "duration-minute"),
        (.seconds, "duration-second"), (.milliseconds, "duration-millisecond"), (.microseconds, "duration-microsecond"),
        (.nanoseconds, "duration-nanosecond"),
    ]
    static let widths: [(style: DurationStyle, units: String, list: String)] = [
        (.wide, "long", "unit"), (.short, "short", "unit-short"), (.narrow, "narrow", "unit-narrow"),
    ]

    /// One unit with a value, as CLDR writes it: the unit pattern of the value's plural
    /// category ("other" when the locale has none for it), `{0}` replaced by the digits.
    static func unitText(_ data: Fixtures.Locale, _ width: String, _ unit: DurationUnit, _ value: Int, _ rules: PluralRules) -> String? {
        guard let name = unitNames.first(where: { $0.0 == unit })?.1, let counts = data.units[width]?[name] else { return nil }
        guard let pattern = counts[rules.category(for: value).rawValue] ?? counts["other"] else { return nil }
        return pattern.replacingOccurrences(of: "{0}", with: String(value))
    }

    /// CLDR's list pattern for `items` (LDML: "2" for two; start, middle…, end for more).
    static func list(_ parts: [String: String], _ items: [String]) -> String? {
        func apply(_ pattern: String?, _ first: String, _ second: String) -> String? {
            pattern?.replacingOccurrences(of: "{0}", with: first).replacingOccurrences(of: "{1}", with: second)
        }
        switch items.count {
        case 1: return items[0]
        case 2: return apply(parts["2"], items[0], items[1])
        default:
            guard var tail = apply(parts["end"], items[items.count - 2], items[items.count - 1]) else { return nil }
            for index in stride(from: items.count - 3, to: 0, by: -1) {
                guard let next = apply(parts["middle"], items[index], tail) else { return nil }
                tail = next
            }
            return apply(parts["start"], items[0], tail)
        }
    }

    /// A `durationUnit` pattern (h:mm:ss, h.mm, m:ss …) filled in: each run of h/H, m, s is
    /// the value zero-padded to the run's length; quoted text is literal; `fraction` goes right
    /// after the seconds.
    static func numeric(_ pattern: String, hours: Int, minutes: Int, seconds: Int, fraction: String = "") -> String {
        var out = ""
        let characters = Array(pattern)
        var index = 0
        var quoted = false
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                quoted.toggle()
                index += 1
                continue
            }
            if !quoted, "hHms".contains(character) {
                var end = index
                while end < characters.count, characters[end] == character { end += 1 }
                let value = character == "s" ? seconds : character == "m" ? minutes : hours
                let digits = String(value)
                out += String(repeating: "0", count: max(0, end - index - digits.count)) + digits
                if character == "s" { out += fraction }
                index = end
                continue
            }
            out.append(character)
            index += 1
        }
        return out
    }

    /// Records a case (CLDR 41's string, ICU's) for ``assertKnown(_:_:)``.
    static func check(_ locale: String, _ name: String, _ actual: String, _ expected: String, _ differences: inout [String: (String, String)]) {
        differences[name] = (expected, actual)
    }

    static func assertKnown(_ locale: String, _ differences: [String: (String, String)]) {
        let known = knownDifferences.filter { $0.locale == locale }
        for (name, pair) in differences where pair.0 != pair.1 {
            let entry = known.first { $0.case_ == name }
            if entry?.cldr41 != pair.0 || entry?.icu72 != pair.1 {
                // One JSON line per unlisted difference, which
                // Scripts/duration-known-differences.py reads from the test log.
                let record = ["locale": locale, "case": name, "cldr41": pair.0, "icu72": pair.1]
                let json = (try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? ""
                Issue.record("\(locale) \(name): CLDR 41 gives \(pair.0.debugDescription), ICU 72 gives \(pair.1.debugDescription)\nKNOWN-DIFFERENCE \(json)")
            }
        }
        // Listed cases this test checked and found equal: the list is out of date.
        for entry in known where differences[entry.case_].map({ $0.0 == $0.1 }) == true {
            Issue.record("\(locale) \(entry.case_): listed as a known difference but ICU now writes what CLDR 41 has")
        }
    }

    @Test("one unit, every width and unit", arguments: locales)
    func singleUnits(_ locale: String) throws {
        let data = try #require(Self.fixtures.locales[locale])
        let id = try LocaleID(locale)
        let rules = try PluralRules(locale: id)
        var differences: [String: (String, String)] = [:]
        var checked = 0
        for width in Self.widths {
            for (unit, _) in Self.unitNames {
                let format = try DurationFormat(locale: id, style: width.style, units: [unit])
                for value in [1, 2, 5, 21, 100] {
                    guard let expected = Self.unitText(data, width.units, unit, value, rules) else { continue }
                    let actual = try format.format(Duration.nanoseconds(Int64(value) * unit.nanoseconds))
                    Self.check(locale, "\(width.style) \(value) \(unit)", actual, expected, &differences)
                    checked += 1
                }
            }
        }
        #expect(checked >= 3 * 8 * 5 / 2, "\(locale): only \(checked) cases had CLDR data")
        Self.assertKnown(locale, differences)
    }

    @Test("unit lists: two, three and four units", arguments: locales)
    func unitLists(_ locale: String) throws {
        let data = try #require(Self.fixtures.locales[locale])
        let id = try LocaleID(locale)
        let rules = try PluralRules(locale: id)
        var differences: [String: (String, String)] = [:]
        let cases: [[(DurationUnit, Int)]] = [
            [(.days, 2), (.hours, 3)],
            [(.hours, 1), (.minutes, 5), (.seconds, 7)],
            [(.weeks, 1), (.days, 2), (.hours, 3), (.minutes, 4)],
            [(.seconds, 1), (.milliseconds, 500)],
        ]
        for width in Self.widths {
            for parts in cases {
                let texts = parts.compactMap { Self.unitText(data, width.units, $0.0, $0.1, rules) }
                guard texts.count == parts.count, let listParts = data.lists[width.list], let expected = Self.list(listParts, texts) else { continue }
                let total = parts.reduce(Int64(0)) { $0 + Int64($1.1) * $1.0.nanoseconds }
                let format = try DurationFormat(locale: id, style: width.style, units: Set(parts.map(\.0)))
                let actual = try format.format(Duration.nanoseconds(total))
                Self.check(locale, "\(width.style) \(parts.map { "\($0.1) \($0.0)" }.joined(separator: " "))", actual, expected, &differences)
            }
        }
        Self.assertKnown(locale, differences)
    }

    @Test("numeric: h:mm:ss, h:mm, m:ss and a fraction of a second", arguments: locales)
    func numeric(_ locale: String) throws {
        let data = try #require(Self.fixtures.locales[locale])
        let id = try LocaleID(locale)
        var differences: [String: (String, String)] = [:]
        let duration = Duration.seconds(3723)  // 1:02:03
        if let hms = data.durationUnits["hms"] {
            let actual = try DurationFormat(locale: id, style: .numeric).format(duration)
            Self.check(locale, "numeric hms", actual, Self.numeric(hms, hours: 1, minutes: 2, seconds: 3), &differences)
            if let decimal = data.decimal {
                let format = try DurationFormat(locale: id, style: .numeric, units: [.hours, .minutes, .seconds, .milliseconds])
                let withFraction = try format.format(duration + .milliseconds(500))
                Self.check(
                    locale, "numeric hms ms", withFraction, Self.numeric(hms, hours: 1, minutes: 2, seconds: 3, fraction: decimal + "5"),
                    &differences)
            }
        }
        if let hm = data.durationUnits["hm"] {
            let actual = try DurationFormat(locale: id, style: .numeric, units: [.hours, .minutes]).format(duration)
            Self.check(locale, "numeric hm", actual, Self.numeric(hm, hours: 1, minutes: 2, seconds: 0), &differences)
        }
        if let ms = data.durationUnits["ms"] {
            let actual = try DurationFormat(locale: id, style: .numeric, units: [.minutes, .seconds]).format(.seconds(303))
            Self.check(locale, "numeric ms", actual, Self.numeric(ms, hours: 0, minutes: 5, seconds: 3), &differences)
        }
        Self.assertKnown(locale, differences)
    }

    @Test("the fixture covers at least 30 locales with Latin digits")
    func coverage() {
        #expect(Self.fixtures.cldrVersion == "41")
        #expect(Self.locales.count >= 30, "\(Self.locales.count)")
    }
}
