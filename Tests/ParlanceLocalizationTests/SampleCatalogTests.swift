import Foundation
import Testing

@testable import Parlance
@testable import ParlanceLocalization

/// The sample catalog written to disk once per process, as Xcode writes it.
enum SampleFixture {
    static let directory: String = {
        // The repository's example catalog, never modified by the tests.
        ExampleCatalog.directory
    }()
    static let catalog: Catalog = try! Catalog(directory: directory)
}

@Suite("Catalog: real Apple-format files")
struct SampleCatalogTests {
    let catalog = SampleFixture.catalog

    @Test("the .strings files are UTF-16 with a byte order mark, as Xcode writes them")
    func utf16OnDisk() throws {
        let en = try Data(contentsOf: URL(fileURLWithPath: SampleFixture.directory + "/en.lproj/Localizable.strings"))
        #expect(Array(en.prefix(2)) == [0xFF, 0xFE])
        let fr = try Data(contentsOf: URL(fileURLWithPath: SampleFixture.directory + "/fr.lproj/Localizable.strings"))
        #expect(Array(fr.prefix(2)) == [0xFE, 0xFF])
        let file = try StringsFile(contentsOf: SampleFixture.directory + "/en.lproj/Localizable.strings")
        #expect(file.entries["escapes"] == "Café \"quoted\"\n\\ tab\there")
        #expect(file.entries["only_en"] == "English_only")
        #expect(file.keys.first == "total_odds")
    }

    @Test("tables, languages and the development language")
    func structure() {
        #expect(catalog.tableNames == ["Localizable", "Shop"])
        #expect(catalog.developmentLanguage.identifier == "en")
        #expect(catalog.locales.map(\.identifier) == ["ar", "cy", "en", "fr", "ga", "pl", "ru"])
        #expect(catalog.keys(table: "Shop").contains("Welcome to the shop"))
    }

