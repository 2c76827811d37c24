import Foundation
import Parlance
import ParlanceLocalization
import ParlanceTesting
import Testing

/// Parlance's own sample catalog (the clean lint fixture), validated as a user's test suite would.
enum SampleCatalog {
    static let directory: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ParlanceLintTests/Fixtures/Lint/Clean").path
}

@Suite("ParlanceTesting on Parlance's sample catalog")
struct ParlanceTestingTests {
    @Test func sampleCatalogIsValid() {
        expectValid(catalog: SampleCatalog.directory, includeWarnings: true)
    }

    @Test(arguments: [("items.count", "Localizable"), ("photos.count", "Settings")])
    func pluralKeysRenderInEveryCategory(key: String, table: String) throws {
        let catalog = try Catalog(directory: SampleCatalog.directory)
        expectRendersAllPluralCategories(key, table: table, in: catalog)
        let renderings = CatalogValidation.pluralRenderings(of: key, table: table, in: catalog)
        // Every category of every language of the table's catalog was rendered.
        for language in catalog.locales {
            let categories = Set(renderings.filter { $0.language == language }.map(\.category))
            #expect(categories == Set(try PluralSamples(locale: language).integerCategories), "\(language)")
        }
    }

    @Test func twoArgumentPluralRenders() throws {
        let catalog = try Catalog(directory: SampleCatalog.directory)
        expectRendersAllPluralCategories("files.in.folders", in: catalog, arguments: { [$0, $0] })
        let ru = CatalogValidation.pluralRenderings(of: "files.in.folders", in: catalog, languages: [LocaleID("ru")], arguments: { [$0, 1] })
        let few = try #require(ru.first { $0.category == .few })
        #expect(try few.result.get() == "2 файла в 1 папке")
    }

    @Test func failuresNameTheFileAndKey() throws {
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-testing-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: SampleCatalog.directory, toPath: broken)
        defer { try? FileManager.default.removeItem(atPath: broken) }
        // A translator deletes Russian's `many` form.
        let path = broken + "/ru.lproj/Localizable.stringsdict"
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "\t\t\t<key>many</key>\n\t\t\t<string>%d элементов</string>\n", with: "")
        try text.write(toFile: path, atomically: true, encoding: .utf8)

        let diagnostics = try CatalogValidation.diagnostics(directory: broken)
        #expect(diagnostics.map(\.rule) == [.pluralMissingCategory])
        #expect(diagnostics.first?.description.hasPrefix("ru.lproj/Localizable.stringsdict:9:3: error: [plural-missing-category] \"items.count\" (ru)") == true)
        withKnownIssue("the broken catalog is reported through Issue.record") {
            expectValid(catalog: broken)
        }
        // Rendering still works (Foundation falls back to `other`), so only lint catches it.
        let catalog = try Catalog(directory: broken)
        let renderings = CatalogValidation.pluralRenderings(of: "items.count", in: catalog)
        #expect(renderings.allSatisfy { $0.isSuccess })
    }

    @Test func aDirectoryWithoutCatalogFilesFails() throws {
        // A wrong path in a user's test must not pass: no catalog file is a `no-catalog` error.
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(try CatalogValidation.diagnostics(directory: empty).map(\.rule) == [.noCatalog])
        withKnownIssue("an empty directory is reported through Issue.record") {
            expectValid(catalog: empty)
        }
    }
}
