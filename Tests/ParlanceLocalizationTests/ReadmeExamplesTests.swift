import Foundation
import Parlance
import ParlanceLocalization
import Testing

/// The Swift examples of ParlanceLocalization's guides (CatalogsAndLanguageManager and the
/// getting-started articles), run as written: if one of these changes, the guide must too.
@Suite("Guide examples (ParlanceLocalization)")
struct ReadmeExamplesTests {
    @Test func plurals() throws {
        let ru = try PluralRules(locale: "ru")
        #expect(ru.category(for: 21) == .one)
        #expect(ru.category(for: 5) == .many)
        #expect(try ru.category(for: "1.5") == .other)
        let en = try PluralRules(locale: "en")
        #expect(try en.category(for: "1") == .one)
        #expect(try en.category(for: "1.0") == .other)
        #expect(try PluralRules(locale: "en", type: .ordinal).category(for: 23) == .few)
        #expect(try PluralRules(locale: "ar").categories == [.zero, .one, .two, .few, .many, .other])
    }

    @Test func formatting() throws {
        #expect(try NumberFormat(locale: "de", options: .currency("EUR")).format(1234.5) == "1.234,50\u{A0}€")
        #expect(try NumberFormat(locale: "hi-IN", skeleton: "").format(1234567) == "12,34,567")
        #expect(try NumberFormat(locale: "en", skeleton: "compact-short").format(1234) == "1.2K")
        #expect(
            try NumberFormat(locale: "fr", skeleton: "").format(decimal: "12345678901234567890.5")
                == "12\u{202F}345\u{202F}678\u{202F}901\u{202F}234\u{202F}567\u{202F}890,5")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(try DateFormat(locale: "en-US", skeleton: "yMMMd", timeZone: "America/New_York").format(date) == "Nov 14, 2023")
        #expect(try DateFormat(locale: "ja-JP-u-ca-japanese", skeleton: "GyMMMd").format(date) == "令和5年11月14日")
        #expect(try RelativeTimeFormat(locale: "fr", numeric: .auto).format(-1, .day) == "hier")
        #expect(try ListFormat(locale: "es").format(["a", "b", "c"]) == "a, b y c")
        let de = Formatters(locale: "de")
        #expect(Int64(1_500_000).formatted(de.byteCount()) == "1,5 MB")
        let error = #expect(throws: ParlanceError.self) { try DateFormat(locale: "en", skeleton: "yMd", timeZone: "Mars/Olympus") }
        #expect(error?.code == .invalidTimeZone)
    }

    @Test func locales() throws {
        #expect(LocaleID("SR_latn_rs").languageTag == "sr-Latn-RS")
        #expect(LocaleID("zh-TW").maximized.languageTag == "zh-Hant-TW")
        #expect(LocaleID("en-IN").fallbackChain.map(\.languageTag) == ["en-IN", "en-001", "en", "und"])
        #expect(LocaleID("ar").nativeDisplayName == "العربية")
        #expect(LocaleID("zh-Hant-TW").displayName(in: LocaleID("fr")) == "chinois (traditionnel, Taïwan)")
        let matcher = try LocaleMatcher(supported: ["en-US", "en-GB", "pt-BR"])
        #expect(matcher.bestMatch(acceptLanguage: "en-AU, pt;q=0.5").locale.languageTag == "en-GB")
        #expect(LocaleID("he").characterDirection == .rightToLeft)
        #expect(Bidi.baseDirection(of: "123 שלום") == .rightToLeft)
        #expect(Bidi.isolate("+1 555-0100", as: .leftToRight) == "\u{2066}+1 555-0100\u{2069}")
    }

    @Test func catalogsAndTheLanguageManager() async throws {
        let directory = try ExampleCatalog.copy()  // Tests/SampleCatalog: en, fr, ru, ar, pl, cy, ga
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory, developmentLanguage: "en")
        #expect(try catalog.localizedString("items.count", locale: "ru", arguments: [21]) == "21 элемент")
        #expect(try catalog.localizedString("items.count", locale: "ru", arguments: [1000]) == "1\u{A0}000 элементов")
        #expect(catalog.string("no.such.key", locale: "ru") == "no.such.key")

        let manager = LanguageManager(catalog: catalog, store: MemoryLanguagePreferenceStore(), environment: ["LANG": "fr_FR.UTF-8"])
        #expect(manager.effectiveLocale.languageTag == "fr")
        try manager.setLanguage("ar")
        #expect(manager.direction == .rightToLeft)
        let perRequest = try manager.withLanguage(acceptLanguage: "ru-RU, en;q=0.5") {
            try manager.localizedString("items.count", arguments: [3])
        }
        #expect(perRequest == "3 элемента")
        #expect(manager.effectiveLocale.languageTag == "ar")
    }

    /// The catalog guide (CatalogsAndLanguageManager.md).
    @Test func catalogSectionForTheLead() throws {
        let catalog = try Catalog(directory: ExampleCatalog.directory, developmentLanguage: "en")
        let count = 21
        #expect(try catalog.localizedString("items.count", locale: "ru", arguments: [count]) == "21 элемент")
        #expect(try catalog.localizedString("items.count", locale: "ru", arguments: [1000]) == "1\u{A0}000 элементов")
        #expect(catalog.string("no.such.key", locale: "ru") == "no.such.key")
        #expect(try catalog.lookup("items.count", locale: LocaleID("ja"), arguments: [2]).locale.identifier == "en")
    }
}
