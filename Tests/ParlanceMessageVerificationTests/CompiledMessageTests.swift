import Parlance
import ParlanceVerification
import Testing

/// Compiled message plans and plural-range tables against ICU's own `MessageFormat` and
/// `uplrules_selectForRange`: reduced runs of the sweeps `parlance bench --verify-messages` and
/// `--verify-plural-ranges` run in full (every ICU locale), and the plan's own choices checked
/// against ICU's answer for the same call.
@Suite("Compiled messages and plural ranges equal ICU")
struct CompiledMessageTests {
    /// 14 locales: every plural category and exact-match shape (Arabic, Welsh, Slovenian,
    /// Russian, French's `many`, Latvian's `zero`), non-Latin digits, grouping of two
    /// (Hindi) and of four (Spanish's minimum grouping, which MessageFormat does not use).
    static let locales = sampleLocales(named: ["de", "en", "ar", "ar-EG", "cy", "sl", "ru", "fr", "lv", "hi", "es", "pl", "my"], count: 14, offset: 5)

    @Test("14 locales × the sweep's patterns × fixed and 20 random values: 0 mismatches")
    func reducedMessageSweep() {
        let report = MessageVerification(locales: Self.locales, randomValues: 20).run()
        print(
            "message sweep: \(report.formatters) messages, \(report.compiledFormatters) compiled, fallbacks \(report.fallbackFormatters), \(report.compared) compared, \(report.leftToICU) left to ICU, mismatches \(report.mismatchCount)"
        )
        #expect(report.mismatchCount == 0, "\(report.mismatches.joined(separator: "\n"))")
        #expect(report.formatters == Self.locales.count * MessageVerification.patterns.count)
        // Four patterns use what the plan leaves to ICU (percent, date, spellout, a plural
        // that selects with its argument's `number` format); every other one compiles.
        #expect(report.compiledFormatters == Self.locales.count * (MessageVerification.patterns.count - 4))
        #expect(report.fallbackFormatters[MessagePlan.Fallback.construct.rawValue] == Self.locales.count * 3)
        #expect(report.fallbackFormatters[MessagePlan.Fallback.pluralFormat.rawValue] == Self.locales.count)
        // About 270 values per message, less the decimals, NaN, ±∞ and texts left to ICU.
        #expect(report.compared > report.compiledFormatters * 200)
    }

    @Test("14 locales × every pair of the fixed ends and 100 random pairs: 0 mismatches, all compiled")
    func reducedPluralRangeSweep() {
        let report = PluralRangeVerification(locales: Self.locales, randomPairs: 100).run()
        print("plural-range sweep: \(report.compiledFormatters) locales compiled, \(report.compared) compared, \(report.leftToICU) left to ICU")
        #expect(report.mismatchCount == 0, "\(report.mismatches.joined(separator: "\n"))")
        #expect(report.compiledFormatters == Self.locales.count)
        // Pairs with an exponent or an end of 2^53 or more (a fifth of the fixed pairs) go to ICU.
        #expect(report.compared > Self.locales.count * PluralRangeVerification.ends.count * PluralRangeVerification.ends.count * 3 / 4)
    }

    @Test("the bench's message compiles and gives ICU's text for every count", arguments: ["de", "en", "ru", "ar"])
    func benchMessage(locale: String) throws {
        let format = try MessageFormat("{n, plural, one {# Datei} other {# Dateien}}", locale: LocaleID(locale))
        #expect(format.plan != nil)
        for n in 0..<1_200 {
            let value = MessageArgument.double(Double(n * 7 % 1000))
            #expect(try format.format(["n": value]) == format.formatThroughICU([("n", value)]))
        }
    }

    @Test("numbered and named arguments, missing arguments and values the plan leaves to ICU")
    func argumentsAndFallbacks() throws {
        let numbered = try MessageFormat("{0} hat {1, plural, one {# Datei} other {# Dateien}}", locale: "de")
        #expect(numbered.plan != nil)
        #expect(try numbered.format(["Ana", 1_234]) == numbered.formatThroughICU([("0", "Ana"), ("1", 1_234)]))
        #expect(throws: ParlanceError.self) { try numbered.format(["Ana"]) }
        do {
            _ = try numbered.format(["0": "Ana"])
            Issue.record("a missing argument must throw")
        } catch let error as ParlanceError {
            #expect(error.code == .missingArgument)
        }
        // A decimal string, NaN and a text where a number belongs go through ICU, with ICU's
        // text or error.
        let plural = try MessageFormat("{n, plural, one {# Datei} other {# Dateien}} ({n})", locale: "de")
        for value: MessageArgument in [.decimal(try DecimalNumber("1.50")), .decimal(try DecimalNumber("3")), .double(.nan), .double(.infinity), "zwei"] {
            let mine = String(describing: Result { try plural.format(["n": value]) })
            let theirs = String(describing: Result { try plural.formatThroughICU([("n", value)]) })
            #expect(mine == theirs, "\(value)")
        }
        #expect(throws: ParlanceError.self) { try plural.format(["n": "zwei"]) }
    }

    @Test("patterns the plan does not cover say why")
    func fallbackReasons() throws {
        #expect(try MessageFormat("{d, date, short}", locale: "en").planFallback == .construct)
        #expect(try MessageFormat("{n, number, ::currency/EUR}", locale: "en").planFallback == .construct)
        #expect(try MessageFormat("{n, plural, other {{n, number, integer} #}}", locale: "en").planFallback == .pluralFormat)
        #expect(try MessageFormat("{n, plural, other {{n, number} #}}", locale: "en").planFallback == nil)
        #expect(try MessageFormat("{n, choice, 0#none|1#one}", locale: "en").planFallback == .construct)
        #expect(try MessageFormat("{n, plural, other {#}}", locale: "en").planFallback == nil)
    }

    @Test("the plural-range table has a sample of every category of the locale", arguments: ["en", "fr", "ru", "ar", "cy", "sl", "lv", "he"])
    func rangeSamples(locale: String) throws {
        let id = try LocaleID(locale)
        let format = try NumberRangeFormat(locale: id)
        let compiled = try #require(format.compiledPluralRanges)
        let rules = try PluralRules(locale: id)
        for category in rules.categories { #expect(compiled.samples[category.index] != nil, "\(locale) \(category)") }
        for start in compiled.samples.compactMap({ $0 }) {
            for end in compiled.samples.compactMap({ $0 }) {
                #expect(compiled.category(start, end) == (try format.icuPluralCategory(start, end)))
            }
        }
    }
}
