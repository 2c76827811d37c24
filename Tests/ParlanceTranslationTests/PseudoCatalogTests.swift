#if Translation
import Foundation
import Parlance
import ParlanceLocalization
import ParlanceTestSupport
import ParlanceTranslation
import Testing

@Suite struct PseudoCatalogTests {
    func makeCatalog() throws -> URL {
        let directory = try temporaryDirectory("parlance-pseudo-in")
        let en = directory.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: en, withIntermediateDirectories: true)
        try Data(
            """
            /* A comment */
            "greeting" = "Hello, %@!";
            "quote" = "Say \\"hi\\"\\nthen {name}";
            """.utf8
        ).write(to: en.appendingPathComponent("Localizable.strings"))
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>items.count</key>
                <dict>
                    <key>NSStringLocalizedFormatKey</key>
                    <string>%#@items@</string>
                    <key>items</key>
                    <dict>
                        <key>NSStringFormatSpecTypeKey</key>
                        <string>NSStringPluralRuleType</string>
                        <key>NSStringFormatValueTypeKey</key>
                        <string>lld</string>
                        <key>one</key>
                        <string>%lld item</string>
                        <key>other</key>
                        <string>%lld items</string>
                    </dict>
                </dict>
            </dict>
            </plist>
            """.utf8
        ).write(to: en.appendingPathComponent("Localizable.stringsdict"))
        try Data(
            """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "cart.title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Cart (%lld)"}}}}
            }}
            """.utf8
        ).write(to: directory.appendingPathComponent("Shop.xcstrings"))
        try Data("not a catalog".utf8).write(to: directory.appendingPathComponent("README.txt"))
        return directory
    }

    @Test func writesAPseudoLocalizedCopyThatLoadsAsACatalog() throws {
        let input = try makeCatalog()
        let output = try temporaryDirectory("parlance-pseudo-out")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        let report = try PseudoCatalogWriter().write(directory: input.path, to: output.path)
        #expect(report.files == 4)
        #expect(report.strings == 2 + 3 + 1)

        // The copy is read back by the real catalog reader.
        let catalog = try Catalog(directory: output.path, developmentLanguage: "en")
        let en = LocaleID("en")
        #expect(try catalog.localizedString("greeting", locale: en, arguments: ["Ada"]) == "[Ĥéļļö, Ada! ~~]")
        #expect(catalog.entry(forKey: "quote", locale: en)?.value == .format("[Šáý \"ĥî\"\nţĥéñ {name} ~~~~]"))
        let one = try catalog.localizedString("items.count", locale: en, arguments: [1])
        let many = try catalog.localizedString("items.count", locale: en, arguments: [5])
        #expect(one.contains("1 îţéɱ ") && !one.contains("îţéɱš"))
        #expect(many.contains("5 îţéɱš"))
        #expect(try catalog.localizedString("cart.title", table: "Shop", locale: en, arguments: [3]) == "[Çáŕţ (3) ~~]")
        #expect(try String(contentsOf: output.appendingPathComponent("README.txt"), encoding: .utf8) == "not a catalog")
    }

    @Test func refusesToWriteInsideTheInputAndReportsMalformedFiles() throws {
        let input = try makeCatalog()
        defer { try? FileManager.default.removeItem(at: input) }
        do {
            try PseudoCatalogWriter().write(directory: input.path, to: input.appendingPathComponent("pseudo").path)
            Issue.record("expected an error")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidArgument)
        }
        try Data("\"broken\" = \"no semicolon\"\n\"next\"".utf8).write(to: input.appendingPathComponent("en.lproj/Broken.strings"))
        let output = try temporaryDirectory("parlance-pseudo-out")
        defer { try? FileManager.default.removeItem(at: output) }
        do {
            try PseudoCatalogWriter().write(directory: input.path, to: output.path)
            Issue.record("expected an error")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidFile)
            #expect(error.message.contains("Broken.strings:"))
        }
    }

    @Test func commandLine() throws {
        let input = try makeCatalog()
        let output = try temporaryDirectory("parlance-pseudo-out")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        func run(_ arguments: [String]) throws -> (Int32, String, String) {
            let result = try ChildProcess.parlance(arguments)
            return (result.status, result.stdout, result.stderr)
        }
        let (status, stdout, _) = try run(["pseudo", input.path, "--out", output.path, "--rtl"])
        #expect(status == 0)
        #expect(stdout.contains("6 strings pseudo-localized in 4 files"))
        let strings = try String(contentsOf: output.appendingPathComponent("en.lproj/Localizable.strings"), encoding: .utf8)
        #expect(strings.contains("\"greeting\" = \"\u{2067}\u{200F}[Ĥéļļö, \u{2066}%@\u{2069}! ~~]\u{200F}\u{2069}\";"))

        let (failure, _, stderr) = try run(["pseudo", "/nonexistent/catalog", "--out", output.path])
        #expect(failure == 1)
        #expect(stderr.contains("[invalid-file]"))
    }
}
#endif
