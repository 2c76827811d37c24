import Foundation
import Testing

@testable import Parlance

/// CLDR's pluralRanges.xml (`CLDRData/plural-ranges.json`, from
/// `Scripts/extract-cldr-plural-ranges.py`): for every locale and rule, a start number of the
/// rule's start category and a larger end number of its end category, both taken from CLDR's
/// own plural samples (`CLDRData/plurals.json`), must give the rule's result through
/// ``NumberRangeFormat/pluralCategory(_:_:)`` (ICU's `uplrules_selectForRange`).
@Suite("CLDR plural-range fixtures")
struct PluralRangeFixtureTests {
    struct Fixtures: Decodable {
        struct Rule: Decodable {
            var start: String
            var end: String
            var result: String
        }
        var cldrVersion: String
        var locales: [String: [Rule]]
    }

    static let fixtures: Fixtures = {
        do { return try CLDRData.load("plural-ranges.json") } catch { fatalError("CLDRData/plural-ranges.json: \(error)") }
    }()

    /// Plain samples (no compact exponent) of a category, as decimals, smallest first. ICU
    /// selects the range's category from the numbers as the range formatter writes them, which
    /// drops trailing fraction zeros ("10.0" is written "10", of another category): such
    /// samples are left out.
    static func samples(_ locale: String, _ category: String) -> [Decimal] {
        guard let rules = PluralFixtures.shared.cardinal[locale], let samples = rules[category]?.samples else { return [] }
        return samples.filter { !$0.contains("c") && !$0.contains("e") && !($0.contains(".") && $0.hasSuffix("0")) }
            .compactMap { Decimal(string: $0) }.sorted()
    }

    @Test("every rule of every locale", arguments: fixtures.locales.keys.sorted())
    func rules(_ locale: String) throws {
        let format = try NumberRangeFormat(locale: LocaleID(locale))
        var checked = 0
        for rule in Self.fixtures.locales[locale] ?? [] {
            // A start with the start category and an end above it with the end category,
            // written with the fraction digits the sample has (so the category holds).
            // Samples whose category ICU's rules (CLDR 42) agree with (CLDR 41's fixture release
            // differs for a few, listed in CLDRData/plurals-known-differences.json).
            let rules = try PluralRules(locale: LocaleID(locale))
            func agreed(_ category: String) throws -> [Decimal] {
                try Self.samples(locale, category).filter { value in
                    try rules.category(for: PluralOperands(cldrSample: Self.text(locale, category, value))).rawValue == category
                }
            }
            let starts = try agreed(rule.start)
            let ends = try agreed(rule.end)
            guard let pair = starts.lazy.compactMap({ start in ends.first(where: { $0 > start }).map { (start, $0) } }).first else {
                continue
            }
            let startText = Self.text(locale, rule.start, pair.0)
            let endText = Self.text(locale, rule.end, pair.1)
            let actual = try format.pluralCategory(DecimalNumber(startText), DecimalNumber(endText))
            #expect(actual.rawValue == rule.result, "\(locale) \(startText)–\(endText) (\(rule.start)–\(rule.end))")
            checked += 1
        }
        // Locales with a single category have one rule (other–other), which needs two samples.
        #expect(checked > 0, "no rule of \(locale) could be checked")
    }

    /// The sample as CLDR wrote it (keeping "1.0" rather than "1").
    static func text(_ locale: String, _ category: String, _ value: Decimal) -> String {
        let written = PluralFixtures.shared.cardinal[locale]?[category]?.samples ?? []
        return written.first { Decimal(string: $0) == value } ?? "\(value)"
    }

    @Test func fixtureRelease() {
        #expect(Self.fixtures.cldrVersion == PluralFixtures.shared.cldrVersion)
        #expect(Self.fixtures.locales.count >= 80)
    }
}
