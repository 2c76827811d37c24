import Parlance
import Testing

@Suite("Locale: catalog fallback rules")
struct LocaleCatalogFallbackTests {
    @Test(
        "CLDR parents where CLDR names one, truncation across scripts",
        arguments: [
            ("sr-Latn-RS", ["sr-Latn-RS", "sr-Latn", "sr", "und"]),
            ("en-IN", ["en-IN", "en-001", "en", "und"]),
            ("pt-MZ", ["pt-MZ", "pt-PT", "pt", "und"]),
            ("zh-TW", ["zh-TW", "zh-Hant-TW", "zh-Hant", "zh", "und"]),
            ("es-AR", ["es-AR", "es-419", "es", "und"]),
            ("de-CH", ["de-CH", "de", "und"]),
            ("fr", ["fr", "und"]),
        ])
    func chains(_ id: String, _ expected: [String]) throws {
        #expect(try LocaleID(id).fallbackChain(rules: .catalog).map(\.languageTag) == expected)
    }

    @Test("every ICU locale: starts at itself, ends at root, no repeats")
    func sweep() {
        for locale in LocaleID.availableLocales {
            let chain = locale.fallbackChain(rules: .catalog)
            #expect(chain.first?.identifier == locale.baseLocale.identifier)
            #expect(chain.last?.isRoot == true)
            #expect(Set(chain.map(\.identifier)).count == chain.count, "\(locale): \(chain)")
        }
    }
}