    // Every CLDR category of ru, ar, pl, cy, ga, with the sample catalog's texts.
    @Test(
        "stringsdict plural variants by CLDR category",
        arguments: [
            ("en", Int64(0), "No items"), ("en", 1, "1 item"), ("en", 2, "2 items"), ("en", 5, "5 items"),
            ("en", 21, "21 items"), ("en", 101, "101 items"), ("en", 1000, "1,000 items"),
            ("ru", 0, "Нет элементов"), ("ru", 1, "1 элемент"), ("ru", 2, "2 элемента"), ("ru", 5, "5 элементов"),
            ("ru", 21, "21 элемент"), ("ru", 101, "101 элемент"), ("ru", 11, "11 элементов"), ("ru", 22, "22 элемента"),
            ("ru", 1000, "1\u{00A0}000 элементов"),
            ("ar", 0, "لا عناصر"), ("ar", 1, "عنصر واحد"), ("ar", 2, "عنصران"), ("ar", 5, "٥ عناصر"),
            ("ar", 21, "٢١ عنصرًا"), ("ar", 101, "١٠١ عنصر"), ("ar", 11, "١١ عنصرًا"),
            ("pl", 0, "0 elementów"), ("pl", 1, "1 element"), ("pl", 2, "2 elementy"), ("pl", 5, "5 elementów"),
            ("pl", 21, "21 elementów"), ("pl", 22, "22 elementy"), ("pl", 101, "101 elementów"),
            ("cy", 0, "0 eitemau (zero)"), ("cy", 1, "1 eitem (one)"), ("cy", 2, "2 eitem (two)"), ("cy", 3, "3 eitem (few)"),
            ("cy", 6, "6 eitem (many)"), ("cy", 5, "5 eitem (other)"), ("cy", 21, "21 eitem (other)"),
            ("ga", 1, "1 mhír (one)"), ("ga", 2, "2 mhír (two)"), ("ga", 5, "5 mhír (few)"), ("ga", 7, "7 mír (many)"),
            ("ga", 11, "11 mír (other)"), ("ga", 0, "0 mír (other)"), ("ga", 101, "101 mír (other)"),
        ])
    func plurals(locale: String, count: Int64, expected: String) throws {
        #expect(try catalog.localizedString("items.count", locale: LocaleID(locale), arguments: [LocalizationArgument.int(count)]) == expected)
        // The category really is the one CLDR gives (not a coincidence of the sample texts).
        let rules = try PluralRules(locale: LocaleID(locale))
        if count != 0 || !["en", "ru", "ar", "cy"].contains(locale) {
            let category = rules.category(for: count)
            if ["cy", "ga"].contains(locale) { #expect(expected.hasSuffix("(\(category.keyword))")) }
        }
    }

    @Test("fraction values: visible fraction digits as formatted")
    func fractions() throws {
        // 1.5 in ru is `other`; the sample's ru other is "%d элементов" but %d cannot take 1.5:
        // a float through an integer value type is a typed error, never garbage.
        #expect(throws: ParlanceError.self) { try catalog.localizedString("items.count", locale: "ru", arguments: [1.5]) }
        // A .1f value type: 1 formats as "1.0", which is `other` in English.
        #expect(try catalog.localizedString("distance.km", locale: "en", arguments: [1]) == "1.0 kilometres")
        #expect(try catalog.localizedString("distance.km", locale: "en", arguments: [1.5]) == "1.5 kilometres")
        #expect(try catalog.localizedString("distance.km", locale: "en", arguments: [LocalizationArgument.decimal("21")]) == "21.0 kilometres")
        // Decimal arguments keep their visible digits for the plural category.
        let format = PluralFormat(format: "%#@n@", variables: ["n": .init(valueType: "@", variants: [.one: "one:%@", .other: "other:%@"])])
        #expect(try format.format(language: "en", locale: "en", arguments: [LocalizationArgument.decimal("1")]) == "one:1")
        #expect(try format.format(language: "en", locale: "en", arguments: [LocalizationArgument.decimal("1.0")]) == "other:1.0")
        #expect(try format.format(language: "ru", locale: "ru", arguments: [LocalizationArgument.decimal("1.5")]) == "other:1.5")
        #expect(try format.format(language: "ru", locale: "ru", arguments: [LocalizationArgument.double(21)]) == "one:21")
    }

    @Test(
        "positional and several variables (the sample catalog's examples)",
        arguments: [
            ("user.photos.count", [LocalizationArgument.string("Ada"), 0], "Ada has no photos"),
            ("user.photos.count", ["Ada", 1], "Ada has 1 photo"),
            ("user.photos.count", ["Ada", 1234], "Ada has 1,234 photos"),
            ("files.in.folders", [3, 1], "3 files in 1 folder"),
            ("files.in.folders", [1, 2], "1 file in 2 folders"),
            ("time.ago.minutes", [1], "1 minute ago"),
            ("time.ago.minutes", [45], "45 minutes ago"),
        ])
    func seedEntries(key: String, arguments: [LocalizationArgument], expected: String) throws {
        #expect(try catalog.localizedString(key, locale: "en", arguments: arguments) == expected)
    }

    @Test("fallback chain, .stringsdict over .strings, missing keys")
    func lookup() throws {
        // ru has items.count in both files: the .stringsdict wins.
        #expect(try catalog.localizedString("items.count", locale: "ru", arguments: [5]) == "5 элементов")
        // ru-RU and ru_ua fall back to ru; sr-Latn-RS falls back to en.
        #expect(try catalog.localizedString("total_odds", locale: "ru-RU") == "Общий коэффициент")
        #expect(try catalog.localizedString("total_odds", locale: "ru_ua") == "Общий коэффициент")
        #expect(try catalog.localizedString("total_odds", locale: "sr-Latn-RS") == "Total Odds")
        #expect(try catalog.localizedString("bet_amount", locale: "ru") == "Bet Amount")
        #expect(try catalog.localizedString("bet_amount", locale: "fr-CA") == "Mise")
        // Plural rules are those of the language the value came from: pl has no user.photos.count,
        // so en's text and en's rules are used, with pl digits and separators.
        #expect(try catalog.localizedString("user.photos.count", locale: "pl", arguments: ["Ola", 2]) == "Ola has 2 photos")
        #expect(catalog.entry(forKey: "user.photos.count", locale: LocaleID("pl"))?.language.identifier == "en")
        // Missing: UI style returns the key; the throwing lookup says missing-key.
        #expect(catalog.string("nope", locale: "ru") == "nope")
        #expect(catalog.entry(forKey: "nope", locale: LocaleID("ru")) == nil)
        let error = try #require(throws: ParlanceError.self) { try catalog.localizedString("nope", locale: "ru") }
        #expect(error.code == .missingKey)
        let table = try #require(throws: ParlanceError.self) { try catalog.localizedString("total_odds", table: "Nope", locale: "ru") }
        #expect(table.code == .missingKey)
        // Values are always formats: %% → %.
        #expect(
            try catalog.localizedString("download.progress", locale: "ru", arguments: ["a.pdf", 42.25, 1536])
                == "a.pdf: 42,2% из 1\u{00A0}536 МБ")
    }

