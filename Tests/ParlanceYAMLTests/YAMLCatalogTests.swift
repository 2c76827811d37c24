#if YAML
import Foundation
import Parlance
import ParlanceBatch
import ParlanceLint
import ParlanceLocalization
import ParlanceTesting
import ParlanceYAML
import Testing

/// The fixtures beside this file (real YAML files, read by the real reader).
enum YAMLFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
    static func path(_ name: String) -> String { name.hasPrefix("/") ? name : root + "/" + name }

    static func catalog(_ name: String, developmentLanguage: String? = nil) throws -> Catalog {
        YAMLCatalog.register()
        return try Catalog(directory: path(name), developmentLanguage: developmentLanguage)
    }

    /// A fresh temporary directory with the given files.
    static func directory(_ files: [String: [UInt8]]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-yaml-\(UUID().uuidString)").path
        for (name, bytes) in files {
            let path = directory + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        }
        return directory
    }
}

// The view-model types the fixture's keys are bound to.
struct MyViewModel {
    @Localized<MyViewModel>("property") var property
}
struct CarViewModel {}
struct Box<T> {}
struct ParentViewModel {
    enum NestedEnum: String {
        case option1, option2
        var display: LocalizableKey { LocalizableKey(for: Self.self, parentType: ParentViewModel.self, property: rawValue) }
    }
}
struct UserViewModel {
    @Localized<UserViewModel>("property", discriminatorKey: "shortTitle") var shortTitle
    @Localized<UserViewModel>("property", discriminatorKey: "longTitle") var longTitle
    @Localized<UserViewModel>("property", discriminatorKey: "display") var property
}
struct ListViewModel {
    @Localized<ListViewModel>("property", discriminatorIndex: 0) var shortTitle
    @Localized<ListViewModel>("property", discriminatorIndex: 2) var property
}

@Suite("YAML catalogs: locale-keyed view-model files")
struct YAMLSeedTests {
    @Test func regionAgnosticAndRegionSpecific() throws {
        let catalog = try YAMLFixtures.catalog("seed")
        #expect(try catalog.localizedString("text", locale: "en") == "Some Text")
        #expect(try catalog.localizedString("text", locale: "es") == "Algún texto")
        // Region-agnostic `en` serves any English region.
        #expect(try catalog.localizedString("text", locale: "en-AU") == "Some Text")
        #expect(try catalog.localizedString("text", locale: "es-419") == "Algún texto")
        let cover = LocalizableKey(for: CarViewModel.self, property: "carFrontCover")
        #expect(cover.key == "CarViewModel.carFrontCover")
        #expect(try catalog.localizedString(cover, locale: "en-US") == "Hood")
        #expect(try catalog.localizedString(cover, locale: "en-GB") == "Bonnet")
        // Case-insensitive, `_` or `-`: the files say `en-us`, `en-gb`.
        #expect(try catalog.localizedString(cover, locale: LocaleID("EN_us")) == "Hood")
        // A file whose top key is `ES` (upper case) is Spanish.
        #expect(try catalog.localizedString("MyViewModel.property", locale: "es") == "¡Esta es la cadena localizada!")
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
    }

    @Test func typeBoundKeys() throws {
        let catalog = try YAMLFixtures.catalog("seed")
        #expect(try catalog.localizedString(LocalizableKey(for: MyViewModel.self, property: "property"), locale: "en") == "This is the localized string!")
        #expect(LocalizableKey(for: Box<Int>.self, property: "title").key == "Box.title")
        #expect(try catalog.localizedString(LocalizableKey(for: Box<[String]>.self, property: "title"), locale: "en") == "A box")
        let nested = ParentViewModel.NestedEnum.option2.display
        #expect(nested.key == "ParentViewModel.NestedEnum.option2")
        #expect(try catalog.localizedString(nested, locale: "en") == "Option #2")
        let short = LocalizableKey(for: UserViewModel.self, property: "property", discriminatorKey: "shortTitle")
        #expect(try catalog.localizedString(short, locale: "en") == "Short")
        let third = LocalizableKey(for: ListViewModel.self, property: "property", discriminatorIndex: 2)
        #expect(third.key == "ListViewModel.property.2")
        #expect(try catalog.localizedString(third, locale: "en") == "Option #3")
        // Every entry is located in its file.
        let entry = try #require(catalog.entry(forKey: "ListViewModel.property.1", locale: "en"))
        #expect(entry.format == .yaml)
        #expect(entry.location.file.hasSuffix("seed/viewmodels.yml"))
        #expect(entry.location.line == 18)
        #expect(entry.location.column == 9)
    }

