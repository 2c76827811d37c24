import Parlance
import Testing

/// Regressions from outside testing: every id the library produces parses again; the unknown
/// language is named as ICU's own tests name it; ICU ids with short variants are well-formed.
@Suite("Locale: regressions from outside testing")
struct LocaleRegressionTests {
    /// Expected strings from ICU's own test suite (icu4c/source/test/intltest/loctest.cpp and
    /// cintltst/cloctst.c, "Unknown language"/"lengua desconocida"/"langue indéterminée").
    @Test(
        "und and root are the unknown language, not \"root\"",
        arguments: [
            ("und-HR", "en", "Unknown language (Croatia)"),
            ("und-HR", "es", "lengua desconocida (Croacia)"),
            ("und-HR", "fr", "langue indéterminée (Croatie)"),
            ("und", "en", "Unknown language"),
            ("root", "fr", "langue indéterminée"),
            ("und-Latn", "en", "Unknown language (Latin)"),
        ])
    func unknownLanguage(id: String, language: String, expected: String) throws {
        #expect(try LocaleID(id).displayName(in: LocaleID(language)) == expected)
    }

    @Test("capitalization contexts apply to the unknown language too")
    func unknownCapitalized() throws {
        let name = LocaleID("und-HR").displayName(in: LocaleID("es"), capitalization: .beginningOfSentence)
        #expect(name == "Lengua desconocida (Croacia)")
    }

    @Test(
        "ICU ids with short variants after a region are well-formed",
        arguments: [
            ("no_NO_NY", "no_NO_NY", "no-NO-x-lvariant-ny"),
            ("no_NO_B", "no_NO_B", "no-NO-x-lvariant-b"),
            ("_Latn", "_Latn", "und-Latn"),
            ("_HR", "_HR", "und-HR"),
        ])
    func shortVariants(input: String, identifier: String, tag: String) throws {
        let locale = try LocaleID(input)
        #expect(locale.identifier == identifier)
        #expect(locale.languageTag == tag)
    }

    @Test("stray short pieces stay ill-formed", arguments: ["en_a", "_", "__HR_", "_x", "en__"])
    func stillIllFormed(_ input: String) {
        #expect(throws: ParlanceError.self) { try LocaleID(input) }
    }

    /// Every id the library hands out — parsed, maximized, minimized, canonical, parents and
    /// chains of every ICU locale and of the unknown-language ids — parses back to itself.
    @Test("every produced id re-parses")
    func reparse() throws {
        let extra = try ["und-Latn", "und-HR", "und-Latn-HR", "iw", "no_NO_NY", "sh", "zh-TW", "und-Cyrl-RS"].map { try LocaleID($0) }
        var produced: [LocaleID] = []
        for locale in LocaleID.availableLocales + extra {
            produced += [locale, locale.maximized, locale.minimized, locale.canonicalized]
            for rules in LocaleID.FallbackRules.allCases { produced += locale.fallbackChain(rules: rules) }
        }
        var failures: [String] = []
        for locale in produced {
            let byIdentifier = try? LocaleID(locale.identifier.isEmpty ? "root" : locale.identifier)
            let byTag = try? LocaleID(locale.languageTag)
            if byIdentifier?.languageTag != locale.languageTag || byTag?.languageTag != locale.languageTag {
                failures.append("\(locale.identifier) / \(locale.languageTag)")
            }
        }
        #expect(failures.isEmpty, "\(Set(failures).sorted().prefix(20))")
        #expect(LocaleID("und-Latn").identifier == "_Latn")
        #expect(try LocaleID(LocaleID("und-Latn").identifier).languageTag == "und-Latn")
    }

    @Test("fallback chains have no duplicate", arguments: ["iw", "iw-IL", "in", "ji", "no-BOK", "sh"])
    func noDuplicates(_ id: String) throws {
        for rules in LocaleID.FallbackRules.allCases {
            let tags = try LocaleID(id).fallbackChain(rules: rules).map(\.languageTag)
            #expect(Set(tags).count == tags.count, "\(id) \(rules): \(tags)")
        }
        #expect(LocaleID("iw").fallbackChain.map(\.languageTag) == ["he", "und"])
    }
}
