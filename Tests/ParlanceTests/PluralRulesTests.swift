import Foundation
import Parlance
import Testing

@Suite("PluralRules")
struct PluralRulesTests {
    @Test("visible fraction digits count")
    func visibleFractionDigits() throws {
        let en = try PluralRules(locale: "en")
        #expect(en.category(for: 1) == .one)
        #expect(try en.category(for: "1") == .one)
        #expect(try en.category(for: "1.0") == .other)
        #expect(try en.category(for: "1.00") == .other)
        #expect(en.category(for: 1.0) == .one)  // a Double is its shortest form: "1"
        #expect(en.category(for: 1.5) == .other)
        let ru = try PluralRules(locale: "ru")
        #expect(ru.category(for: 21) == .one)
        #expect(ru.category(for: 22) == .few)
        #expect(ru.category(for: 25) == .many)
        #expect(ru.category(for: 111) == .many)
        #expect(try ru.category(for: "1.5") == .other)
        #expect(try ru.category(for: "21.0") == .other)
        let lv = try PluralRules(locale: "lv")
        #expect(try lv.category(for: "0.1") == .one)
        #expect(try lv.category(for: "0.10") == .other)  // v = 2, f = 10: neither f % 100 = 11..19 nor f % 10 = 1
        #expect(try lv.category(for: "0.11") == .zero)  // v = 2 and f % 100 = 11..19
    }

    @Test("integers of every width and sign")
    func integers() throws {
        let ru = try PluralRules(locale: "ru")
        #expect(ru.category(for: -21) == .one)
        #expect(ru.category(for: Int.min) == ru.category(for: UInt64(Int.max) + 1))
        #expect(ru.category(for: UInt64.max) == .many)  // …615 ends in 5
        #expect(ru.category(for: Int8(-2)) == .few)
        #expect(try ru.category(for: "123456789012345678901") == .one)  // 1000-digit-safe arithmetic
        #expect(try ru.category(for: String(repeating: "9", count: 1000) + "2") == .few)
        #expect(try ru.category(for: "-0") == .many)
    }

    @Test("scientific exponents shift the point and keep written digits")
    func exponents() throws {
        let en = try PluralRules(locale: "en")
        #expect(try en.category(for: "1e0") == .one)
        #expect(try en.category(for: "0.1e1") == .one)  // 0.1e1 is written "1" once the point moves: v = 0
        #expect(try en.category(for: "1.0e0") == .other)  // v = 1
        #expect(try en.category(for: "10e-1") == .other)  // 1.0, v = 1
        #expect(try en.category(for: "1.25e1") == .other)
        let operands = try PluralOperands("1.25e1")
        #expect(operands.visibleFractionDigitCount == 1)
        #expect(operands.absoluteValue == 12.5)
        let fr = try PluralRules(locale: "fr")
        #expect(try fr.category(for: "1e6") == .many)
        #expect(try fr.category(for: "1.0e6") == .many)
        #expect(try fr.category(for: "1e-100000") == .one)
        #expect(throws: ParlanceError.self) { try fr.category(for: "1e100001") }
    }

    @Test("operands follow UTS #35's table")
    func operands() throws {
        let a = try PluralOperands("1.50")
        #expect(a.visibleFractionDigitCount == 2)
        #expect(a.significantFractionDigitCount == 1)
        #expect(a.description == "n=1.5 i=1 v=2 w=1 f=50 t=5 e=0")
        let b = try PluralOperands(cldrSample: "1.2c3")
        #expect(b.description == "n=1200.0 i=1200 v=0 w=0 f=0 t=0 e=3")
        let c = try PluralOperands(cldrSample: "1.0000001c6")
        #expect(c.description == "n=1000000.1 i=1000000 v=1 w=1 f=1 t=1 e=6")
        #expect(throws: ParlanceError.self) { try PluralOperands("1c3") }  // 'c' only in CLDR sample notation
    }

    @Test(
        "malformed number strings are typed errors",
        arguments: [
            "", "1,5", "abc", "1e", "1e+", ".5", "5.", "+", "-", "1..2", "1.2.3", " 1", "1 ", "1_000", "1 000",
            "NaN", "Infinity", "-inf", "0x10", "１", "1e5.5", "--1", "+-1", "1\u{0}", "٣",
        ])
    func malformed(_ text: String) throws {
        let rules = try PluralRules(locale: "en")
        let error = #expect(throws: ParlanceError.self) { try rules.category(for: text) }
        #expect(error?.code == .invalidNumber)
        #expect(error?.message.contains("is not a decimal") == true, "\(String(describing: error))")
    }

    @Test("Double and Decimal", arguments: [(0.0, "0"), (1.5, "1.5"), (21.0, "21"), (1e-7, "1e-07"), (1e16, "1e+16"), (-0.25, "-0.25")])
    func doubles(_ value: Double, _ spelled: String) throws {
        #expect(PluralRules.shortestDecimal(value) == spelled)
        for id in ["en", "ru", "lv", "fr", "ar"] {
            let rules = try PluralRules(locale: LocaleID(id))
            #expect(rules.category(for: value) == (try rules.category(for: spelled)))
            #expect(rules.category(for: value) == rules.icuCategory(for: value), "\(id) \(value)")
        }
    }

