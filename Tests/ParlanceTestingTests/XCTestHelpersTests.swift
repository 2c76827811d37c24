import Foundation
import ParlanceLocalization
import ParlanceTesting
import XCTest

/// The XCTest flavour of ParlanceTesting, used as a user's XCTest suite would use it.
final class XCTestHelpersTests: XCTestCase {
    func testSampleCatalogIsValid() {
        assertValid(catalog: SampleCatalog.directory, includeWarnings: true)
    }

    func testPluralKeysRenderInEveryCategory() throws {
        let catalog = try Catalog(directory: SampleCatalog.directory)
        assertRendersAllPluralCategories("items.count", in: catalog)
        assertRendersAllPluralCategories("photos.count", table: "Settings", in: catalog)
    }

    func testABrokenCatalogFails() throws {
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-xctest-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: SampleCatalog.directory), to: broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        let ru = broken.appendingPathComponent("ru.lproj/Localizable.stringsdict")
        let text = try String(contentsOf: ru, encoding: .utf8)
        try text.replacingOccurrences(of: "<key>many</key>", with: "<key>manx</key>").write(to: ru, atomically: true, encoding: .utf8)
        // What assertValid would report (XCTExpectFailure does not exist in Linux's XCTest).
        let diagnostics = try CatalogValidation.diagnostics(directory: broken.path)
        XCTAssertFalse(diagnostics.isEmpty)
        XCTAssertEqual(Set(diagnostics.map(\.rule)), [.pluralMissingCategory])
        XCTAssertEqual(Set(diagnostics.compactMap(\.language)), ["ru"])
    }
}
