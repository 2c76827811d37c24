import Parlance
import Testing

/// Accept-Language parsing and ICU LocaleMatcher negotiation.
@Suite("Locale: negotiation")
struct LocaleNegotiationTests {
    @Test(
        "Accept-Language: weights, stable order, q=0, * and malformed parts",
        arguments: [
            ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", ["fr-CH", "fr", "en", "de"]),
            ("da, en-GB;q=0.8, en;q=0.7", ["da", "en-GB", "en"]),
            ("en;q=0.5, de, fr;q=0.5", ["de", "en", "fr"]),
            ("de;q=0, en", ["en"]),
            ("de;q=0.000, en;q=1.000", ["en"]),
            ("**;q=abc, en", ["en"]),
            ("en;q=1.5, fr;q=-1, it;q=0.1234, es;q=.5, pt;q=0.5", ["pt"]),
            ("en;q, fr;q=, ja;Q=0.3, ko;q=0.2;q=0.1", ["ja"]),
            ("  en-US  ;  q=0.4 ,, ,\tfr", ["fr", "en-US"]),
            ("en;level=1;q=0.5, de;foo", ["en"]),
            ("", []),
            (",,,", []),
            ("*", []),
            ("en US, en\u{1}, ру, e, x", []),
        ])
    func acceptLanguage(header: String, expected: [String]) {
        #expect(AcceptLanguage(header).entries.map(\.range) == expected)
    }

    @Test("Accept-Language never crashes on hostile input")
    func hostile() {
        let long = String(repeating: "en-US;q=0.5,", count: 2000)
        #expect(AcceptLanguage(long).entries.count > 1000)
        let huge = String(repeating: "x", count: 100_000)
        #expect(AcceptLanguage(huge).entries.isEmpty)
        #expect(AcceptLanguage("\u{0};q=\u{0},\u{FFFF}").entries.isEmpty)
        #expect(AcceptLanguage("en;q=0.5").entries.first?.quality == 0.5)
    }

    @Test(
        "distance-based matching with ICU's defaults",
        arguments: [
            (["en-US", "en-GB", "fr", "pt-BR"], "en-AU", "en-GB"),
            (["en-US", "en-GB", "fr", "pt-BR"], "en-IN", "en-GB"),
            (["en-US", "en-GB", "fr", "pt-BR"], "pt-PT", "pt-BR"),
            (["en-US", "en-GB", "fr", "pt-BR"], "en", "en-US"),
            (["en-US", "en-GB", "fr", "pt-BR"], "fr-CA;q=0.9, en;q=0.1", "fr"),
            (["en-US", "en-GB", "fr", "pt-BR"], "ja", "en-US"),
            (["en-US", "en-GB", "fr", "pt-BR"], "", "en-US"),
            (["de", "zh-Hant", "zh-Hans"], "zh-TW", "zh-Hant"),
            (["de", "zh-Hant", "zh-Hans"], "zh-CN", "zh-Hans"),
            (["de", "nb"], "no", "nb"),
            (["de", "he"], "iw", "he"),
        ])
    func negotiate(available: [String], header: String, expected: String) throws {
        let matcher = try LocaleMatcher(supported: available)
        let match = matcher.bestMatch(acceptLanguage: header)
        #expect(available[match.index] == expected)
        #expect(match.isDefault == (header == "" || header == "ja"))
    }

    @Test("empty supported list and ill-formed ids are typed errors")
    func errors() {
        #expect(throws: ParlanceError.self) { try LocaleMatcher(supported: [LocaleID]()) }
        do {
            _ = try LocaleMatcher(supported: ["en", "not a locale"])
            Issue.record("expected an error")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidLocale)
        } catch {
            Issue.record("not a ParlanceError: \(error)")
        }
    }
}
