import Foundation
import Parlance
import ParlanceLocalization
import ParlanceTestSupport
import ParlanceTesting
import Testing

/// A catalog a new user might write: Russian without `few`, Arabic whose `few` takes the
/// number as an object (`%@`) where the plural's number is an integer (`%d`).
enum FlawedPluralCatalog {
    static let ru = CatalogFixture.pluralStringsdict(
        "new.messages", variants: [("one", "%d новое сообщение"), ("many", "%d новых сообщений"), ("other", "%d нового сообщения")])

    static let ar = CatalogFixture.pluralStringsdict(
        "new.messages",
        variants: [("zero", "لا رسائل"), ("one", "رسالة واحدة"), ("two", "رسالتان"), ("few", "%@ رسائل"), ("many", "%d رسالة"), ("other", "%d رسالة")])

    static let en = #""new.messages" = "%d new messages";"#

    /// A temporary catalog directory with the three files.
    static func make() throws -> String {
        try CatalogFixture.directory(
            "parlance-flawed",
            files: ["ru.lproj/Localizable.stringsdict": ru, "ar.lproj/Localizable.stringsdict": ar, "en.lproj/Localizable.strings": en])
    }

    /// The 1-based line of the first line of `text` that contains `needle`.
    static func line(of needle: String, in text: String) -> Int { CatalogFixture.line(of: needle, in: text) }
}

@Suite("expectRendersAllPluralCategories fails on a missing category or a placeholder that cannot take the number")
struct PluralFailureTests {
    @Test("ru without few: one failure at the variable's line in the catalog file")
    func russianWithoutFew() throws {
        let directory = try FlawedPluralCatalog.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory)
        // Rendering alone cannot see it: 2 falls back to `other`, a wrong but non-empty text.
        #expect(try catalog.localizedString("new.messages", locale: "ru", arguments: [2]) == "2 нового сообщения")
        let failures = CatalogValidation.pluralFailures(of: "new.messages", in: catalog, languages: [LocaleID("ru")])
        #expect(failures.count == 1, "\(failures)")
        let failure = try #require(failures.first)
        #expect(failure.language == LocaleID("ru"))
        #expect(failure.location?.file == directory + "/ru.lproj/Localizable.stringsdict")
        #expect(failure.location?.line == FlawedPluralCatalog.line(of: "<key>n</key>", in: FlawedPluralCatalog.ru))
        #expect(failure.message.contains("lacks few (e.g. 2)"), "\(failure.message)")
        #expect(failure.description.hasPrefix("\(directory)/ru.lproj/Localizable.stringsdict:8:"), "\(failure.description)")
    }

    @Test("ar few taking %@ for a %d number: a failure at the entry's format line")
    func arabicFewTakesAnObject() throws {
        let directory = try FlawedPluralCatalog.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory)
        let failures = CatalogValidation.pluralFailures(of: "new.messages", in: catalog, languages: [LocaleID("ar")])
        let conflict = try #require(failures.first { $0.message.contains("cannot take the number") }, "\(failures)")
        #expect(conflict.location?.file == directory + "/ar.lproj/Localizable.stringsdict")
        #expect(conflict.location?.line == FlawedPluralCatalog.line(of: "<string>%#@n@</string>", in: FlawedPluralCatalog.ar))
        #expect(conflict.message.contains("%d (integer)") && conflict.message.contains("%@ (object)"), "\(conflict.message)")
        // The catalog recorded it at load too.
        #expect(catalog.diagnostics.contains { $0.code == "argument-type-conflict" && $0.language == "ar" && $0.key == "new.messages" })
        // The complete catalogs of the sample pass (no false failure).
        let sample = try Catalog(directory: SampleCatalog.directory)
        #expect(CatalogValidation.pluralFailures(of: "items.count", in: sample) == [])
        #expect(CatalogValidation.pluralFailures(of: "files.in.folders", in: sample, arguments: { [$0, $0] }) == [])
    }

    @Test("the helper records each failure as an issue at the test's line, naming the catalog's file and line")
    func recordedIssues() throws {
        let directory = try FlawedPluralCatalog.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory)
        let here = #_sourceLocation
        for (language, file, needle) in [
            ("ru", "ru.lproj/Localizable.stringsdict:8:3:", "lacks few"), ("ar", "ar.lproj/Localizable.stringsdict:7:3:", "cannot take the number"),
        ] {
            let comments = Locked<[String]>([])
            let locale = try LocaleID(language)
            withKnownIssue("the flawed \(language) plural is reported through Issue.record") {
                expectRendersAllPluralCategories("new.messages", in: catalog, languages: [locale], sourceLocation: here)
            } matching: { issue in
                comments.withLock { $0 += issue.comments.map(\.rawValue) }
                return issue.sourceLocation == here
            }
            let recorded = comments.withLock { $0 }
            #expect(recorded.contains { $0.contains("\(directory)/\(file)") && $0.contains(needle) }, "\(recorded)")
            #expect(recorded.count == CatalogValidation.pluralFailures(of: "new.messages", in: catalog, languages: [locale]).count)
        }
    }
}
