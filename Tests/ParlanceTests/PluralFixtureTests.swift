import Foundation
import Parlance
import Testing

/// Every locale, category and sample of CLDR's plurals.xml and ordinals.xml, asserted against
/// `PluralRules` (ICU's rules, Parlance's evaluator) and, for samples without a compact
/// exponent, against ICU's own `uplrules_selectFormatted` as well.
@Suite("CLDR plural fixtures")
struct PluralFixtureTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var type: PluralRuleType
        var locale: String
        var testDescription: String { "\(type) \(locale)" }
    }

    static let cases: [Case] = PluralRuleType.allCases.flatMap { type in
        PluralFixtures.shared.locales(type).keys.sorted().map { Case(type: type, locale: $0) }
    }

    static func knownDifferences(_ type: PluralRuleType, _ locale: String) -> [String: PluralKnownDifferences.Difference] {
        var result: [String: PluralKnownDifferences.Difference] = [:]
        for difference in PluralKnownDifferences.shared.differences where difference.type == type && difference.locale == locale {
            result[difference.sample] = difference
        }
        return result
    }

    @Test("samples select their CLDR category", arguments: cases)
    func samples(_ fixture: Case) throws {
        let rules = try PluralRules(locale: LocaleID(fixture.locale), type: fixture.type)
        let categories = try #require(PluralFixtures.shared.locales(fixture.type)[fixture.locale])
        let known = Self.knownDifferences(fixture.type, fixture.locale)
        var seenDifferences: Set<String> = known["categories"] == nil ? [] : ["categories"]
        for (keyword, category) in categories {
            let expected = try #require(PluralCategory(keyword: keyword))
            #expect(!category.samples.isEmpty || keyword == "other", "no samples for \(keyword)")
            for sample in category.samples {
                let operands = try PluralOperands(cldrSample: sample)
                let actual = rules.category(for: operands)
                if let difference = known[sample] {
                    seenDifferences.insert(sample)
                    #expect(difference.cldr == keyword, "known difference \(sample) lists CLDR \(difference.cldr)")
                    #expect(actual.keyword == difference.icu, "\(fixture) \(sample): \(actual), known difference says \(difference.icu)")
                } else {
                    #expect(actual == expected, "\(fixture) \(sample): expected \(expected) (rule: \(category.rule)), got \(actual); operands \(operands)")
                }
                // ICU's own selection, for samples a plain decimal can express.
                if !sample.contains("c") && !sample.contains("e") {
                    let icu = try rules.icuCategory(forDecimal: sample)
                    #expect(icu == actual, "\(fixture) \(sample): ICU selects \(icu), Parlance \(actual)")
                    // The string entry point (with its fast path) agrees with the operands one.
                    #expect(try rules.category(for: sample) == actual, "\(fixture) \(sample) as a string")
                }
            }
        }
        #expect(seenDifferences == Set(known.keys), "known differences that did not occur: \(Set(known.keys).subtracting(seenDifferences).sorted())")
    }

    @Test("categories are CLDR's, in CLDR order", arguments: cases)
    func categories(_ fixture: Case) throws {
        let rules = try PluralRules(locale: LocaleID(fixture.locale), type: fixture.type)
        let categories = try #require(PluralFixtures.shared.locales(fixture.type)[fixture.locale])
        let expected = categories.keys.compactMap(PluralCategory.init(keyword:)).sorted()
        let actual = rules.categories.map(\.keyword).joined(separator: " ")
        if let changed = Self.knownDifferences(fixture.type, fixture.locale)["categories"] {
            #expect(expected.map(\.keyword).joined(separator: " ") == changed.cldr)
            #expect(actual == changed.icu)
        } else {
            #expect(rules.categories == expected)
        }
        #expect(rules.categories == rules.categories.sorted())
        #expect(Set(try rules.icuKeywords().compactMap(PluralCategory.init(keyword:))) == Set(rules.categories))
    }

    @Test("coverage: every locale and sample of the fixture ran")
    func coverage() throws {
        var locales = 0
        var samples = 0
        for type in PluralRuleType.allCases {
            let all = PluralFixtures.shared.locales(type)
            locales += all.count
            samples += all.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.samples.count } }
        }
        // Printed so that the count appears in CI logs and closing notes.
        print(
            "CLDR \(PluralFixtures.shared.cldrVersion) plural fixtures: \(PluralFixtures.shared.cardinal.count) cardinal + \(PluralFixtures.shared.ordinal.count) ordinal locales = \(locales) rule sets, \(samples) samples; ICU CLDR \(ICUInfo.cldrVersion)"
        )
        #expect(PluralFixtures.shared.cardinal.count >= 200)
        #expect(PluralFixtures.shared.ordinal.count >= 100)
        #expect(samples > 10_000)
        #expect(Self.cases.count == locales)
    }
}
