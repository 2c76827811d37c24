import Foundation
import Parlance
import ParlanceLint
import ParlanceLocalization
import ParlanceTestSupport
import Testing

/// Flutter ARB, i18next and FormatJS JSON: the readers against fixtures written as `flutter
/// gen-l10n`, i18next v4 and `formatjs extract` expect them (plural, select and nested
/// messages, metadata, nesting, plural suffixes), lookups evaluated by ICU MessageFormat,
/// malformed members, and the CLDR plural checks of lint on MessageFormat plurals.
@Suite struct MessageJSONTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/MessageJSON").path

    static func temporary(_ prefix: String) throws -> String { try CatalogFixture.scratchDirectory(prefix) }

    @Test func arbMessagesMetadataAndLookups() throws {
        let catalog = try Catalog(directory: Self.fixtures + "/arb")
        let greeting = try #require(catalog.entry(forKey: "greeting", locale: "en"))
        #expect(greeting.format == .arb)
        #expect(greeting.isMessageFormat)
        #expect(greeting.comment == "A welcome with the user's name")
        #expect(greeting.placeholderTypes == ["name": "String"])
        #expect(greeting.location.line == 7)
        #expect(catalog.entry(forKey: "itemCount", locale: "en")?.placeholderTypes == ["count": "int"])
        #expect(catalog.string("greeting", table: "Localizable", locale: "en", arguments: [], named: ["name": .string("Ana")]) == "Hello, Ana!")
        func named(_ key: String, _ locale: LocaleID, _ arguments: [String: LocalizationArgument]) -> String {
            catalog.string(key, table: "Localizable", locale: locale, arguments: [], named: arguments)
        }
        #expect(named("itemCount", "en", ["count": .int(0)]) == "No items")
        #expect(named("itemCount", "en", ["count": .int(1)]) == "1 item")
        #expect(named("itemCount", "en", ["count": .int(7)]) == "7 items")
        #expect(named("pronoun", "en", ["gender": .string("female")]) == "She liked it")
        #expect(named("nested", "en", ["count": .int(3), "gender": .string("female")]) == "She has 3 files")
        #expect(named("nested", "pl", ["count": .int(5), "gender": .string("male")]) == "Oni mają 5 plików")
        #expect(named("nested", "pl", ["count": .int(3), "gender": .string("female")]) == "Ona ma 3 pliki")
        #expect(named("apostrophe", "en", [:]) == "Don't {escape} me")
        // intl_pt_BR.arb is pt-BR; its number member and its broken plural are located.
        #expect(named("greeting", "pt-BR", ["name": .string("Ana")]) == "Olá, Ana!")
        let diagnostics = catalog.diagnostics.filter { $0.file.hasSuffix("intl_pt_BR.arb") }
        #expect(diagnostics.contains { $0.code == "malformed-entry" && $0.key == "itemCount" && $0.line == 5 }, "\(diagnostics)")
        #expect(diagnostics.contains { $0.code == "invalid-message" && $0.key == "broken" && $0.line == 7 }, "\(diagnostics)")
        // The good members of that file are read; the number member falls back to English.
        #expect(named("itemCount", "pt-BR", ["count": .int(2)]) == "2 items")
    }

    @Test func i18nextNestingSuffixesAndInterpolation() throws {
        let catalog = try Catalog(directory: Self.fixtures + "/i18next")
        #expect(catalog.tableNames == ["common"])
        func named(_ key: String, _ locale: LocaleID, _ arguments: [String: LocalizationArgument] = [:]) -> String {
            catalog.string(key, table: "common", locale: locale, arguments: [], named: arguments)
        }
        #expect(named("welcome", "en", ["name": .string("Ana")]) == "Welcome, Ana!")
        #expect(named("menu.open", "ru") == "Открыть")
        #expect(named("menu.recent.title", "en") == "Recent files")
        #expect(named("steps.1", "en") == "Second")
        #expect(named("file", "en", ["count": .int(1)]) == "1 file")
        #expect(named("file", "en", ["count": .int(2)]) == "2 files")
        #expect(named("file", "ru", ["count": .int(3)]) == "3 файла")
        #expect(named("place", "en", ["count": .int(2)]) == "2nd place")
        #expect(named("place", "en", ["count": .int(13)]) == "13th place")
        #expect(named("braces", "en") == "Use {curly} braces and don't worry")
        let file = try #require(catalog.entry(forKey: "file", table: "common", locale: "en"))
        guard case .text(let text) = file.content else { throw MessageJSONTestFailure("not a text") }
        #expect(text.text == "{count, plural, one {{count} file} other {{count} files}}")
        #expect(file.format == .i18next)
        // A number member is located and skipped; the rest of the file is read.
        #expect(catalog.diagnostics.contains { $0.key == "count" && $0.line == 12 && $0.file.hasSuffix("ru/common.json") }, "\(catalog.diagnostics)")
    }

    @Test func formatJSBothShapes() throws {
        let catalog = try Catalog(directory: Self.fixtures + "/formatjs")
        let title = try #require(catalog.entry(forKey: "cart.title", locale: "en"))
        #expect(title.format == .formatjs)
        #expect(title.comment == "Title of the cart page")
        #expect(catalog.entry(forKey: "cart.title", locale: "fr")?.format == .formatjs)
        #expect(try catalog.localizedString("cart.title", locale: "fr") == "Votre panier")
        #expect(catalog.string("cart.items", table: "Localizable", locale: "fr", arguments: [], named: ["count": .int(2)]) == "2 articles")
        #expect(catalog.string("cart.items", table: "Localizable", locale: "en", arguments: [], named: ["count": .int(1)]) == "1 item")
    }

    @Test func syntaxErrorsAreLocatedAndStopOnlyTheirFile() throws {
        let directory = try Self.temporary("json-bad")
        try Data("{\n  \"a\": \"A\",\n  \"b\": \n}\n".utf8).write(to: URL(fileURLWithPath: directory + "/de.json"))
        try Data("{\"a\": \"Hallo\"}".utf8).write(to: URL(fileURLWithPath: directory + "/en.json"))
        let catalog = try Catalog(directory: directory)
        let error = try #require(catalog.diagnostics.first { $0.file.hasSuffix("de.json") })
        #expect(error.line == 4, "\(error)")
        #expect(try catalog.localizedString("a", locale: "en") == "Hallo")
        #expect(try catalog.localizedString("a", locale: "de") == "Hallo")
    }

    @Test func messageSyntaxReadsAndWritesICUQuoting() throws {
        let parts = try MessageSyntax.parse("It''s '{'{n, plural, offset:1 =0 {none} one {# '#'} other {{n, number, integer} x}}'}'")
        #expect(MessageSyntax.argumentNames(parts) == ["n"])
        #expect(MessageSyntax.icu(parts) == "It's '{'{n, plural, offset:1 =0 {none} one {# '#'} other {{n, number, integer} x}}'}'")
        #expect(try MessageSyntax.parse(MessageSyntax.icu(parts)) == parts)
        // `#` is the number in a plural's branches only, not inside a select nested in one.
        let nested = try MessageSyntax.parse("{n, plural, other {{g, select, other {#}}}}")
        #expect(MessageSyntax.choices(nested).last?.options.first?.parts == [.text("#")])
        for bad in ["{n, plural, one {x}}", "{", "{n, select, other {x}", "a }", "{n, plural, one x}"] {
            #expect(throws: MessageSyntaxError.self, "\(bad)") { try MessageSyntax.parse(bad) }
        }
        let deep = String(repeating: "{n, select, other {", count: 40) + String(repeating: "}}", count: 40)
        #expect(throws: MessageSyntaxError.self) { try MessageSyntax.parse(deep) }
        #expect(I18nextPlural.split("file_one")! == ("file", "one"))
        #expect(I18nextPlural.split("place_ordinal_few")! == ("place", "ordinal_few"))
        #expect(I18nextPlural.split("_one") == nil)
        #expect(I18nextPlural.split("file_big") == nil)
    }

    @Test func placeholdersConvertBetweenPrintfAndICU() throws {
        let at = CatalogLocation(file: "x", line: 1, column: 1)
        let printf = EntryValue.text(LocatedText(text: "%@ has %d items (%.2f%%) {x}", location: at))
        let (icu, losses) = MessageConversion.icu(from: printf)
        #expect(icu == "{0} has {1, number, integer} items ({2, number, ::.00}%) '{'x'}'")
        #expect(losses.isEmpty)
        let (back, backLosses) = MessageConversion.printf(fromICU: icu, location: at)
        guard case .text(let text) = back else { throw MessageJSONTestFailure("not a text") }
        #expect(text.text == "%1$@ has %2$lld items (%3$.2f%%) {x}")
        #expect(backLosses.isEmpty)
        let (plural, pluralLosses) = MessageConversion.printf(fromICU: "{count, plural, =0 {none} one {# file} other {# files}}", location: at)
        #expect(pluralLosses.count == 2, "\(pluralLosses)")  // count becomes positional; =0 has no printf form
        guard case .plural(_, let variables) = plural else { throw MessageJSONTestFailure("not a plural") }
        #expect(variables[0].variants.map(\.keyword) == ["one", "other"])
        #expect(variables[0].variants.map(\.text.text) == ["%1$lld file", "%1$lld files"])
    }

    @Test func lintChecksMessageFormatPluralsWithCLDR() throws {
        let report = try CatalogLinter().lint(directory: Self.fixtures + "/arb")
        // Polish itemCount has one and other only: few (2) and many (5) are missing.
        let polish = report.diagnostics.filter { $0.language == "pl" && $0.key == "itemCount" }
        #expect(polish.contains { $0.rule == .pluralMissingCategory && $0.message.contains("few") && $0.message.contains("many") }, "\(polish)")
        // nested has every Polish category: nothing to say about it.
        #expect(!report.diagnostics.contains { $0.language == "pl" && $0.key == "nested" && $0.rule == .pluralMissingCategory })
        // The broken pt-BR message is an invalid format.
        #expect(report.diagnostics.contains { $0.rule == .invalidFormat && $0.key == "broken" })
        let i18next = try CatalogLinter().lint(directory: Self.fixtures + "/i18next")
        #expect(i18next.diagnostics.contains { $0.language == "ru" && $0.key == "file" && $0.rule == .pluralMissingCategory && $0.message.contains("many") })
    }
}

struct MessageJSONTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
