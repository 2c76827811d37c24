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

    /// ICU falls back to the codes for a locale it cannot name; every locale ICU ships data
    /// for has a real name in English (CLDR's English names cover every shipped language).
    @Test("every ICU locale has a real name in English, starting with its language's name")
    func allNames() throws {
        let english = LocaleID("en")
        for locale in LocaleID.availableLocales where !locale.isRoot {
            let name = locale.displayName(in: english)
            let language = LocaleID.root.displayName(in: english) == name ? name : LocaleID(stringLiteral: locale.language).displayName(in: english)
            #expect(name != locale.languageTag && name != locale.identifier, "\(locale): \(name)")
            #expect(name.hasPrefix(language), "\(locale): \(name) does not start with \(language)")
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
