#if YAML
import Foundation
import ParlanceKeyGen
import ParlanceLocalization
import ParlanceYAML
import Testing

/// Whole-file snapshot of the generator's output for `Golden/Tricky` (tricky keys, collisions,
/// specifier typing, positional arguments, plurals, `.xcstrings` substitutions, YAML
/// placeholders). The same catalog is compiled through the build-tool plugin by the
/// `ParlanceKeyGenTrickyKeys` target and called by `TrickyKeysTests`.
///
/// After an intended change of the output, regenerate and review the diff:
/// `swift run parlance gen Tests/ParlanceKeyGenTests/Golden/Tricky --enum-name Tricky --access-level public --output Tests/ParlanceKeyGenTests/Golden/Tricky.swift.golden`
@Suite struct GoldenFileTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test func trickyCatalogMatchesTheGoldenFile() throws {
        YAMLCatalog.register()
        let catalog = try Catalog(directory: Self.golden.appendingPathComponent("Tricky").path)
        let result = KeyGenerator(options: .init(enumName: "Tricky", accessLevel: .public)).generate(from: catalog)
        let expected = try String(contentsOf: Self.golden.appendingPathComponent("Tricky.swift.golden"), encoding: .utf8)
        #expect(result.source == expected)
        // What is in the golden file on purpose: the collisions, each at its line.
        let collisions = result.diagnostics.filter { $0.code == "keygen-name-collision" }.map { "\($0.key ?? ""):\($0.line)" }
        #expect(collisions.sorted() == ["a_b.c-d:5", "binding:9"])
        #expect(result.diagnostics.filter { $0.code != "keygen-name-collision" }.isEmpty)
    }
}
#endif
