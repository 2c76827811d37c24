import Parlance
import Testing

/// Well-formedness, subtags, keywords, likely subtags and fallback examples of LocaleID.
@Suite("Locale: identifiers")
struct LocaleIDTests {
    @Test(
        "well-formed ids, BCP 47 and ICU, any case, - or _",
        arguments: [
            ("en", "en", "en"),
            ("EN-us", "en_US", "en-US"),
            ("sr_latn_rs", "sr_Latn_RS", "sr-Latn-RS"),
            ("sr-Latn-RS", "sr_Latn_RS", "sr-Latn-RS"),
            ("es-419", "es_419", "es-419"),
            ("ca-ES-valencia", "ca_ES_VALENCIA", "ca-ES-valencia"),
            ("ja-JP-u-ca-japanese", "ja_JP@calendar=japanese", "ja-JP-u-ca-japanese"),
            ("ja_JP@calendar=japanese", "ja_JP@calendar=japanese", "ja-JP-u-ca-japanese"),
            ("und", "", "und"),
            ("root", "", "und"),
            ("xx", "xx", "xx"),
            ("en-ZZ", "en_ZZ", "en-ZZ"),
            ("x-private", "@x=private", "und-x-private"),
            ("@x=private", "@x=private", "und-x-private"),
            ("@calendar=gregorian", "@calendar=gregorian", "und-u-ca-gregory"),
        ])
    func wellFormed(input: String, identifier: String, tag: String) throws {
        let locale = try LocaleID(input)
        #expect(locale.identifier == identifier)
        #expect(locale.languageTag == tag)
    }

    static let tenKilobytes = String(repeating: "a", count: 10 * 1024)
    static let tenKilobyteTag = "en" + String(repeating: "-abcdefgh", count: 1100)

    @Test(
        "ill-formed ids throw invalid-locale, never crash",
        arguments: [
            "", " ", "en US", "e", "english-language-tag-that-is-long", "en--US", "en-", "-en", "en_US@", "en@calendar",
            "**;q=abc", "en\u{0}US", "en\nUS", "en\u{7F}", "ру", "en-US-u", "1234", tenKilobytes, tenKilobyteTag,
            "en-a-b-c", "en_US_POSIX_@x",
            // ICU 72 has no BCP 47 form for PHONEBOOK (its tag would be plain "de")
            "de__PHONEBOOK",
        ])
    func illFormed(input: String) {
        #expect(throws: ParlanceError.self) { try LocaleID(input) }
        do {
            _ = try LocaleID(input)
        } catch let error as ParlanceError {
            #expect(error.code == .invalidLocale)
            #expect(error.message.hasPrefix(#"""# + String(input.prefix(1))), "the message quotes the input: \(error.message)")
            #expect(error.message.count < 400, "messages quote input briefly")
        } catch {
            Issue.record("not a ParlanceError: \(error)")
        }
    }

    @Test("subtags and keywords")
    func subtags() throws {
        let locale = LocaleID("sr-Latn-RS")
        #expect(locale.language == "sr")
        #expect(locale.script == "Latn")
        #expect(locale.region == "RS")
        #expect(locale.variants.isEmpty)
        #expect(LocaleID("ca-ES-valencia").variants == ["valencia"])
        #expect(LocaleID.root.language == "und")
        #expect(LocaleID.root.script == nil)
        let keyed = LocaleID("th-TH-u-ca-buddhist-nu-thai-hc-h11")
        #expect(keyed.calendar == "buddhist")
        #expect(keyed.numberingSystem == "thai")
        #expect(keyed.hourCycle == .h11)
        #expect(keyed.keywords == ["calendar": "buddhist", "numbers": "thai", "hours": "h11"])
        #expect(keyed.baseLocale.languageTag == "th-TH")
        #expect(LocaleID("en-u-ca-gregory").calendar == "gregorian")
        #expect(LocaleID("en").calendar == nil)
        #expect(LocaleID("en").hourCycle == nil)
    }

