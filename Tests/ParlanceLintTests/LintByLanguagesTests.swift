import Foundation
import Parlance
import ParlanceLint
import ParlanceTestSupport
import Testing

@testable import ParlanceLocalization

/// `lint(directory:)` reads a directory of `.lproj` folders a few languages at a time (so that
/// memory holds one part of a large catalog, not all of it); linting the whole model at once
/// (`lint(catalog:)`) is the oracle: both reports must be equal, findings and summary, on a
/// catalog of many languages broken in every way a part boundary could change.
@Suite("Lint reads many languages part by part, with the whole model's report")
struct LintByLanguagesTests {
    static let languages = ManyLanguageCatalog.languages

    static func writeCatalog() throws -> String { try ManyLanguageCatalog.write() }

    @Test("every rule, the summary and required keys agree with the whole model")
    func partsAgreeWithWholeModel() throws {
        let directory = try Self.writeCatalog()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(Self.languages.count > 2 * CatalogLinter.languagesPerPart)
        #expect(try CatalogModel.lprojFolderGroups(directory: directory)?.count == Self.languages.count - 1)  // pt-BR + pt_BR
        for options in [
            LintOptions(), LintOptions(requiredKeys: ["key.4", "title", "nowhere"]), LintOptions(developmentLanguage: "de"),
            LintOptions(strictPlurals: true),
        ] {
            let byParts = try CatalogLinter(options: options).lint(directory: directory)
            let whole = try CatalogLinter(options: options).lint(catalog: Catalog(directory: directory))
            #expect(byParts.diagnostics.count > 40)
            #expect(Set(byParts.diagnostics.compactMap(\.language)).count > 15)
            #expect(byParts.diagnostics == whole.diagnostics)
            #expect(byParts.summary == whole.summary)
            #expect(byParts == whole)
        }
    }

    @Test("a directory with a String Catalog or a YAML file is read whole")
    func otherFormatsAreReadWhole() throws {
        let directory = try Self.writeCatalog()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try CatalogModel.lprojFolderGroups(directory: directory) != nil)
        try Data(#"{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }"#.utf8)
            .write(to: URL(fileURLWithPath: "\(directory)/Other.xcstrings"))
        #expect(try CatalogModel.lprojFolderGroups(directory: directory) == nil)
        try FileManager.default.removeItem(atPath: "\(directory)/Other.xcstrings")
        try FileManager.default.createDirectory(atPath: "\(directory)/config", withIntermediateDirectories: true)
        try Data("en:\n  hello: Hello\n".utf8).write(to: URL(fileURLWithPath: "\(directory)/config/en.yml"))
        #expect(try CatalogModel.lprojFolderGroups(directory: directory) == nil)
    }
}
