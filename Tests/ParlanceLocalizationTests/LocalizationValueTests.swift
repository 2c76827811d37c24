import Foundation
import ParlanceLocalization
import Testing

/// `String(localized:)` on Linux against `Fixtures/Interpolation/Localizable.xcstrings`, a String
/// Catalog in the layout Xcode writes when it extracts `String(localized:)` calls (keys in Apple's
/// key form, `%lld`/`%lf`/`%@`, positional arguments in the translations, plural variations,
/// source-language entries left implicit).
@Suite struct LocalizationValueTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Interpolation").path

    /// One manager for every test, bound to `KeyBinding.main` (process-wide; `withLanguage`
    /// applies to the manager it is called on).
    static let shared = Result(catching: { () throws -> LanguageManager in
        let manager = LanguageManager(catalog: try Catalog(directory: directory), environment: [:])
        KeyBinding.main.bind(manager)
        return manager
    })

    static func manager() throws -> LanguageManager { try shared.get() }

    @Test func interpolationsBuildAppleKeys() {
        let name = "Ada"
        let count = 3
        let size = 2.5
        let small: Int32 = 7
        let unsigned: UInt = 9
        let float: Float = 1.5
        struct Tag: CustomStringConvertible { var description: String { "fr" } }
        let subject = Tag()
        #expect(LocalizationValue("greeting.message \(name)").key == "greeting.message %@")
        #expect(LocalizationValue("\(name) sent \(count) photos").key == "%@ sent %lld photos")
        #expect(LocalizationValue("Downloaded \(size) MB").key == "Downloaded %lf MB")
        #expect(LocalizationValue("\(small) \(unsigned) \(float) \(subject)").key == "%d %llu %f %@")
        #expect(LocalizationValue("Progress: \(count)% done").key == "Progress: %lld%% done")
        #expect(LocalizationValue("Welcome").key == "Welcome")
        #expect(LocalizationValue("Welcome").arguments.isEmpty)
        let value: LocalizationValue = "\(name) sent \(count) photos"
        #expect(value.arguments == [.string("Ada"), .int(3)])
        #expect(LocalizationValue("\(small) \(unsigned) \(float) \(subject)").arguments == [.int(7), .int(9), .double(1.5), .string("fr")])
    }

    @Test func stringLocalizedLooksUpTheCurrentLanguage() throws {
        let manager = try Self.manager()
        let name = "Ada"
        #expect(try manager.withLanguage("en") { String(localized: "greeting.message \(name)", manager: manager) } == "Hello, Ada!")
        #expect(try manager.withLanguage("fr") { String(localized: "greeting.message \(name)", manager: manager) } == "Bonjour, Ada !")
        #expect(try manager.withLanguage("ru") { String(localized: "greeting.message \(name)", manager: manager) } == "Привет, Ada!")
        // No German translation: the development language's.
        #expect(try manager.withLanguage("de") { String(localized: "greeting.message \(name)", manager: manager) } == "Hello, Ada!")
    }

    @Test func pluralVariationsAndPositionalArguments() throws {
        let manager = try Self.manager()
        func cart(_ count: Int, _ language: String) throws -> String {
            try manager.withLanguage(language) { String(localized: "\(count) items in cart", manager: manager) }
        }
        #expect(try cart(1, "en") == "1 item in cart")
        #expect(try cart(4, "en") == "4 items in cart")
        #expect(try cart(1, "ru") == "1 товар в корзине")
        #expect(try cart(3, "ru") == "3 товара в корзине")
        #expect(try cart(5, "ru") == "5 товаров в корзине")
        #expect(try cart(21, "ru") == "21 товар в корзине")
        #expect(try cart(2, "ar") == "عنصران في السلة")
        #expect(try cart(3, "ar") == "٣ عناصر في السلة")
        #expect(try cart(11, "ar") == "١١ عنصرًا في السلة")
        let who = "Ada"
        #expect(try manager.withLanguage("ru") { String(localized: "\(who) sent \(2) photos", manager: manager) } == "Ada отправил 2 фотографии")
        #expect(try manager.withLanguage("en") { String(localized: "\(who) sent \(1) photos", manager: manager) } == "Ada sent 1 photo")
    }

    @Test func implicitSourceValuesDoublesAndPercents() throws {
        let manager = try Self.manager()
        // Keys with no English localization: the key is the English value.
        #expect(try manager.withLanguage("en") { String(localized: "Welcome", manager: manager) } == "Welcome")
        #expect(try manager.withLanguage("fr") { String(localized: "Welcome", manager: manager) } == "Bienvenue")
        let size = 2.5
        // %lf: printf's six fraction digits, with the language's decimal separator.
        #expect(try manager.withLanguage("en") { String(localized: "Downloaded \(size) MB", manager: manager) } == "Downloaded 2.500000 MB")
        #expect(try manager.withLanguage("fr") { String(localized: "Downloaded \(size) MB", manager: manager) } == "2,500000 Mo téléchargés")
        #expect(try manager.withLanguage("de") { String(localized: "Progress: \(40)% done", manager: manager) } == "Fortschritt: 40 % erledigt")
        #expect(try manager.withLanguage("en") { String(localized: "Progress: \(40)% done", manager: manager) } == "Progress: 40% done")
    }

    @Test func missingKeysGiveTheDefaultValueFormattedInTheLanguage() throws {
        let manager = try Self.manager()
        let count = 12345
        #expect(try manager.withLanguage("en") { String(localized: "\(count) unknown things", manager: manager) } == "12,345 unknown things")
        #expect(try manager.withLanguage("fr") { String(localized: "\(count) unknown things", manager: manager) } == "12\u{202F}345 unknown things")
        // defaultValue: the key as written, the arguments from the default value.
        let name = "Ada"
        #expect(
            try manager.withLanguage("fr") {
                String(localized: "greeting.message %@", defaultValue: "Hi \(name)", manager: manager, comment: "home screen")
            } == "Bonjour, Ada !")
        #expect(
            try manager.withLanguage("fr") { String(localized: "no.such.key", defaultValue: "Hi \(name)", manager: manager) } == "Hi Ada")
        // An unknown table: the default value.
        #expect(try manager.withLanguage("fr") { String(localized: "Welcome", table: "Other", manager: manager) } == "Welcome")
    }

    @Test func mainBindingIsUsedWithoutAManager() throws {
        let manager = try Self.manager()
        let name = "Ada"
        #expect(try manager.withLanguage("fr") { String(localized: "greeting.message \(name)") } == "Bonjour, Ada !")
        #expect(try manager.withLanguage("fr") { manager.string(localized: "greeting.message \(name)") } == "Bonjour, Ada !")
        let unbound = KeyBinding()
        #expect(unbound.string(localized: "\(1234) left") == "1,234 left")
    }

    /// The `String(localized:)` block of ParlanceKeyGen's guide, as written
    /// but for the catalog directory.
    @Test func readmeExample() throws {
        let manager = try Self.manager()  // the guide: LanguageManager(catalog: try Catalog(directory: "Resources"))
        KeyBinding.main.bind(manager)

        let name = "Ada"
        #expect(try manager.withLanguage("fr") { String(localized: "greeting.message \(name)") } == "Bonjour, Ada !")
        #expect(try manager.withLanguage("ru") { String(localized: "\(3) items in cart") } == "3 товара в корзине")
        #expect(try manager.withLanguage("ar") { String(localized: "\(11) items in cart") } == "١١ عنصرًا في السلة")
        #expect(try manager.withLanguage("fr") { String(localized: "Downloaded \(2.5) MB") } == "2,500000 Mo téléchargés")
        #expect(
            try manager.withLanguage("fr") {
                String(localized: "greeting.message %@", defaultValue: "Hi \(name)", comment: "Home screen")
            } == "Bonjour, Ada !")
        #expect(try manager.withLanguage("en") { String(localized: "Welcome", table: "Onboarding", manager: manager) } == "Welcome")
        #expect(try manager.withLanguage("fr") { manager.string(localized: "greeting.message \(name)") } == "Bonjour, Ada !")
    }
}
