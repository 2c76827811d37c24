import Dispatch
import Parlance
import ParlanceVerification

/// The long proof that Parlance's plural evaluator equals ICU: for every locale ICU ships and
/// every locale with plural data, both types, every integer 0…`integerLimit` and
/// `decimalsPerLocale` random decimals (1–4 visible fraction digits, through ICU's exact-decimal
/// path). Locales whose ICU rule text is identical share one run: ICU's selection depends only
/// on the rules object, so identical text means identical behaviour.
struct PluralVerification {
    var integerLimit: Int
    var decimalsPerLocale: Int

    struct Report {
        var locales: Int
        var ruleSets: Int
        var integersChecked: Int
        var decimalsChecked: Int
        var mismatches: [String]
    }

    func run(extraLocales: [String]) throws -> Report {
        var ids = Set(LocaleID.availableLocales.map(\.identifier))
        ids.formUnion(extraLocales)
        var unique: [String: PluralRules] = [:]
        for id in ids.sorted() {
            for type in PluralRuleType.allCases {
                let rules = try PluralRules(locale: LocaleID(id), type: type)
                unique["\(type):\(rules.ruleSource)"] = unique["\(type):\(rules.ruleSource)"] ?? rules
            }
        }
        let ruleSets = unique.values.sorted { $0.locale.identifier < $1.locale.identifier }
        let lock = Locked(Report(locales: ids.count, ruleSets: ruleSets.count, integersChecked: 0, decimalsChecked: 0, mismatches: []))
        let progress = SweepProgress("verify-plurals", total: ruleSets.count, unit: "rule sets")
        DispatchQueue.concurrentPerform(iterations: ruleSets.count) { index in
            let rules = ruleSets[index]
            var mismatches: [String] = []
            for n in 0...integerLimit where mismatches.count < 5 {
                let mine = rules.category(for: n)
                let icu = rules.icuCategory(for: Double(n))
                if mine != icu { mismatches.append("\(rules.type) \(rules.locale) \(n): Parlance \(mine), ICU \(icu)") }
            }
            var generator = SplitMix64(seed: UInt64(index) &* 0x9E37_79B9)
            for _ in 0..<decimalsPerLocale where mismatches.count < 10 {
                let whole = generator.next() % (generator.next() % 2 == 0 ? 200 : 10_000_000)
                let digits = Int(generator.next() % 4) + 1
                let fraction = (0..<digits).map { _ in String(generator.next() % 10) }.joined()
                let text = "\(whole).\(fraction)"
                do {
                    let mine = try rules.category(for: text)
                    let icu = try rules.icuCategory(forDecimal: text)
                    if mine != icu { mismatches.append("\(rules.type) \(rules.locale) \(text): Parlance \(mine), ICU \(icu)") }
                } catch {
                    mismatches.append("\(rules.type) \(rules.locale) \(text): \(error)")
                }
            }
            lock.withLock { report in
                report.integersChecked += integerLimit + 1
                report.decimalsChecked += decimalsPerLocale
                report.mismatches += mismatches
            }
            progress.advance()
        }
        return lock.withLock { $0 }
    }
}