    @Test("non-finite doubles are other, as in ICU")
    func nonFinite() throws {
        let ar = try PluralRules(locale: "ar")
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(ar.category(for: value) == .other)
            #expect(ar.icuCategory(for: value) == .other)
        }
        #expect(ar.category(for: Decimal.nan) == .other)
        #expect(ar.category(for: Decimal(string: "3")!) == .few)
        #expect(ar.category(for: Decimal(string: "0.5")!) == .other)
    }

    @Test(
        "invalid locale ids are typed errors",
        arguments: [
            "", "en US", "e", "english-language-tag", "en-", "-en", "en--US", "123", "en@", "en@calendar", "en_US@=x",
            "\u{7}", "zh-Hant-TW-", String(repeating: "a", count: 10_000), "en\u{0}", "ру", "en-US-u", "x",
        ])
    func invalidLocale(_ id: String) {
        let error = #expect(throws: ParlanceError.self) { try PluralRules(locale: LocaleID(id)) }
        #expect(error?.code == .invalidLocale)
    }

    @Test(
        "locale ids are case-insensitive and accept _ or -",
        arguments: [
            ("en_US", "en_US"), ("EN-us", "en_US"), ("sr_latn_rs", "sr_Latn_RS"), ("SR-LATN-RS", "sr_Latn_RS"),
            ("ja-JP-u-ca-japanese", "ja_JP@calendar=japanese"), ("th_TH@calendar=buddhist", "th_TH@calendar=buddhist"),
            ("de__1901", "de__1901"), ("root", ""), ("und", ""), ("xx", "xx"), ("en-ZZ", "en_ZZ"),
            ("i-klingon", "tlh"), ("en-US-POSIX", "en_US_POSIX"),
        ])
    func localeForms(_ id: String, _ icu: String) throws {
        let locale = try LocaleID(id)
        #expect(locale.identifier == icu)
        let rules = try PluralRules(locale: LocaleID(id))
        #expect(rules.locale == locale)
    }

    @Test("unknown but well-formed locales get root or parent rules, never the process default")
    func fallback() throws {
        #expect(try PluralRules(locale: "xx").categories == [.other])
        #expect(try PluralRules(locale: "en-ZZ").categories == [.one, .other])
        #expect(try PluralRules(locale: "ru-Latn-XX").categories == [.one, .few, .many, .other])
    }

    @Test("rules are ICU's own text")
    func ruleSource() throws {
        #expect(try PluralRules(locale: "en").ruleSource.hasPrefix("one: i  in 1..1 and v  in 0..0"))
    }

    @Test("concurrent use from many tasks agrees with sequential results")
    func concurrency() async throws {
        let locales = ["en", "ru", "ar", "pl", "cy", "fr", "lv", "he", "ga", "sl"]
        var expected: [String: [PluralCategory]] = [:]
        for id in locales {
            let rules = try PluralRules(locale: LocaleID(id))
            expected[id] = (0..<500).map { rules.category(for: $0) }
        }
        PluralRules.resetCache()
        let snapshot = expected
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<16 {
                group.addTask {
                    let id = locales[task % locales.count]
                    let rules = try PluralRules(locale: LocaleID(id))
                    return (0..<500).map { rules.category(for: $0) } == snapshot[id]
                }
            }
            for try await same in group { #expect(same) }
        }
    }

    @Test("the string fast path and the general parser agree with ICU at their boundary", arguments: ["en", "ru", "lv", "fr", "ar", "cy", "sl", "is"])
    func fastPathBoundary(_ id: String) throws {
        let rules = try PluralRules(locale: LocaleID(id))
        let samples = [
            "0", "1", "21", "-21", "+2", "9007199254740991", "999999999999999999", "1000000000000000001", "123456789012345678901",
            "0.000000000000000001", "0.0000000000000000001", "1.10", "11.011", "2.000000000000000000", "101.5",
            "000021", "0.1", "1000000", "3.14159265358979323",
        ]
        for sample in samples {
            let viaString = try rules.category(for: sample)
            #expect(viaString == rules.category(for: try PluralOperands(sample)), "\(id) \(sample)")
            // ICU takes n as a binary double and truncates i to its lowest 18 digits, so beyond
            // 2^53 it can differ from the exact CLDR operands Parlance uses; below, they agree.
            let integerPart = sample.split(separator: ".")[0].filter(\.isNumber)
            if integerPart.count < 16 {
                #expect(viaString == (try rules.icuCategory(forDecimal: sample.hasPrefix("+") ? String(sample.dropFirst()) : sample)), "\(id) \(sample) vs ICU")
            }
        }
    }

    @Test("beyond 2^53 the operands stay exact (where ICU's double rounds)")
    func exactBeyondDouble() throws {
        // i = 1000000000000000001 is not 1, so English says "other"; ICU's truncated i says "one".
        #expect(try PluralRules(locale: "en").category(for: "1000000000000000001") == .other)
        // n % 10 = 9, so Latvian's "zero" (n % 10 = 0) does not apply; ICU's n rounds to 1e18.
        #expect(try PluralRules(locale: "lv").category(for: "999999999999999999") == .other)
        #expect(try PluralRules(locale: "lv").category(for: "999999999999999990") == .zero)
    }
}
