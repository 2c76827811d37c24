import Foundation
import Parlance
import ParlanceGeneratedKeysExample
import ParlanceKeyGen
import ParlanceLocalization
import Testing

/// Writes files (a catalog directory, sources) in a fresh temporary folder.
func makeCatalog(_ files: [String: String]) throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("keygen-\(UUID().uuidString)").path
    for (path, text) in files {
        let url = URL(fileURLWithPath: root).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return root
}

private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/SampleCatalog").path
private let generatedFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("ParlanceGeneratedKeysExample/L10n.swift").path

@Suite struct KeyGeneratorTests {
    static let tricky = """
        "2fa.title" = "Two-factor";
        "class" = "Class";
        "a-b.c_d" = "dash first";
        "a_b.c-d" = "underscore first";
        "download.progress" = "%1$@: %2$.1f%% of %3$d MB";
        "swapped" = "%2$@ then %1$ld";
        "sizes" = "%u bytes, %lld files, %g ratio, %@";
        "gap" = "%1$@ and %3$d";
        "broken" = "50%y off";
        "string.value" = "plain";
        """

    @Test func trickyKeysMapToSafeNamesAndCollisionsAreReported() throws {
        let directory = try makeCatalog(["en.lproj/Localizable.strings": Self.tricky])
        let result = KeyGenerator(options: .init(accessLevel: .public)).generate(from: try Catalog(directory: directory))
        let source = result.source
        #expect(source.contains("public enum _2fa {\n        /// en: \"Two-factor\""))
        #expect(source.contains("public static var title: Swift.String {\n            __parlance_lookup(\"2fa.title\", \"Localizable\", [])"))
        #expect(source.contains("public static var `class`: Swift.String {"))
        #expect(source.contains("public static var cD: Swift.String {\n            __parlance_lookup(\"a-b.c_d\""))
        #expect(source.contains("public static var cD_2: Swift.String {\n            __parlance_lookup(\"a_b.c-d\""))
        #expect(source.contains("public enum String {"))  // shadows nothing: signatures say Swift.String
        let collision = try #require(result.diagnostics.first { $0.code == "keygen-name-collision" })
        #expect(collision.key == "a_b.c-d")
        #expect(collision.line == 4 && collision.column == 1)
        #expect(collision.file.hasSuffix("en.lproj/Localizable.strings"))
        #expect(collision.message.contains("\"a-b.c_d\" at \(directory)/en.lproj/Localizable.strings:3:1"))
    }

    @Test func specifiersArePositionalAndTyped() throws {
        let directory = try makeCatalog(["en.lproj/Localizable.strings": Self.tricky])
        let result = KeyGenerator().generate(from: try Catalog(directory: directory))
        let types = Dictionary(uniqueKeysWithValues: result.generatedKeys.map { ($0.key, $0.parameterTypes) })
        #expect(types["download.progress"] == ["String", "Double", "Int"])
        #expect(types["swapped"] == ["Int", "String"])
        #expect(types["sizes"] == ["UInt", "Int", "Double", "String"])
        #expect(types["class"] == [])
        #expect(
            result.source.contains(
                "internal static func progress(_ arg1: Swift.String, _ arg2: Swift.Double, _ arg3: Swift.Int) -> Swift.String"))
        #expect(result.generatedKeys.first { $0.key == "2fa.title" }?.swiftPath == "L10n._2fa.title")
    }

    @Test func brokenEntriesAreDiagnosedAtTheirLineAndTheRestIsGenerated() throws {
        let directory = try makeCatalog(["en.lproj/Localizable.strings": Self.tricky])
        let result = KeyGenerator().generate(from: try Catalog(directory: directory))
        let unusable = result.diagnostics.filter { $0.code == "keygen-unusable-format" }.sorted { $0.line < $1.line }
        #expect(unusable.map(\.key) == ["gap", "broken"])
        #expect(unusable.map(\.line) == [8, 9])
        #expect(unusable.allSatisfy { $0.column > 1 && $0.file.hasSuffix("Localizable.strings") })
        #expect(!result.generatedKeys.contains { $0.key == "gap" || $0.key == "broken" })
        #expect(result.generatedKeys.count == 8)
    }

    @Test func malformedFileStillGeneratesTheOtherFiles() throws {
        let directory = try makeCatalog([
            "en.lproj/Localizable.strings": "\"ok\" = \"fine\";\n",
            "en.lproj/Other.strings": "\"a\" = \"x\";\n\"b\" = \n",
        ])
        let result = KeyGenerator().generate(from: try Catalog(directory: directory))
        #expect(result.generatedKeys.contains { $0.key == "ok" })
        #expect(result.diagnostics.contains { $0.file.hasSuffix("Other.strings") && $0.line >= 1 })
    }

    @Test func outputIsDeterministic() throws {
        let catalog = try Catalog(directory: examples)
        let first = KeyGenerator(options: .init(accessLevel: .public)).generate(from: catalog).source
        let second = KeyGenerator(options: .init(accessLevel: .public)).generate(from: try Catalog(directory: examples)).source
        #expect(first == second)
    }

    /// The compiled example target's source is exactly what the generator writes today.
    @Test func compiledExampleIsUpToDate() throws {
        let catalog = try Catalog(directory: examples)
        let source = KeyGenerator(options: .init(accessLevel: .public)).generate(from: catalog).source
        let committed = try String(contentsOfFile: generatedFile, encoding: .utf8)
        #expect(committed == source, "run: swift run parlance gen Tests/SampleCatalog --access-level public --output \(generatedFile)")
    }

    /// The generated accessors, compiled, in three languages with their plural forms.
    @Test func generatedAccessorsFollowTheLanguage() throws {
        let catalog = try Catalog(directory: examples)
        let manager = LanguageManager(catalog: catalog, environment: [:])
        L10n.binding.bind(manager)
        #expect(try manager.withLanguage("en") { L10n.Items.count(3) } == "3 items")
        #expect(try manager.withLanguage("en") { L10n.Items.count(1) } == "1 item")
        #expect(try manager.withLanguage("ru") { L10n.Items.count(3) } == "3 элемента")
        #expect(try manager.withLanguage("ru") { L10n.Items.count(5) } == "5 элементов")
        let arabic = try manager.withLanguage("ar") { L10n.Items.count(3) }
        #expect(arabic == (try catalog.localizedString("items.count", locale: "ar", arguments: [3])))
        #expect(arabic.hasSuffix(" عناصر"))
        #expect(try manager.withLanguage("en") { L10n.User.greeting("Ada") } == "Hello, Ada!")
    }
}