    @Test func propertyWrapperFollowsTheLanguageManager() throws {
        let catalog = try YAMLFixtures.catalog("seed")
        let manager = LanguageManager(catalog: catalog)
        LocalizedBinding.use(manager)
        defer { LocalizedBinding.use(nil) }
        #expect(UserViewModel().shortTitle == "Short")
        #expect(UserViewModel().longTitle == "A Very Long Title")
        #expect(UserViewModel().property == "Property")
        #expect(ListViewModel().shortTitle == "Option #1")
        #expect(ListViewModel().property == "Option #3")
        #expect(ListViewModel().$property.key == "ListViewModel.property.2")
        // Per-request language: Spanish inside withLanguage, English outside.
        let spanish = try manager.resolve(.language(LocaleID("es")))
        let inside = manager.withLanguage(spanish) { MyViewModel().property }
        #expect(inside == "¡Esta es la cadena localizada!")
        #expect(MyViewModel().property == "This is the localized string!")
    }
}

@Suite("YAML catalogs: Rails-i18n config/locales")
struct YAMLRailsTests {
    @Test(arguments: [
        ("en", 0, "No messages"), ("en", 1, "1 message"), ("en", 2, "2 messages"), ("en", 1000, "1,000 messages"),
        ("ru", 1, "1 сообщение"), ("ru", 3, "3 сообщения"), ("ru", 5, "5 сообщений"), ("ru", 21, "21 сообщение"),
        ("ru", 0, "0 сообщений"),
        ("pl", 1, "1 wiadomość"), ("pl", 3, "3 wiadomości"), ("pl", 22, "22 wiadomości"),
        ("ar", 0, "لا رسائل"), ("ar", 1, "رسالة واحدة"), ("ar", 2, "رسالتان"), ("ar", 100, "١٠٠ رسالة"),
    ])
    func plurals(locale: String, count: Int, expected: String) throws {
        let catalog = try YAMLFixtures.catalog("rails")
        #expect(try catalog.localizedString("inbox.messages", locale: LocaleID(locale), named: ["count": count]) == expected)
    }

    @Test func interpolationAndMerging() throws {
        let catalog = try YAMLFixtures.catalog("rails")
        #expect(try catalog.localizedString("greeting", locale: "ru", named: ["name": "Ada"]) == "Здравствуйте, Ada!")
        #expect(try catalog.localizedString("cart.summary", locale: "en", named: ["user": "Ada", "items": 3]) == "Ada has 3 in the cart")
        // Several files per locale merge (models/en.yml beside en.yml).
        #expect(try catalog.localizedString("activerecord.attributes.user.email", locale: "en") == "Email")
        #expect(try catalog.localizedString("activerecord.models.user", locale: "ru", named: ["count": 5]) == "Пользователей")
        // Missing from ru: falls back to the development language.
        #expect(try catalog.lookup("activerecord.attributes.user.email", locale: "ru").locale == LocaleID("en"))
        // `<<: *defaults` merge key, the written key wins.
        #expect(try catalog.localizedString("form.save", locale: "en") == "Save form")
        #expect(try catalog.localizedString("form.cancel", locale: "en") == "Cancel")
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
    }

