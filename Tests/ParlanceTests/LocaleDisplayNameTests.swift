import Testing

@testable import Parlance

/// Display names against CLDR's localeDisplayName.txt and the protocol's example.
@Suite("Locale: display names")
struct LocaleDisplayNameTests {
    @Test("protocol and issue examples")
    func examples() throws {
        #expect(LocaleID("zh-Hant-TW").displayName(in: LocaleID("fr")) == "chinois (traditionnel, Taïwan)")
        #expect(LocaleID("ar").nativeDisplayName == "العربية")
        #expect(LocaleID("es").nativeDisplayName == "Español")
        #expect(LocaleID("ja").nativeDisplayName == "日本語")
        #expect(LocaleID("en-GB").displayName(in: LocaleID("en"), dialect: true) == "British English")
        #expect(LocaleID("en-GB").displayName(in: LocaleID("en")) == "English (United Kingdom)")
        #expect(LocaleID("xx").displayName(in: LocaleID("en")) == "xx")
    }

    @Test("every ICU locale has a non-empty name in itself and in English")
    func allNames() throws {
        let english = LocaleID("en")
        for locale in LocaleID.availableLocales {
            #expect(!locale.nativeDisplayName.isEmpty)
            #expect(!locale.displayName(in: english).isEmpty)
        }
    }

    /// CLDR's localeDisplayName.txt (@locale=en, @compound=false) vs ICU's standard names.
    @Test("localeDisplayName.txt vs ICU")
    func cldrTestData() throws {
        var differences: Set<FoundDifference> = []
        for row in LocaleFixtures.shared.displayNames {
            let display = try LocaleID(row.displayLocale)
            let locale = try LocaleID(row.locale)
            let actual = locale.displayName(in: display, dialect: row.compound)
            if actual != row.name {
                differences.insert(FoundDifference(key: row.locale, cldr41: row.name, icu72: actual))
            }
        }
        let known = LocaleFixtures.known.displayNames.found
        #expect(
            differences == known,
            "new: \(differences.subtracting(known).sorted { $0.key < $1.key }) gone: \(known.subtracting(differences).sorted { $0.key < $1.key })")
    }
}
