import Foundation
import Parlance
import Testing

@testable import ParlanceLocalization

/// Each thread remembers the chain of its last lookup (``ChainMemo``); lookups that alternate
/// between catalogs, tables and locales on one thread, and a catalog made after another was
/// let go, must each still find their own catalog's text.
@Suite("Per-thread chain memo: alternating catalogs, tables and locales")
struct ChainMemoTests {
    static func catalog(_ tag: String) throws -> (Catalog, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-memo-\(UUID().uuidString)").path
        for language in ["en", "de", "fr"] {
            let folder = "\(directory)/\(language).lproj"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("\"greeting\" = \"\(tag) \(language) %d\";\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/Localizable.strings"))
            try Data("\"title\" = \"\(tag) \(language) settings\";\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/Settings.strings"))
        }
        return (try Catalog(directory: directory), directory)
    }

    @Test func alternatingLookupsFindTheirOwnCatalog() throws {
        let (a, aDirectory) = try Self.catalog("A")
        let (b, bDirectory) = try Self.catalog("B")
        defer {
            try? FileManager.default.removeItem(atPath: aDirectory)
            try? FileManager.default.removeItem(atPath: bDirectory)
        }
        for round in 0..<3 {
            for language in ["de", "fr", "en", "de"] {
                let locale = try LocaleID(language)
                #expect(try a.localizedString("greeting", locale: locale, arguments: [round]) == "A \(language) \(round)")
                #expect(try b.localizedString("greeting", locale: locale, arguments: [round]) == "B \(language) \(round)")
                #expect(try a.localizedString("title", table: "Settings", locale: locale) == "A \(language) settings")
                #expect(try a.localizedString("greeting", locale: locale, arguments: [round]) == "A \(language) \(round)")
            }
        }
    }

    @Test func aLaterCatalogIsNotTakenForAnEarlierOne() throws {
        for tag in ["first", "second", "third"] {
            // Each catalog is let go before the next is made (its memory may be reused).
            let (catalog, directory) = try Self.catalog(tag)
            #expect(try catalog.localizedString("greeting", locale: "de", arguments: [1]) == "\(tag) de 1")
            try FileManager.default.removeItem(atPath: directory)
        }
    }

    @Test func threadsKeepTheirOwnMemo() async throws {
        let (catalog, directory) = try Self.catalog("T")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, language) in ["en", "de", "fr", "en", "de", "fr"].enumerated() {
                group.addTask {
                    let locale = try LocaleID(language)
                    for value in 0..<200 {
                        let other = try LocaleID(["en", "de", "fr"][(index + value) % 3])
                        #expect(try catalog.localizedString("greeting", locale: locale, arguments: [value]) == "T \(language) \(value)")
                        _ = try catalog.localizedString("greeting", locale: other, arguments: [value])
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