    @Test(
        "canonicalization of deprecated codes",
        arguments: [
            ("iw", "he"), ("in", "id"), ("ji", "yi"), ("jw", "jv"), ("mo", "ro"), ("tl", "fil"), ("sh", "sr-Latn"),
            ("iw-IL", "he-IL"), ("art-lojban", "jbo"), ("zh-guoyu", "zh"), ("en-US", "en-US"), ("no", "no"),
        ])
    func canonical(input: String, expected: String) throws {
        #expect(try LocaleID(input).canonicalized.languageTag == expected)
    }

    @Test(
        "maximize and minimize",
        arguments: [
            ("zh-TW", "zh-Hant-TW", "zh-TW"), ("zh", "zh-Hans-CN", "zh"), ("sr", "sr-Cyrl-RS", "sr"),
            ("uz-Arab", "uz-Arab-AF", "uz-AF"), ("en-Latn-US", "en-Latn-US", "en"), ("und", "en-Latn-US", "en"),
            ("pa-PK", "pa-Arab-PK", "pa-PK"), ("xx", "xx", "xx"),
        ])
    func likely(input: String, maximized: String, minimized: String) throws {
        let locale = try LocaleID(input)
        #expect(locale.maximized.languageTag == maximized)
        #expect(locale.minimized.languageTag == minimized)
    }

    @Test(
        "fallback chains",
        arguments: [
            ("sr-Latn-RS", LocaleID.FallbackRules.truncation, ["sr-Latn-RS", "sr-Latn", "sr", "und"]),
            ("sr-Latn-RS", .cldr, ["sr-Latn-RS", "sr-Latn", "und"]),
            ("en-IN", .cldr, ["en-IN", "en-001", "en", "und"]),
            ("en-IN", .truncation, ["en-IN", "en", "und"]),
            ("pt-MZ", .cldr, ["pt-MZ", "pt-PT", "pt", "und"]),
            ("zh-Hant-HK", .cldr, ["zh-Hant-HK", "zh-Hant", "und"]),
            ("zh-TW", .cldr, ["zh-TW", "zh-Hant-TW", "zh-Hant", "und"]),
            ("zh-CN", .cldr, ["zh-CN", "zh", "und"]),
            ("es-AR", .cldr, ["es-AR", "es-419", "es", "und"]),
            ("en-AT", .cldr, ["en-AT", "en-150", "en-001", "en", "und"]),
            ("ja-JP-u-ca-japanese", .cldr, ["ja-JP", "ja", "und"]),
            ("iw-IL", .cldr, ["he-IL", "he", "und"]),
            // Regression (outside testing): "iw" gave he → he → und.
            ("iw", .cldr, ["he", "und"]),
            ("iw", .catalog, ["he", "und"]),
            ("ca-ES-valencia", .cldr, ["ca-ES-valencia", "ca-ES", "ca", "und"]),
            ("ja-Latn", .cldr, ["ja-Latn", "und"]),
            ("sr-Cyrl", .cldr, ["sr-Cyrl", "sr", "und"]),
            ("und", .cldr, ["und"]),
            ("xx-YY", .cldr, ["xx-YY", "xx", "und"]),
        ])
    func chains(input: String, rules: LocaleID.FallbackRules, expected: [String]) throws {
        #expect(try LocaleID(input).fallbackChain(rules: rules).map(\.languageTag) == expected)
    }

    @Test("iw-IL continues with its canonical form")
    func deprecatedChain() throws {
        let chain = LocaleID("iw-IL").fallbackChain.map(\.identifier)
        #expect(chain == ["he_IL", "he", ""], "\(chain)")
    }

    @Test("availableLocales are all valid and round-trip")
    func available() throws {
        let all = LocaleID.availableLocales
        #expect(all.count > 700)
        for locale in all {
            #expect(try LocaleID(locale.identifier) == locale)
        }
    }
}
