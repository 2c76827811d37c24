import Foundation
import Parlance
import ParlanceLocalization
import Testing

@testable import ParlanceBatch

/// `.xcstrings` keys whose comment holds `[icu-messageformat]` are ICU MessageFormat values,
/// shared with a web front end: read from a real catalog file, through `Catalog` and the batch
/// `localize` op. Expected strings follow CLDR's plural rules (ru 21 → one, 5 → many) and the
/// patterns written in the file.
@Suite("Catalog values in ICU MessageFormat")
struct MessageCatalogTests {
    static let catalog = #"""
        {
          "sourceLanguage": "en",
          "version": "1.0",
          "strings": {
            "files": {
              "comment": "File count [icu-messageformat]",
              "localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "{count, plural, one {# file} other {# files}}"}},
                "ru": {"stringUnit": {"state": "translated", "value": "{count, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}"}}
              }
            },
            "greeting": {
              "comment": "[icu-messageformat]",
              "localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "Hello {0}, it's {1, number, percent} done"}}
              }
            },
            "broken": {
              "comment": "[icu-messageformat]",
              "localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "{count, plural, one {x}"}}
              }
            },
            "printf": {
              "localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "%lld items {not a message}"}}
              }
            }
          }
        }
        """#

    static func directory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-message-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(catalog.utf8).write(to: directory.appendingPathComponent("Localizable.xcstrings"))
        return directory.path
    }

    @Test func batchLocalize() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = BatchEngine(context: BatchContext(catalogDirectory: directory))
        let cases: [(String, String)] = [
            (#"{"op":"localize","locale":"en","key":"files","args":{"count":1}}"#, #"{"result":"1 file"}"#),
            (#"{"op":"localize","locale":"ru","key":"files","args":{"count":21}}"#, #"{"result":"21 файл"}"#),
            (#"{"op":"localize","locale":"ru","key":"files","args":{"count":5}}"#, #"{"result":"5 файлов"}"#),
            (#"{"op":"localize","locale":"en","key":"greeting","args":["Ana",0.5]}"#, #"{"result":"Hello Ana, it's 50% done"}"#),
            // Without the marker the value stays a printf format.
            (#"{"op":"localize","locale":"en","key":"printf","args":[3]}"#, #"{"result":"3 items {not a message}"}"#),
        ]
        for (request, expected) in cases {
            #expect(server.respond(to: request) == expected, "\(request)")
        }
        let missing = try #require(server.respond(to: #"{"op":"localize","locale":"en","key":"files","args":{}}"#))
        #expect(missing.contains(#""code":"missing-argument""#), "\(missing)")
        let broken = try #require(server.respond(to: #"{"op":"localize","locale":"en","key":"broken","args":{"count":1}}"#))
        #expect(broken.contains(#""code":"invalid-format""#) && broken.contains("Localizable.xcstrings:"), "\(broken)")
    }

    @Test func catalogAPI() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory)
        let entry = try #require(catalog.entry(forKey: "files", locale: "ru"))
        #expect(entry.isMessageFormat)
        #expect(catalog.entry(forKey: "printf", locale: "en")?.isMessageFormat == false)
    }
}