    @Test("String Catalog: plural and device variations, substitutions, source keys")
    func xcstrings() throws {
        #expect(try catalog.localizedString("cart.items", table: "Shop", locale: "en", arguments: [1]) == "1 item in your cart")
        #expect(try catalog.localizedString("cart.items", table: "Shop", locale: "pl", arguments: [22]) == "22 produkty w koszyku")
        #expect(try catalog.localizedString("cart.items", table: "Shop", locale: "pl", arguments: [25]) == "25 produktów w koszyku")
        #expect(try catalog.localizedString("cart.items", table: "Shop", locale: "ru", arguments: [101]) == "101 товар в корзине")
        #expect(try catalog.localizedString("cart.summary", table: "Shop", locale: "en", arguments: [1, 2]) == "1 item for 2 people")
        #expect(try catalog.localizedString("cart.summary", table: "Shop", locale: "ru", arguments: [5, 21]) == "5 товаров на 21 человека")
        #expect(try catalog.localizedString("checkout.title", table: "Shop", locale: "en") == "Pay now")
        let mac = try Catalog(directory: SampleFixture.directory, device: "mac")
        #expect(try mac.localizedString("checkout.title", table: "Shop", locale: "en") == "Click to pay")
        #expect(try mac.localizedString("checkout.title", table: "Shop", locale: "fr") == "Payer maintenant")
        // A key without a source-language localization means the key itself in the source language.
        #expect(try catalog.localizedString("Welcome to the shop", table: "Shop", locale: "de") == "Welcome to the shop")
        #expect(try catalog.localizedString("Welcome to the shop", table: "Shop", locale: "fr") == "Bienvenue dans la boutique")
        let file = try StringCatalogFile(contentsOf: SampleFixture.directory + "/Shop.xcstrings")
        #expect(file.sourceLanguage == "en")
        #expect(file.keys == ["cart.items", "checkout.title", "cart.summary", "Welcome to the shop"])
    }

    @Test("an explicit development language wins over sourceLanguage")
    func developmentLanguage() throws {
        let ru = try Catalog(directory: SampleFixture.directory, developmentLanguage: "ru")
        #expect(ru.developmentLanguage.identifier == "ru")
        #expect(try ru.localizedString("total_odds", locale: "de") == "Общий коэффициент")
    }

    @Test("the fallback chain truncates, then the development language, then Base")
    func chain() throws {
        let catalog = try Catalog(directory: SampleFixture.directory)
        let runtime = CatalogRuntime(model: catalog.model, developmentLanguage: LocaleID("en"), device: "other")
        let keys = runtime.fallbackKeys(table: (catalog.model.tables["Localizable"] ?? [:]).mapValues(\.language), locale: LocaleID("sr-Latn-RS"))
        #expect(keys == ["sr_latn_rs", "sr_latn", "sr", "en", "\u{0}base"])
    }
}
