import Foundation
import Testing

@testable import Parlance

/// Parlance's compiled evaluator against ICU's own selection, over every locale ICU ships and
/// every locale with plural data: integers 0…2,000 plus large values through `uplrules_select`,
/// and random decimals (with their visible fraction digits) through `uplrules_selectFormatted`.
/// The long sweep (every integer to 1,000,000, 100,000 decimals per locale) is in
/// `parlance bench --verify-plurals`.
@Suite("Plural evaluator equals ICU")
struct PluralICUEquivalenceTests {
    static let locales: [String] = {
        var ids = Set(LocaleID.availableLocales.map(\.identifier))
        ids.formUnion(PluralRules.localesWithRules)
        ids.formUnion(PluralFixtures.shared.cardinal.keys)
        ids.formUnion(PluralFixtures.shared.ordinal.keys)
        return ids.sorted()
    }()

    @Test("every ICU locale is swept")
    func coverage() {
        print("plural equivalence sweep: \(Self.locales.count) locales × 2 types")
        #expect(LocaleID.availableLocales.count > 700)
        #expect(Self.locales.count > 800)
    }

    @Test("integers", arguments: PluralRuleType.allCases)
    func integers(_ type: PluralRuleType) throws {
        let large: [Int] = [10_000, 100_000, 1_000_000, 1_000_001, 2_000_000, 10_000_000, 123_456_789, 1_000_000_000]
        var checked = 0
        for id in Self.locales {
            let rules = try PluralRules(locale: LocaleID(id), type: type)
            for n in Array(0...2_000) + large {
                let mine = rules.category(for: n)
                let icu = rules.icuCategory(for: Double(n))
                if mine != icu {
                    Issue.record("\(type) \(id) \(n): Parlance \(mine), ICU \(icu)")
                    return
                }
                checked += 1
            }
        }
        #expect(checked == Self.locales.count * 2_009)
    }

    @Test("random decimals with visible fraction digits", arguments: PluralRuleType.allCases)
    func decimals(_ type: PluralRuleType) throws {
        var generator = SplitMix64(seed: type == .cardinal ? 42 : 43)
        for id in Self.locales {
            let rules = try PluralRules(locale: LocaleID(id), type: type)
            for _ in 0..<60 {
                let integer = generator.next() % (generator.next() % 2 == 0 ? 30 : 2_000_000)
                let digits = Int(generator.next() % 4)
                var text = String(integer)
                if digits > 0 {
                    let fraction = (0..<digits).map { _ in String(generator.next() % (generator.next() % 3 == 0 ? 1 : 10)) }
                    text += "." + fraction.joined()
                }
                let mine = try rules.category(for: text)
                let icu = try rules.icuCategory(forDecimal: text)
                if mine != icu {
                    Issue.record("\(type) \(id) \(text): Parlance \(mine), ICU \(icu)")
                    return
                }
            }
        }
    }
}
