import Foundation
import ParlanceLocalization
import Testing

// `L10n` is not written in this directory: the ParlanceKeyGenPlugin build-tool plugin generates
// it from Tests/SampleCatalog (see parlance-keygen.json) at every `swift build`. A wrong or
// missing generation fails compilation of this file, or the expectations below.

private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/SampleCatalog").path

@Suite struct ParlanceKeyGenPluginTests {
    /// One manager for every test: `L10n.binding` is process-wide, and `withLanguage` applies
    /// to the manager it is called on.
    static let shared: Result<(Catalog, LanguageManager), any Error> = Result(catching: {
        let catalog = try Catalog(directory: examples)
        let manager = LanguageManager(catalog: catalog, environment: [:])
        L10n.binding.bind(manager)
        return (catalog, manager)
    })

    /// The sample catalog (Tests/SampleCatalog) through the plugin-generated accessors, with the plural
    /// forms of en, ru and ar; the expected texts come from the catalog looked up by key.
    @Test func pluralAccessorsInThreeLanguages() throws {
        let (catalog, manager) = try Self.shared.get()
        #expect(try manager.withLanguage("en") { L10n.Items.count(1) } == "1 item")
        #expect(try manager.withLanguage("en") { L10n.Items.count(3) } == "3 items")
        #expect(try manager.withLanguage("ru") { L10n.Items.count(1) } == "1 элемент")
        #expect(try manager.withLanguage("ru") { L10n.Items.count(3) } == "3 элемента")
        #expect(try manager.withLanguage("ru") { L10n.Items.count(5) } == "5 элементов")
        // Arabic: one, two, few (3…10), many (11…99), other; digits are Arabic-Indic.
        for count in [1, 2, 3, 11, 100] {
            let generated = try manager.withLanguage("ar") { L10n.Items.count(count) }
            #expect(generated == (try catalog.localizedString("items.count", locale: "ar", arguments: [count])))
        }
        #expect(try manager.withLanguage("ar") { L10n.Items.count(3) } == "٣ عناصر")
        #expect(try manager.withLanguage("ar") { L10n.Items.count(1) } == "عنصر واحد")
    }

    /// Plain strings, formats with typed parameters and runtime switching.
    @Test func plainAndFormattedAccessorsFollowTheCurrentLanguage() throws {
        let (catalog, manager) = try Self.shared.get()
        #expect(try manager.withLanguage("fr") { L10n.totalOdds } == "Cotes Totales")
        #expect(try manager.withLanguage("en") { L10n.totalOdds } == "Total Odds")
        #expect(try manager.withLanguage("en") { L10n.User.greeting("Ada") } == "Hello, Ada!")
        let progress: (String, Double, Int) -> String = L10n.Download.progress  // the parameter types the specifiers give
        #expect(
            try manager.withLanguage("en") { progress("report.pdf", 42.5, 10) }
                == (try catalog.localizedString(
                    "download.progress", locale: "en", arguments: ["report.pdf", 42.5, 10])))
    }
}
