import Parlance
import ParlanceVerification
import Testing

/// Compiled list formats against ICU's own `ulistfmt`: a reduced run of the sweep
/// `parlance bench --verify-lists` runs in full (every ICU locale, lists of 0–7 items).
@Suite("Compiled list formats equal ICU")
struct CompiledListFormatTests {
    /// 16 locales: those with ICU's context rules (Spanish, Hebrew), others whose connectors
    /// are words, letters or punctuation without spaces, RTL ones, then every n-th ICU locale.
    static let locales = sampleLocales(
        named: ["es", "es-419", "he", "ca", "it", "de", "en", "ar", "fa", "ja", "zh-Hant", "th", "ko", "ur-IN"], count: 16, offset: 11)

    @Test("16 locales × 3 types × 3 widths × lists of 0–5 items: 0 mismatches, all compiled, the three context rules seen")
    func reducedSweep() {
        let verification = ListVerification(locales: Self.locales, maxLength: 5, randomListsPerLength: 10)
        let report = verification.run()
        print(
            "list sweep: \(report.formatters) formatters, \(report.compiledFormatters) compiled, rules \(report.contextRules), \(report.compared) lists compared, fallbacks \(report.fallbackFormatters), mismatches \(report.mismatchCount)"
        )
        #expect(Self.locales.count == 16)
        #expect(report.formatters == 16 * 9)
        #expect(report.mismatchCount == 0, "\(report.mismatches.joined(separator: "\n"))")
        // Every ICU 72 list pattern has the shape {0}…{1}…; most formatters compile.
        #expect(report.compiledFormatters * 10 >= report.formatters * 9)
        #expect(report.contextRules[ListContextRule.spanishE.rawValue, default: 0] >= 2)
        #expect(report.contextRules[ListContextRule.spanishU.rawValue, default: 0] >= 2)
        #expect(report.contextRules[ListContextRule.hebrewVavDash.rawValue, default: 0] >= 1)
        #expect(report.listsPerFormatter > 1_600)
        #expect(report.compared >= report.compiledFormatters * report.listsPerFormatter)
    }

    @Test("ListFormat joins with the compiled path; Spanish and Hebrew connectors follow the last item as ICU's do")
    func contextRules() throws {
        let spanish = try ICUListFormatter.cached(locale: "es", type: ListType.and.icu, width: ListWidth.wide.icu)
        #expect(spanish.compiled?.contextRule == .spanishE)
        let or = try ICUListFormatter.cached(locale: "es", type: ListType.or.icu, width: ListWidth.wide.icu)
        #expect(or.compiled?.contextRule == .spanishU)
        let hebrew = try ICUListFormatter.cached(locale: "he", type: ListType.and.icu, width: ListWidth.wide.icu)
        #expect(hebrew.compiled?.contextRule == .hebrewVavDash)
        let cases: [(ICUListFormatter, ListFormat, [String])] = [
            (spanish, try ListFormat(locale: "es"), ["Juan", "Isabel"]),
            (spanish, try ListFormat(locale: "es"), ["agua", "hielo", "hierro"]),
            (spanish, try ListFormat(locale: "es"), ["a", "b", "c", "Hilario"]),
            (or, try ListFormat(locale: "es", type: .or), ["siete", "ocho"]),
            (or, try ListFormat(locale: "es", type: .or), ["10", "11"]),
            (or, try ListFormat(locale: "es", type: .or), ["10", "11.000"]),
            (hebrew, try ListFormat(locale: "he"), ["\u{05D0}", "ABC"]),
            (hebrew, try ListFormat(locale: "he"), ["\u{05D0}", "\u{05D1}"]),
        ]
        for (icu, format, items) in cases {
            #expect(format.format(items) == (try icu.icuFormat(items)), "\(items)")
        }
        // What CLDR and ICU's rules say, independently of both implementations.
        #expect(try ListFormat(locale: "es").format(["Juan", "Isabel"]) == "Juan e Isabel")
        #expect(try ListFormat(locale: "es").format(["agua", "hierro"]) == "agua y hierro")
        #expect(try ListFormat(locale: "es", type: .or).format(["siete", "ocho"]) == "siete u ocho")
        #expect(try ListFormat(locale: "es", type: .or).format(["10", "11.000"]) == "10 o 11.000")
        #expect(try ListFormat(locale: "he").format(["\u{05D0}", "ABC"]) == "\u{05D0} \u{05D5}-ABC")
        #expect(try ListFormat(locale: "he").format(["\u{05D0}", "\u{05D1}"]) == "\u{05D0} \u{05D5}\u{05D1}")
        #expect(try ListFormat(locale: "de").format([]) == "")
        #expect(try ListFormat(locale: "de").format(["\u{E000}"]) == "\u{E000}")
        #expect(try ListFormat(locale: "de").format(["Äpfel", "Birnen", "Kirschen", "Pflaumen"]) == "Äpfel, Birnen, Kirschen und Pflaumen")
    }

    @Test("the Hebrew rule's ASCII shortcut: ICU gives no ASCII character the Hebrew script")
    func asciiIsNotHebrew() {
        for value in UInt32(0)..<128 {
            #expect(!ICUCharacterProperties.isHebrewScript(Unicode.Scalar(value)!))
        }
        #expect(ICUCharacterProperties.isHebrewScript("\u{05D0}"))
        #expect(ICUCharacterProperties.isHebrewScript("\u{FB1D}"))
    }

    /// The compiler's refusals, over list formats ICU 72 does not ship (so they are written
    /// here as CLDR-style patterns): it must not compile what it cannot reproduce.
    @Test("patterns that reorder the items or change by an unknown rule do not compile")
    func refusals() {
        // "{1} {0}": the items reversed.
        let reversed = ListCompiler.compile(language: "xx") { items in items.reversed().joined(separator: " ") }
        #expect(reversed.0 == nil)
        #expect(reversed.1 == .shape)
        // Text before {0}.
        let prefixed = ListCompiler.compile(language: "xx") { items in items.isEmpty ? "" : "(" + items.joined(separator: ", ") }
        #expect(prefixed.1 == .shape)
        // The Spanish y/e rule in a language ICU does not give it to.
        func spanishLike(_ items: [String]) -> String {
            guard items.count > 1 else { return items.first ?? "" }
            let last = items[items.count - 1]
            let connector = ListContextRule.spanishE.applies(to: last) ? " e " : " y "
            return items.dropLast().joined(separator: ", ") + connector + last
        }
        #expect(ListCompiler.compile(language: "pt", icuFormat: spanishLike).1 == .unknownRule)
        // The same rule where ICU gives it: compiled, and equal on every probe.
        let compiled = ListCompiler.compile(language: "es", icuFormat: spanishLike)
        #expect(compiled.0?.contextRule == .spanishE)
        // A rule on the first character that none of the known rules has (here: digits).
        func digitRule(_ items: [String]) -> String {
            guard items.count > 1 else { return items.first ?? "" }
            let last = items[items.count - 1]
            let connector = last.first?.isNumber == true ? " & " : " and "
            return items.dropLast().joined(separator: ", ") + connector + last
        }
        #expect(ListCompiler.compile(language: "en", icuFormat: digitRule).1 == .unverified)
    }
}