    @Test func missingNamedArgumentIsATypedError() throws {
        let catalog = try YAMLFixtures.catalog("rails")
        #expect {
            try catalog.localizedString("greeting", locale: "en", named: [:])
        } throws: { error in
            (error as? ParlanceError)?.code == .missingArgument && "\(error)".contains("name")
        }
        #expect {
            try catalog.localizedString("inbox.messages", locale: "ru", named: ["name": "x"])
        } throws: { ($0 as? ParlanceError)?.code == .missingArgument }
    }

    @Test func lintAppliesItsRulesToYAML() throws {
        YAMLCatalog.register()
        let report = try CatalogLinter().lint(directory: YAMLFixtures.path("rails"))
        let found = report.diagnostics.map { "\($0.rule.rawValue) \($0.language ?? "-") \($0.key ?? "-")" }
        // pl and ar lack cart.summary and form.*; ru lacks attributes.user.email.
        #expect(found.contains("missing-translation pl cart.summary"), "\(found)")
        #expect(found.contains("missing-translation ru activerecord.attributes.user.email"), "\(found)")
        // Nothing reports the plural entries of ru/pl/ar as incomplete: they have every CLDR category.
        #expect(!found.contains { $0.hasPrefix("plural-missing-category") }, "\(found)")
        #expect(!found.contains { $0.hasPrefix("unreadable-file") || $0.hasPrefix("invalid-format") }, "\(found)")
    }

    @Test func batchLocalizeTakesNamedArguments() throws {
        YAMLCatalog.register()
        let server = BatchEngine(context: BatchContext(catalogDirectory: YAMLFixtures.path("rails")))
        let out = server.respond(to: #"{"id":1,"op":"localize","locale":"ru","key":"inbox.messages","args":{"count":3}}"#)
        #expect(out == #"{"id":1,"result":"3 сообщения"}"#)
        let missing = server.respond(to: #"{"id":2,"op":"localize","locale":"en","key":"greeting","args":{}}"#)
        #expect(missing?.contains(#""code":"missing-argument""#) == true, "\(missing ?? "")")
    }
}

@Suite("YAML catalogs: bad input")
struct YAMLBadInputTests {
    @Test func badFilesAreLocatedAndTheRestWorks() throws {
        let catalog = try YAMLFixtures.catalog("bad")
        #expect(try catalog.localizedString("good", locale: "en") == "Still here")
        let byFile = Dictionary(grouping: catalog.diagnostics) { ($0.file as NSString).lastPathComponent }
        // Tab indentation: libyaml's scanner error, located.
        let tab = try #require(byFile["tabs.yml"]?.first)
        #expect((tab.line, tab.column) == (2, 1), "\(tab)")
        // The alias bomb is refused within the budget, quickly.
        let bomb = try #require(byFile["bomb.yml"]?.first)
        #expect(bomb.code == "budget-exceeded")
        #expect(catalog.entry(forKey: "a.0", locale: "en") == nil)
        // A top level that is not a mapping.
        #expect(byFile["list.yml"]?.first?.line == 1)
        #expect(byFile["list.yml"]?.first?.column == 1)
        // A top key that is not a locale id; the file's valid locale is still read.
        #expect(byFile["badlocale.yml"]?.first?.code == "ignored-locale")
        #expect(try catalog.localizedString("bonjour", locale: "fr") == "Bonjour")
        // Non-string scalars are read as written; `~` is no value, located.
        #expect(try catalog.localizedString("yes_value", locale: "de") == "yes")
        #expect(try catalog.localizedString("number", locale: "de") == "1.0")
        #expect(catalog.entry(forKey: "nothing", locale: "de") == nil)
        let null = try #require(byFile["scalars.yml"]?.first)
        #expect((null.line, null.column, null.key) == (4, 12, "nothing"))
        // Duplicate keys: reported with both positions, the later wins, the rest is read.
        let dup = try #require(byFile["dup.yml"]?.first)
        #expect(dup.code == "duplicate-key")
        #expect((dup.line, dup.column) == (2, 3))
        #expect(dup.message.contains("dup.yml:3:3"), "\(dup.message)")
        #expect(try catalog.localizedString("ciao", locale: "it") == "Ciao!")
        #expect(try catalog.localizedString("altro", locale: "it") == "Altro")
        // An unclosed quote: located at the scanner's position.
        let unclosed = try #require(byFile["unclosed.yml"]?.first)
        #expect(unclosed.line >= 2 && unclosed.message.contains("malformed YAML"), "\(unclosed)")
    }

    @Test func invalidUTF8AndBudgets() throws {
        let big = Array("en:\n  big: \"".utf8) + [UInt8](repeating: 0x61, count: 2 << 20) + Array("\"\n".utf8)
        let deep = Array("en:\n  a:\n    b:\n      c:\n        d:\n          e:\n            f: \"deep\"\n  shallow: \"ok\"\n".utf8)
        let directory = try YAMLFixtures.directory([
            "bad-utf8.yml": Array("en:\n  x: \"caf".utf8) + [0xC3, 0x28] + Array("\"\n".utf8),
            "big.yml": big,
            "deep.yml": deep,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        YAMLCatalog.register()
        let catalog = try Catalog(directory: directory)
        let byFile = Dictionary(grouping: catalog.diagnostics) { ($0.file as NSString).lastPathComponent }
        let utf8 = try #require(byFile["bad-utf8.yml"]?.first)
        #expect((utf8.line, utf8.column) == (2, 10), "\(utf8)")
        // Default budgets read both (2 MiB < 16 MiB; depth 7 < 64).
        #expect(try catalog.localizedString("a.b.c.d.e.f", locale: "en") == "deep")
        let bigEntry = try #require(catalog.entry(forKey: "big", locale: "en"))
        guard case .text(let bigText) = bigEntry.content else { throw ParlanceError(.invalidFile, "not a text") }
        #expect(bigText.text.utf8.count == 2 << 20)
        // Smaller budgets refuse them, located, and keep what is within budget.
        let budget = YAMLCatalogBudget(maximumFileSize: 1 << 20, maximumDepth: 4)
        let bigRead = YAMLCatalog.read(file: directory + "/big.yml", budget: budget)
        #expect(bigRead.diagnostics.map(\.code) == ["budget-exceeded"])
        #expect(bigRead.entries.isEmpty)
        let deepRead = YAMLCatalog.read(file: directory + "/deep.yml", budget: budget)
        #expect(deepRead.diagnostics.map(\.code) == ["budget-exceeded"])
        #expect(deepRead.diagnostics.first?.line == 7)
        #expect(deepRead.entries["en"]?.map(\.key) == ["shallow"])
    }

    /// An empty file is read without Foundation's file reading (which leaks a buffer for a
    /// 0-byte file, as the YAML fuzz target's leak check found): it has no entries and no
    /// diagnostic, while a missing file still says it cannot be read.
    @Test func emptyAndMissingFiles() throws {
        let directory = try YAMLFixtures.directory(["empty.yml": [], "blank.yml": Array("\n".utf8)])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["empty.yml", "blank.yml"] {
            let read = YAMLCatalog.read(file: directory + "/" + name)
            #expect(read.entries.isEmpty, "\(name): \(read.entries)")
            #expect(read.diagnostics.isEmpty, "\(name): \(read.diagnostics)")
        }
        let missing = YAMLCatalog.read(file: directory + "/missing.yml")
        #expect(missing.entries.isEmpty)
        #expect(missing.diagnostics.map(\.message) == ["the file cannot be read"])
        #expect(missing.diagnostics.map(\.line) == [0])
    }

    @Test func collisionsAreDeterministicWarnedAndLinted() throws {
        let catalog = try YAMLFixtures.catalog("collisions")
        // b.yml sorts after a.yml and wins; inside b.yml, the later `EN:` section wins over `en_US:`? No:
        // en_US and EN are different locales (en-US, en); EN's title collides with a.yml's en.
        #expect(try catalog.localizedString("title", locale: "en") == "Second")
        #expect(try catalog.localizedString("title", locale: "en-US") == "US first")
        #expect(try catalog.localizedString("only.a", locale: "en") == "A")
        let collisions = catalog.diagnostics.filter { $0.code == "key-collision" }
        #expect(collisions.count == 1, "\(catalog.diagnostics)")
        let collision = try #require(collisions.first)
        #expect(collision.file.hasSuffix("collisions/b.yml") && collision.line == 4)
        #expect(collision.message.contains("collisions/a.yml:2:10"), "\(collision.message)")
        let report = try CatalogLinter().lint(directory: YAMLFixtures.path("collisions"))
        let finding = try #require(report.diagnostics.first { $0.rule == .keyCollision })
        #expect(finding.severity == .error)
        #expect(report.hasErrors)
    }

    @Test func withoutRegistrationYAMLIsReportedNotSilentlyIgnored() throws {
        // The registry is process-wide: only the message shape is checked here, through the
        // reader of the test's own directory with no registered reader is not possible while
        // other tests register. Check the reader alone reads a file standalone instead.
        let file = YAMLCatalog.read(file: YAMLFixtures.path("seed/region-specific.yaml"))
        #expect(file.entries["en-gb"]?.map(\.key) == ["CarViewModel.carFrontCover"])
        #expect(file.entries["en-gb"]?.first?.location.line == 6)
        #expect(file.diagnostics.isEmpty)
    }
}

@Suite("YAML catalogs: placeholders, lint, ParlanceTesting, CLI")
struct YAMLIntegrationTests {
    static let files: [String: [UInt8]] = [
        "en.yml": Array(
            """
            en:
              files: "%d files in {folder}"
              inbox:
                one: "%{count} message"
                other: "%{count} messages"
              welcome: "Welcome, %{name}!"
              rating: "%{score} of 5"
              stars:
                one: "%{count} star"
                other: "%{count} stars"
            """.utf8),
        "fr.yml": Array(
            """
            fr:
              files: "%d fichiers dans {folder}"
              welcome: "Bienvenue, %{nom} !"
              rating: "%{score} sur 5"
              stars:
                one: "%{count} étoile"
                other: "%{count} étoiles"
            """.utf8),
        "ru.yml": Array(
            """
            ru:
              rating: "%{score} из 5"
              inbox:
                one: "%{count} сообщение"
                other: "%{count} сообщения"
              stars:
                one: "%{count} звезда"
                few: "%{count} звезды"
                many: "%{count} звёзд"
                other: "%{count} звезды"
            """.utf8),
    ]

    @Test func printfAndNamedArgumentsTogether() throws {
        let directory = try YAMLFixtures.directory(Self.files)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try YAMLFixtures.catalog(directory)
        #expect(try catalog.localizedString("files", locale: "fr", named: ["folder": "Documents"], arguments: [1200]) == "1\u{202F}200 fichiers dans Documents")
        // Numbers given by name are written in the locale's style.
        #expect(try catalog.localizedString("rating", locale: "ru", named: ["score": LocalizationArgument.decimal("4.5")]) == "4,5 из 5")
        #expect(try catalog.localizedString("stars", locale: "ru", named: ["count": LocalizationArgument.decimal("1.5")]) == "1,5 звезды")
        #expect(try catalog.localizedString("stars", locale: "fr", named: ["count": 1]) == "1 étoile")
        // A positional argument missing for %d: `invalid-argument`, as for every format.
        #expect {
            try catalog.localizedString("files", locale: "en", named: ["folder": "x"])
        } throws: { ($0 as? ParlanceError)?.code == .invalidArgument }
    }

    @Test func lintComparesNamesAndParlanceTestingRendersPlurals() throws {
        let directory = try YAMLFixtures.directory(Self.files)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        YAMLCatalog.register()
        let errors = try CatalogValidation.diagnostics(directory: directory)
        let mismatch = try #require(errors.first { $0.rule == .placeholderMismatch })
        #expect(mismatch.key == "welcome" && mismatch.language == "fr")
        #expect(mismatch.message.contains("%{nom}") && mismatch.message.contains("%{name}"), "\(mismatch.message)")
        #expect((mismatch.file, mismatch.line) == ("fr.yml", 3))
        #expect(errors.filter { $0.rule == .placeholderMismatch }.count == 1, "\(errors)")
        // CLDR plural completeness applies to YAML plurals: ru needs few and many.
        let incomplete = errors.filter { $0.rule == .pluralMissingCategory && $0.key == "inbox" }
        #expect(incomplete.count >= 1 && incomplete.allSatisfy { $0.language == "ru" && $0.file == "ru.yml" }, "\(errors)")
        #expect(incomplete.map(\.message).joined().contains("few"), "\(incomplete)")
        let catalog = try Catalog(directory: directory)
        let renderings = CatalogValidation.pluralRenderings(of: "stars", in: catalog, languages: [LocaleID("ru")])
        #expect(renderings.allSatisfy { $0.isSuccess }, "\(renderings)")
        let few = try #require(renderings.first { $0.category == .few })
        #expect(try few.result.get().hasSuffix("звезды"))
        let many = try #require(renderings.first { $0.category == .many })
        #expect(try many.result.get().hasSuffix("звёзд"))
    }

    @Test func lintReportsDuplicateKeysAndBadFiles() throws {
        YAMLCatalog.register()
        let report = try CatalogLinter().lint(directory: YAMLFixtures.path("bad"))
        let rules = Set(report.diagnostics.map { "\($0.rule.rawValue) \($0.file)" })
        #expect(rules.contains("duplicate-key dup.yml"), "\(rules)")
        #expect(rules.contains("budget-exceeded bomb.yml"), "\(rules)")
        #expect(rules.contains("unreadable-file tabs.yml"), "\(rules)")
        #expect(rules.contains("ignored-locale badlocale.yml"), "\(rules)")
        #expect(!rules.contains { $0.hasPrefix("no-catalog") })
    }

    @Test func theBinaryReadsYAML() throws {
        let run = ParlanceBinary.run
        let rails = YAMLFixtures.path("rails")
        let (status, text) = try run(["localize", "--catalog", rails, "--locale", "ru", "inbox.messages", "--arg", "count=22"])
        #expect(status == 0 && text == "22 сообщения\n", "\(text)")
        let (lintStatus, lintText) = try run(["lint", YAMLFixtures.path("collisions")])
        #expect(lintStatus == 1 && lintText.contains("key-collision"), "\(lintText)")
    }
}

@Suite("YAML catalogs beside .lproj and .xcstrings")
struct YAMLMixedDirectoryTests {
    @Test func yamlMergesIntoLocalizableBesideAppleFormats() throws {
        let directory = try YAMLFixtures.directory([
            "en.lproj/Localizable.strings": Array(#""shared" = "From .strings";"#.utf8),
            "config/locales/en.yml": Array("en:\n  shared: \"From YAML\"\n  only_yaml: \"YAML only, %{who}\"\n".utf8),
            "config/locales/de.yml": Array("de:\n  shared: \"Aus YAML\"\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try YAMLFixtures.catalog(directory)
        // In one locale an Apple-format entry wins over YAML (.stringsdict > .strings > .xcstrings > YAML).
        #expect(try catalog.localizedString("shared", locale: "en") == "From .strings")
        #expect(try catalog.localizedString("shared", locale: "de-AT") == "Aus YAML")
        #expect(try catalog.localizedString("only_yaml", locale: "en", named: ["who": "Ada"]) == "YAML only, Ada")
        #expect(catalog.keys() == ["only_yaml", "shared"])
        // Named arguments to a .strings entry are refused, typed.
        #expect {
            try catalog.localizedString("shared", locale: "en", named: ["x": 1])
        } throws: { ($0 as? ParlanceError)?.code == .invalidArgument }
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
    }
}

@Suite("YAML catalogs: mangled input never crashes")
struct YAMLMangledInputTests {
    /// Every fixture cut at many lengths and with bytes flipped: each read returns entries
    /// and/or located diagnostics, and every diagnostic's line lies inside the file.
    @Test func truncatedAndFlippedFixtures() throws {
        let fixtures = ["seed/viewmodels.yml", "rails/config/locales/en.yml", "rails/config/locales/ar.yml", "bad/bomb.yml", "bad/dup.yml"]
        var reads = 0
        for name in fixtures {
            let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: YAMLFixtures.path(name))))
            var variants: [[UInt8]] = stride(from: 0, to: original.count, by: max(1, original.count / 40)).map { Array(original.prefix($0)) }
            for index in stride(from: 0, to: original.count, by: max(1, original.count / 30)) {
                for replacement: UInt8 in [0x3A, 0x2D, 0x09, 0x26, 0x2A, 0x22, 0xFF, 0x7B, 0x0A] {
                    var copy = original
                    copy[index] = replacement
                    variants.append(copy)
                }
            }
            let directory = try YAMLFixtures.directory([:])
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            for (number, bytes) in variants.enumerated() {
                let path = directory + "/v\(number).yml"
                #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
                let read = YAMLCatalog.read(file: path, budget: YAMLCatalogBudget(maximumAliasExpansion: 2_000))
                let lines = bytes.filter { $0 == 0x0A }.count + 1
                for diagnostic in read.diagnostics {
                    #expect(diagnostic.line >= 0 && diagnostic.line <= lines + 1, "\(diagnostic)")
                }
                reads += 1
            }
        }
        #expect(reads > 1000)
    }
}
#endif
