import Foundation
import ParlanceLocalization
import ParlanceTesting
import XCTest

/// The XCTest flavour of ParlanceTesting, used as a user's XCTest suite would use it.
final class XCTestHelpersTests: XCTestCase {
    /// While set, failures are kept here instead of failing the test: how a test checks what
    /// the XCTest helpers record (XCTExpectFailure exists only on Apple platforms).
    private var captured: [(message: String, file: String, line: Int)]?

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        guard captured != nil else { return super.record(issue) }
        let location = issue.sourceCodeContext.location
        captured?.append((issue.compactDescription, location?.fileURL.path ?? "", location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard captured != nil else { return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected) }
        captured?.append((description, filePath, lineNumber))
    }
    #endif

    func testMissingCategoryAndObjectPlaceholderFailAtTheCallerNamingTheCatalogLine() throws {
        let directory = try FlawedPluralCatalog.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory)
        captured = []
        let line = #line + 1
        assertRendersAllPluralCategories("new.messages", in: catalog, languages: [LocaleID("ru"), LocaleID("ar")])
        let failures = captured ?? []
        captured = nil
        XCTAssertTrue(failures.allSatisfy { $0.file == #filePath && $0.line == line }, "\(failures)")
        XCTAssertTrue(failures.contains { $0.message.contains("\(directory)/ru.lproj/Localizable.stringsdict:8:3:") && $0.message.contains("lacks few") })
        XCTAssertTrue(
            failures.contains { $0.message.contains("\(directory)/ar.lproj/Localizable.stringsdict:7:3:") && $0.message.contains("cannot take the number") })
        // The same list the helper records, for a test that asserts on it.
        let listed = CatalogValidation.pluralFailures(of: "new.messages", in: catalog, languages: [LocaleID("ru"), LocaleID("ar")])
        XCTAssertEqual(failures.count, listed.count)
        XCTAssertFalse(listed.isEmpty)
    }

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
