#if YAML
import Foundation
import Parlance
import ParlanceLint
import ParlanceLocalization
import ParlanceTestSupport
import ParlanceConvert
import ParlanceYAML
import Testing

/// A catalog's entries without their locations, so that two catalogs read from different
/// files compare entry by entry.
struct EntrySnapshot: Equatable, CustomStringConvertible {
    var content: EntryValue
    var state: String?
    var comment: String?
    var extractionState: String?

    var description: String { "\(content) state=\(state ?? "nil") comment=\(comment ?? "nil") extraction=\(extractionState ?? "nil")" }

    static let nowhere = CatalogLocation(file: "", line: 0, column: 0)

    static func unlocated(_ text: LocatedText) -> LocatedText { LocatedText(text: text.text, location: nowhere) }

    static func unlocated(_ value: EntryValue) -> EntryValue {
        switch value {
        case .text(let text): return .text(unlocated(text))
        case .plural(let format, let variables):
            return .plural(
                format: unlocated(format),
                variables: variables.map { variable in
                    var copy = variable
                    copy.location = nowhere
                    // Variant order is not meaning (a variant is found by its keyword); Xcode writes them sorted.
                    copy.variants = variable.variants.map { PluralVariant(keyword: $0.keyword, text: unlocated($0.text), state: $0.state) }
                        .sorted { ($0.category?.index ?? 99, $0.keyword) < ($1.category?.index ?? 99, $1.keyword) }
                    return copy
                })
        case .device(let variants): return .device(variants.map { DeviceVariant(device: $0.device, value: unlocated($0.value), location: nowhere) })
        case .width(let variants): return .width(variants.map { WidthVariant(width: $0.width, value: unlocated($0.value), location: nowhere) })
        }
    }

    /// Every entry of one table by "<language> <key>".
    static func table(_ catalog: Catalog, _ table: String) -> [String: EntrySnapshot] {
        var out: [String: EntrySnapshot] = [:]
        for (_, localeTable) in catalog.model.tables[table] ?? [:] {
            for key in localeTable.keys {
                guard let entry = localeTable.entry(key) else { continue }
                out["\(entry.language.languageTag) \(key)"] = EntrySnapshot(
                    content: unlocated(entry.content), state: entry.state, comment: entry.comment, extractionState: entry.extractionState)
            }
        }
        return out
    }
}

/// The `parlance` binary built beside the tests, run as a process.
enum ParlanceBinary {
    /// The built `parlance`: exit status and standard output followed by standard error.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try ChildProcess.parlance(arguments)
        return (result.status, result.stdout + result.stderr)
    }
}

@Suite("parlance convert: YAML, String Catalogs and .lproj")
struct CatalogConversionTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/SampleCatalog").path
    static let shopFile = sample + "/Shop.xcstrings"

    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("parlance-convert-\(name)-\(UUID().uuidString)").path
    }

    static func temporaries(_ names: String...) -> [String] { names.map(temporary) }

    static func remove(_ paths: [String]) {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The sample's String Catalog evaluated in several languages, counts and devices.
    static func shopOutputs(_ directory: String, table: String) throws -> [String] {
        var out: [String] = []
        for device in ["iphone", "mac", "other"] {
            let catalog = try Catalog(directory: directory, device: device)
            for locale in ["en", "fr"] { out.append(try catalog.localizedString("checkout.title", table: table, locale: LocaleID(locale))) }
        }
        let catalog = try Catalog(directory: directory)
        for locale in ["en", "pl", "ru"] {
            for count in [0, 1, 2, 5, 21, 22, 25, 112] {
                out.append(try catalog.localizedString("cart.items", table: table, locale: LocaleID(locale), arguments: [count]))
            }
        }
        for locale in ["en", "ru"] {
            for (items, people) in [(1, 1), (2, 5), (21, 3), (5, 22)] {
                out.append(try catalog.localizedString("cart.summary", table: table, locale: LocaleID(locale), arguments: [items, people]))
            }
        }
        out.append(try catalog.localizedString("Welcome to the shop", table: table, locale: "en"))
        out.append(try catalog.localizedString("Welcome to the shop", table: table, locale: "fr"))
        return out
    }

    @Test func sampleStringCatalogRoundTripsThroughYAMLLosslessly() throws {
        YAMLCatalog.register()
        let directories = Self.temporaries("yaml", "back")
        defer { Self.remove(directories) }
        let (yaml, back) = (directories[0], directories[1])
        let original = try Catalog(directory: Self.sample)
        let (yamlFiles, losses) = try CatalogConverter.convert(original, table: "Shop", to: .yaml, directory: yaml)
        #expect(losses.isEmpty, "\(losses)")
        #expect(yamlFiles.map { ($0 as NSString).lastPathComponent }.sorted() == ["en.yml", "fr.yml", "pl.yml", "ru.yml"])
        let viaYAML = try Catalog(directory: yaml)
        #expect(viaYAML.diagnostics.isEmpty, "\(viaYAML.diagnostics)")
        // The YAML model already holds the substitution and the device variations exactly.
        let before = EntrySnapshot.table(original, "Shop")
        let inYAML = EntrySnapshot.table(viaYAML, "Localizable")
        for name in ["en cart.summary", "ru cart.summary", "en checkout.title", "fr checkout.title", "fr Welcome to the shop"] {
            #expect(inYAML[name] != nil && inYAML[name]?.content == before[name]?.content, "\(name): \(String(describing: inYAML[name]))")
        }
        #expect(inYAML["pl cart.items"]?.comment == "Number of items in the cart")
        // ru's `other` case is needs_review while the entry is translated: kept in the model and in YAML.
        let ruOther = try #require(
            inYAML["ru cart.items"].flatMap { snapshot -> PluralVariant? in
                guard case .plural(_, let variables) = snapshot.content else { return nil }
                return variables.first?.variants.first { $0.keyword == "other" }
            })
        #expect(ruOther.state == "needs_review")
        #expect(try String(contentsOfFile: yaml + "/ru.yml", encoding: .utf8).contains("=state: \"needs_review\""))
        #expect(inYAML["pl cart.items"]?.extractionState == "manual")

        let (_, secondLosses) = try CatalogConverter.convert(viaYAML, to: .xcstrings, directory: back)
        #expect(secondLosses.isEmpty, "\(secondLosses)")
        let roundTrip = try Catalog(directory: back)
        #expect(roundTrip.diagnostics.isEmpty, "\(roundTrip.diagnostics)")
        // Entry by entry, the catalog model is the same: contents, states, comments, extraction states.
        let after = EntrySnapshot.table(roundTrip, "Localizable")
        #expect(before.count == 9, "\(before.keys.sorted())")
        #expect(after.keys.sorted() == before.keys.sorted())
        for (name, snapshot) in before { #expect(after[name] == snapshot, "\(name)") }
        // The key without an English localization is still the key itself (not a translation).
        let written = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: back + "/Localizable.xcstrings"))) as? [String: Any])
        let strings = try #require(written["strings"] as? [String: [String: Any]])
        #expect((strings["Welcome to the shop"]?["localizations"] as? [String: Any])?.keys.sorted() == ["fr"])
        // … and each plural case keeps its own state (ru `other`: needs_review, the rest translated).
        let ruPlural = ((strings["cart.items"]?["localizations"] as? [String: Any])?["ru"] as? [String: Any])
            .flatMap { ($0["variations"] as? [String: Any])?["plural"] as? [String: [String: [String: String]]] }
        #expect(ruPlural?["other"]?["stringUnit"]?["state"] == "needs_review")
        #expect(ruPlural?["few"]?["stringUnit"]?["state"] == "translated")
        // … and evaluates the same, in every language, count and device.
        let expected = try Self.shopOutputs(Self.sample, table: "Shop")
        #expect(try Self.shopOutputs(back, table: "Localizable") == expected)
        #expect(try Self.shopOutputs(yaml, table: "Localizable") == expected)
        // Values checked against CLDR by hand: ru 21 → one, 3 → few, 5 → many, 22 → few; pl 22 → few.
        #expect(expected.contains("21 товар на 3 человек"))
        #expect(expected.contains("5 товаров на 22 человек"))
        #expect(expected.contains("22 produkty w koszyku"))
        #expect(expected.prefix(2) == ["Tap to pay", "Touchez pour payer"])
        #expect(expected[2...3] == ["Click to pay", "Payer maintenant"])
        // The linter reads the converted YAML as the original: the same rules fire, no new ones
        // (a YAML `count` plural whose variants print `%lld` is no argument-type conflict).
        func rules(_ directory: String) throws -> [String] {
            try CatalogLinter().lint(directory: directory).diagnostics.map { "\($0.rule.rawValue) \($0.language ?? "-") \($0.key ?? "-")" }.sorted()
        }
        let shopOnly = Self.temporary("shop-only")
        defer { Self.remove([shopOnly]) }
        try FileManager.default.createDirectory(atPath: shopOnly, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.shopFile, toPath: shopOnly + "/Shop.xcstrings")
        let originalRules = try rules(shopOnly)
        #expect(originalRules.count == 7 && originalRules.allSatisfy { $0.hasPrefix("missing-translation") }, "\(originalRules)")
        #expect(try rules(yaml) == originalRules)
    }

    @Test func sampleStringCatalogRoundTripsThroughLproj() throws {
        let directories = Self.temporaries("lproj", "back")
        defer { Self.remove(directories) }
        let (lproj, back) = (directories[0], directories[1])
        let original = try Catalog(directory: Self.sample)
        let (files, losses) = try CatalogConverter.convert(original, table: "Shop", to: .lproj, directory: lproj)
        #expect(
            files.map { $0.replacing(lproj + "/", with: "") }.sorted() == [
                "en.lproj/Shop.strings", "en.lproj/Shop.stringsdict", "fr.lproj/Shop.strings", "fr.lproj/Shop.stringsdict",
                "pl.lproj/Shop.stringsdict", "ru.lproj/Shop.stringsdict",
            ])
        // .lproj files hold no extraction state, a .stringsdict entry no comment and a plural case
        // no state (ru's `other` is needs_review, at its value, line 32): reported, located.
        let described = losses.map { "\($0.location.line):\($0.location.column) \($0.key) \($0.language)" }.sorted()
        #expect(
            described == [
                "16:16 cart.items pl", "16:16 cart.items pl", "26:16 cart.items ru", "26:16 cart.items ru", "32:80 cart.items ru",
                "8:16 cart.items en", "8:16 cart.items en",
            ], "\(losses)")
        #expect(losses.filter { $0.message.contains("the other case's state 'needs_review'") }.count == 1)
        #expect(losses.allSatisfy { $0.location.file == Self.shopFile })
        #expect(losses.filter { $0.message.contains("extraction state 'manual'") }.count == 3)
        #expect(losses.filter { $0.message.contains("comment") }.count == 3)

        let viaLproj = try Catalog(directory: lproj)
        #expect(viaLproj.diagnostics.isEmpty, "\(viaLproj.diagnostics)")
        let (_, secondLosses) = try CatalogConverter.convert(viaLproj, table: "Shop", to: .xcstrings, directory: back)
        #expect(secondLosses.isEmpty, "\(secondLosses)")
        let roundTrip = try Catalog(directory: back)
        let before = EntrySnapshot.table(original, "Shop")
        let after = EntrySnapshot.table(roundTrip, "Shop")
        #expect(after.keys.sorted() == before.keys.sorted())
        for (name, snapshot) in before {
            var expected = snapshot
            if name.hasSuffix(" cart.items") {
                expected.comment = nil
                expected.extractionState = nil
            }
            if name == "ru cart.items", case .plural(let format, var variables) = expected.content {
                // The reported loss: .stringsdict holds no per-case state.
                variables[0].variants = variables[0].variants.map { PluralVariant(keyword: $0.keyword, text: $0.text) }
                expected.content = .plural(format: format, variables: variables)
            }
            #expect(after[name] == expected, "\(name)")
        }
        let expected = try Self.shopOutputs(Self.sample, table: "Shop")
        #expect(try Self.shopOutputs(lproj, table: "Shop") == expected)
        #expect(try Self.shopOutputs(back, table: "Shop") == expected)
        // The substitution as Foundation reads a .stringsdict: positions placed, %arg written out.
        let dict = try String(contentsOfFile: lproj + "/ru.lproj/Shop.stringsdict", encoding: .utf8)
        #expect(dict.contains("<string>%1$#@items@ на %2$#@people@</string>"))
        #expect(dict.contains("<string>%2$lld человек</string>"))
        #expect(try String(contentsOfFile: lproj + "/en.lproj/Shop.stringsdict", encoding: .utf8).contains("<key>NSStringDeviceSpecificRuleType</key>"))
    }

    /// The .strings/.stringsdict table of the sample (ar, cy, ga, pl, ru plurals, several
    /// variables, positional arguments, a `.1f` value type) to YAML and back to .lproj, and
    /// to a String Catalog.
    @Test func lprojToYAMLToLprojEvaluatesTheSame() throws {
        YAMLCatalog.register()
        let directories = Self.temporaries("yaml", "lproj", "xcstrings")
        defer { Self.remove(directories) }
        let (yaml, lproj, xcstrings) = (directories[0], directories[1], directories[2])
        let original = try Catalog(directory: Self.sample)
        let (_, losses) = try CatalogConverter.convert(original, to: .yaml, directory: yaml)
        // Only the `{count}` of a .strings text, which YAML reads as a placeholder.
        #expect(Set(losses.map(\.key)) == ["load_more_count"], "\(losses)")
        let viaYAML = try Catalog(directory: yaml)
        #expect(viaYAML.diagnostics.isEmpty, "\(viaYAML.diagnostics)")
        let (_, lprojLosses) = try CatalogConverter.convert(viaYAML, to: .lproj, directory: lproj)
        #expect(Set(lprojLosses.map(\.key)) == ["load_more_count"], "\(lprojLosses)")
        let back = try Catalog(directory: lproj)
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
        func outputs(_ catalog: Catalog) throws -> [String] {
            var out: [String] = []
            for locale in ["ar", "cy", "ga", "pl", "ru", "en"] {
                for count in [0, 1, 2, 3, 6, 11, 100, 101] {
                    out.append(try catalog.localizedString("items.count", locale: LocaleID(locale), arguments: [count]))
                }
            }
            for locale in ["en", "ru", "pl"] {
                out.append(try catalog.localizedString("files.in.folders", locale: LocaleID(locale), arguments: [1, 5]))
                out.append(try catalog.localizedString("files.in.folders", locale: LocaleID(locale), arguments: [22, 21]))
            }
            out.append(try catalog.localizedString("user.photos.count", locale: "en", arguments: ["Ada", 0]))
            out.append(try catalog.localizedString("user.photos.count", locale: "en", arguments: ["Ada", 3]))
            out.append(try catalog.localizedString("distance.km", locale: "en", arguments: [1.0]))
            out.append(try catalog.localizedString("time.ago.minutes", locale: "en", arguments: [1]))
            out.append(try catalog.localizedString("escapes", locale: "en"))
            return out
        }
        let expected = try outputs(original)
        #expect(try outputs(viaYAML) == expected)
        #expect(try outputs(back) == expected)
        // To a String Catalog: .stringsdict variables become substitutions (argNum, %arg).
        let (_, catalogLosses) = try CatalogConverter.convert(original, to: .xcstrings, directory: xcstrings)
        #expect(!catalogLosses.isEmpty && catalogLosses.allSatisfy { $0.message.contains("comment differs") }, "\(catalogLosses)")
        #expect(try outputs(Catalog(directory: xcstrings)) == expected)
        #expect(try String(contentsOfFile: xcstrings + "/Localizable.xcstrings", encoding: .utf8).contains(#""value" : "%1$@ has %#@photos@""#))
        // Independent values: Arabic `two` and `many`, `.1f` of 1 is "1.0" (other in English).
        #expect(expected[2] == "عنصران" && expected[5] == "١١ عنصرًا", "\(expected.prefix(8))")
        #expect(expected.contains("1.0 kilometres"))
        #expect(expected.last == "Café \"quoted\"\n\\ tab\there")
        // `.strings` comments travel as YAML `=comment` and back as `/* */`.
        #expect(try String(contentsOfFile: yaml + "/en.yml", encoding: .utf8).contains("=comment: \"Formats\""))
        #expect(try String(contentsOfFile: lproj + "/en.lproj/Localizable.strings", encoding: .utf8).contains("/* Formats */\n\"user.greeting\""))
    }

    /// Width variations and a plural inside a device variation, from a .stringsdict, through
    /// YAML and back; a String Catalog cannot hold widths: reported, the widest written.
    @Test func widthAndDevicePluralsInEveryTarget() throws {
        YAMLCatalog.register()
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>pay.button</key>
              <dict><key>NSStringVariableWidthRuleType</key><dict>
                <key>20</key><string>Pay</string>
                <key>50</key><string>Pay now &amp; securely</string>
              </dict></dict>
              <key>items.device</key>
              <dict><key>NSStringDeviceSpecificRuleType</key><dict>
                <key>iphone</key>
                <dict>
                  <key>NSStringLocalizedFormatKey</key><string>%#@n@ on your iPhone</string>
                  <key>n</key><dict>
                    <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key><string>d</string>
                    <key>one</key><string>%d item</string>
                    <key>other</key><string>%d items</string>
                  </dict>
                </dict>
                <key>other</key><string>Items</string>
              </dict></dict>
            </dict></plist>
            """
        let source = try YAMLFixtures.directory(["en.lproj/Localizable.stringsdict": Array(plist.utf8)])
        let directories = Self.temporaries("yaml", "lproj", "xcstrings")
        defer { Self.remove(directories + [source]) }
        let (yaml, lproj, xcstrings) = (directories[0], directories[1], directories[2])
        let original = try Catalog(directory: source)
        #expect(original.diagnostics.isEmpty, "\(original.diagnostics)")
        #expect(try CatalogConverter.convert(original, to: .yaml, directory: yaml).losses.isEmpty)
        let text = try String(contentsOfFile: yaml + "/en.yml", encoding: .utf8)
        #expect(text.contains("    =width:\n      20: \"Pay\"\n      50: \"Pay now & securely\"\n"), "\(text)")
        #expect(text.contains("    =device:\n      iphone:\n        =format: \"%#@n@ on your iPhone\"\n"), "\(text)")
        let viaYAML = try Catalog(directory: yaml)
        #expect(viaYAML.diagnostics.isEmpty, "\(viaYAML.diagnostics)")
        #expect(try CatalogConverter.convert(viaYAML, to: .lproj, directory: lproj).losses.isEmpty)
        let back = try Catalog(directory: lproj)
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
        let before = EntrySnapshot.table(original, "Localizable")
        // The width choice is the same model everywhere.
        #expect(EntrySnapshot.table(viaYAML, "Localizable")["en pay.button"] == before["en pay.button"])
        #expect(EntrySnapshot.table(back, "Localizable")["en pay.button"] == before["en pay.button"])
        for directory in [source, yaml, lproj] {
            let catalog = try Catalog(directory: directory, device: "iphone")
            #expect(try catalog.localizedString("pay.button", locale: "en", width: 30) == "Pay", "\(directory)")
            #expect(try catalog.localizedString("pay.button", locale: "en", width: 60) == "Pay now & securely")
            #expect(try catalog.localizedString("items.device", locale: "en", arguments: [1]) == "1 item on your iPhone")
            #expect(try catalog.localizedString("items.device", locale: "en", arguments: [4]) == "4 items on your iPhone")
            #expect(try Catalog(directory: directory).localizedString("items.device", locale: "en", arguments: [4]) == "Items")
        }
        // A String Catalog has no widths: the loss is reported where the widths are written.
        let (_, losses) = try CatalogConverter.convert(viaYAML, to: .xcstrings, directory: xcstrings)
        #expect(losses.count == 1 && losses[0].key == "pay.button" && losses[0].message.contains("only the widest (50)"), "\(losses)")
        let widestLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("      50: ") }.map { $0 + 1 }
        #expect(losses.first?.location.file == yaml + "/en.yml" && losses.first?.location.line == widestLine, "\(losses)")
        let catalog = try Catalog(directory: xcstrings, device: "iphone")
        #expect(try catalog.localizedString("pay.button", locale: "en", width: 30) == "Pay now & securely")
        #expect(try catalog.localizedString("items.device", locale: "en", arguments: [4]) == "4 items on your iPhone")
    }

    /// Quotes, backslashes, line breaks, XML's specials and invisible characters survive every
    /// target's escaping.
    @Test func escapingSurvivesEveryTarget() throws {
        YAMLCatalog.register()
        let texts = [
            "a \"quoted\" \\ text", "tab\there\nnewline\r\n", "<b>&amp; é</b> > x", "# not a comment", "- not a list", "yes", "~",
            "100%% done", "emoji 👍🏽", "\u{85}\u{2028}\u{FEFF}zero width",
        ]
        var yaml = "en:\n"
        for (index, text) in texts.enumerated() {
            yaml += "  text\(index): \(CatalogConverter.yamlQuoted(text))\n"
            yaml += "  plural\(index):\n    one: \(CatalogConverter.yamlQuoted(text))\n    other: \(CatalogConverter.yamlQuoted(text + "s"))\n"
        }
        yaml += "  commented:\n    =comment: \"a */ comment\"\n    =text: \"x\"\n"
        let source = try YAMLFixtures.directory(["en.yml": Array(yaml.utf8)])
        defer { try? FileManager.default.removeItem(atPath: source) }
        let original = try Catalog(directory: source)
        #expect(original.diagnostics.isEmpty, "\(original.diagnostics)")
        let expected = try texts.indices.flatMap { index in
            [try original.localizedString("text\(index)", locale: "en"), try original.localizedString("plural\(index)", locale: "en", named: ["count": 2])]
        }
        #expect(expected[0] == texts[0] && expected[1] == texts[0] + "s")
        for target in CatalogConverter.Target.allCases {
            let out = Self.temporary(target.rawValue)
            defer { try? FileManager.default.removeItem(atPath: out) }
            let (_, losses) = try CatalogConverter.convert(original, to: target, directory: out)
            if target == .lproj {
                #expect(losses.map(\.key) == ["commented"] && losses[0].message.contains("* /"), "\(losses)")
            } else if target == .mo {
                #expect(losses.map(\.key) == ["commented"] && losses[0].message.contains("no comments"), "\(losses)")
            } else if target == .i18next {
                // i18next holds no comments and names a plural's number `count`.
                #expect(
                    losses.allSatisfy { ($0.key == "commented" && $0.message.contains("no comments")) || $0.message.contains("argument count") },
                    "\(losses)")
            } else {
                #expect(losses.isEmpty, "\(target): \(losses)")
            }
            let read = try Catalog(directory: out)
            #expect(read.diagnostics.isEmpty, "\(target): \(read.diagnostics)")
            let values = try texts.indices.flatMap { index in
                [
                    try read.localizedString("text\(index)", locale: "en"),
                    target == .i18next
                        ? try read.localizedString("plural\(index)", locale: "en", named: ["count": 2])
                        : try read.localizedString("plural\(index)", locale: "en", arguments: [2]),
                ]
            }
            #expect(values == expected, "\(target)")
            let comment = read.entry(forKey: "commented", locale: "en")?.comment
            #expect([.lproj, .mo, .i18next].contains(target) ? comment == nil : comment == "a */ comment", "\(target)")
        }
    }

    @Test func theCommandConvertsAndReportsLossesWithExitStatus3() throws {
        let directories = Self.temporaries("yaml", "lproj", "xcstrings")
        defer { Self.remove(directories) }
        let (yaml, lproj, xcstrings) = (directories[0], directories[1], directories[2])
        let (status, output) = try ParlanceBinary.run(["convert", Self.sample, "--table", "Shop", "--to", "yaml", "--output", yaml])
        #expect(status == 0, "\(output)")
        #expect(output.split(separator: "\n").sorted() == ["en", "fr", "pl", "ru"].map { "\(yaml)/\($0).yml" }, "\(output)")
        let (backStatus, backOutput) = try ParlanceBinary.run(["convert", yaml, "--to", "xcstrings", "--output", xcstrings])
        #expect(backStatus == 0 && backOutput == "\(xcstrings)/Localizable.xcstrings\n", "\(backOutput)")
        #expect(try Catalog(directory: xcstrings).localizedString("cart.summary", locale: "ru", arguments: [2, 5]) == "2 товара на 5 человек")

        let (lossyStatus, lossyOutput) = try ParlanceBinary.run(["convert", Self.sample, "--table", "Shop", "--to", "lproj", "--output", lproj])
        #expect(lossyStatus == 3, "\(lossyOutput)")
        #expect(
            lossyOutput.contains("lossy: \(Self.shopFile):8:16: 'cart.items' (en): the extraction state 'manual' has no .strings/.stringsdict form"),
            "\(lossyOutput)")
        #expect(lossyOutput.components(separatedBy: "lossy: ").count - 1 == 7)

        let (badStatus, badOutput) = try ParlanceBinary.run(["convert", Self.sample, "--to", "strings", "--output", lproj])
        #expect(
            badStatus != 0 && badStatus != 3
                && badOutput.contains("--to takes yaml, xcstrings, lproj, po, mo, xliff, xliff2, android, arb, i18next, not strings"),
            "\(badOutput)")
        let (tableStatus, tableOutput) = try ParlanceBinary.run(["convert", Self.sample, "--table", "Nope", "--to", "yaml", "--output", lproj])
        #expect(tableStatus != 0 && tableOutput.contains("the table 'Nope' is not in the catalog"), "\(tableOutput)")
    }

    /// An ICU MessageFormat value (its comment holds the marker) stays one in YAML and String
    /// Catalogs; .lproj files cannot say so: reported.
    @Test func messageFormatValuesKeepTheirMarkerOrAreReported() throws {
        YAMLCatalog.register()
        let yaml =
            "ru:\n  files:\n    =comment: \"[icu-messageformat] files in a folder\"\n    =text: \"{count, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}\"\n"
        let source = try YAMLFixtures.directory(["ru.yml": Array(yaml.utf8)])
        let directories = Self.temporaries("xcstrings", "yaml", "lproj")
        defer { Self.remove(directories + [source]) }
        let original = try Catalog(directory: source)
        #expect(try original.localizedString("files", locale: "ru", named: ["count": 22]) == "22 файла")
        for (target, directory) in zip([CatalogConverter.Target.xcstrings, .yaml], directories) {
            let (_, losses) = try CatalogConverter.convert(original, to: target, directory: directory)
            #expect(losses.isEmpty, "\(target): \(losses)")
            let read = try Catalog(directory: directory)
            #expect(read.entry(forKey: "files", locale: "ru")?.isMessageFormat == true)
            #expect(try read.localizedString("files", locale: "ru", named: ["count": 25]) == "25 файлов", "\(target)")
        }
        let (_, losses) = try CatalogConverter.convert(original, to: .lproj, directory: directories[2])
        #expect(losses.contains { $0.key == "files" && $0.message.contains("read as a printf format") }, "\(losses)")
    }

    @Test func yamlNamedPlaceholdersIntoAppleFormatsAreReported() throws {
        let out = Self.temporary("rails")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (files, losses) = try CatalogConverter.convert(try YAMLFixtures.catalog("rails"), to: .xcstrings, directory: out)
        #expect(files.map { ($0 as NSString).lastPathComponent } == ["Localizable.xcstrings"])
        #expect(losses.contains { $0.key == "greeting" && $0.message.contains("%{name}") && $0.location.line > 0 }, "\(losses)")
        let (_, lprojLosses) = try CatalogConverter.convert(try YAMLFixtures.catalog("rails"), to: .lproj, directory: out + "-lproj")
        defer { try? FileManager.default.removeItem(atPath: out + "-lproj") }
        #expect(lprojLosses.contains { $0.key == "greeting" && $0.message.contains(".strings/.stringsdict") }, "\(lprojLosses)")
    }
}

@Suite("YAML structured entries: malformed shapes")
struct YAMLStructuredEntryTests {
    static let yaml = """
        en:
          good.first: "First"
          bad.undefined:
            =format: "%#@items@ and %#@boxes@"
            =variables:
              items: { one: "%d item", other: "%d items" }
          bad.variablesOnly:
            =variables:
              items: { one: "%d item", other: "%d items" }
          bad.argNum:
            =format: "%#@items@"
            =variables:
              items: { =argNum: zero, one: "%d item", other: "%d items" }
          bad.specifier:
            =format: "%#@items@"
            =variables:
              items: { =formatSpecifier: "q!", one: "%arg item", other: "%arg items" }
          bad.both:
            =format: "%#@items@"
            =variables:
              items: { =valueType: d, =formatSpecifier: lld, one: "%d item", other: "%d items" }
          bad.device: { =device: "Tap" }
          bad.width:
            =width: { wide: "Pay" }
          bad.unknown: { =bogus: "x", =text: "y" }
          bad.twoShapes: { =text: "x", one: "a", other: "b" }
          bad.onlyComment: { =comment: "Nothing else" }
          bad.commentInside:
            =device:
              iphone: { =comment: "no", =text: "x" }
          bad.deviceName:
            =device: { "i-phone": "x", other: "y" }
          bad.sibling: { =text: "x", title: "y" }
          good.last:
            =device:
              iphone: "Tap"
              other:
                =width: { 20: "Pay", 50: "Pay now" }

        """

    @Test func eachBadEntryIsLocatedAndTheRestIsRead() throws {
        let directory = try YAMLFixtures.directory(["en.yml": Array(Self.yaml.utf8)])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let read = YAMLCatalog.read(file: directory + "/en.yml")
        #expect(read.entries["en"]?.map(\.key) == ["good.first", "good.last"])
        let found = read.diagnostics.map { "\($0.line):\($0.column) \($0.key ?? "-") \($0.code)" }
        #expect(
            found == [
                "4:14 bad.undefined malformed-entry", "8:5 bad.variablesOnly malformed-entry", "13:25 bad.argNum malformed-entry",
                "17:34 bad.specifier malformed-entry", "21:14 bad.both malformed-entry", "22:26 bad.device malformed-entry",
                "24:15 bad.width malformed-entry", "25:18 bad.unknown malformed-entry", "26:18 bad.twoShapes malformed-entry",
                "27:20 bad.onlyComment malformed-entry", "30:17 bad.commentInside malformed-entry", "32:16 bad.deviceName malformed-entry",
                "33:30 bad.sibling malformed-entry",
            ], "\(read.diagnostics)")
        let messages = read.diagnostics.map(\.message)
        let expectedParts = [
            "uses %#@boxes@, which =variables does not define", "=variables needs a =format", "=argNum takes an argument number",
            "unknown format specifier 'q!'", "both =valueType and =formatSpecifier", "=device takes a mapping", "a width is a whole number",
            "unknown key '=bogus'", "one value per mapping: found =text, plural categories", "the entry has only metadata",
            "=comment belongs at the entry level", "a device is a name of letters and digits", "'title' beside =keys",
        ]
        for (message, part) in zip(messages, expectedParts) { #expect(message.contains(part), "\(message)") }
        #expect(read.diagnostics.allSatisfy { $0.file == directory + "/en.yml" && $0.message.hasSuffix("the entry is skipped") })

        // The good entries work in a catalog beside the bad ones.
        YAMLCatalog.register()
        let catalog = try Catalog(directory: directory, device: "mac")
        #expect(try catalog.localizedString("good.last", locale: "en", width: 25) == "Pay")
        #expect(try catalog.localizedString("good.last", locale: "en", width: 80) == "Pay now")
        #expect(try Catalog(directory: directory, device: "iphone").localizedString("good.last", locale: "en") == "Tap")
        #expect(throws: ParlanceError.self) { try catalog.localizedString("bad.argNum", locale: "en", arguments: [1]) }
    }

    /// A plural case with a state of its own (`=text` + `=state`) is read with its state and
    /// evaluates as a plain case; a case mapping with another key is a located error.
    @Test func pluralCaseStates() throws {
        let text = """
            en:
              cart.items:
                one: "%{count} item"
                other:
                  =text: "%{count} items"
                  =state: needs_review
              bad.case:
                one: "%{count} thing"
                other:
                  =txt: "%{count} things"
            """
        let directory = try YAMLFixtures.directory(["en.yml": Array(text.utf8)])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let read = YAMLCatalog.read(file: directory + "/en.yml")
        let entry = try #require(read.entries["en"]?.first { $0.key == "cart.items" })
        guard case .plural(_, let variables) = entry.content else {
            Issue.record("cart.items is not a plural: \(entry.content)")
            return
        }
        #expect(variables[0].variants.map(\.keyword) == ["one", "other"])
        #expect(variables[0].variants.map(\.state) == [nil, "needs_review"])
        #expect(variables[0].variants.last?.text.text == "%{count} items")
        #expect(read.diagnostics.contains { $0.line == 10 && $0.message.contains("=txt") }, "\(read.diagnostics)")
        YAMLCatalog.register()
        let catalog = try Catalog(directory: directory)
        #expect(try catalog.localizedString("cart.items", locale: "en", named: ["count": 3]) == "3 items")
    }

    /// A structured entry's variables: `=argNum` makes them positional, as in Apple formats;
    /// without it a variable is chosen by the named argument of its name.
    @Test func structuredVariablesEvaluate() throws {
        let yaml = """
            ru:
              cart.summary:
                =comment: "Shown under the cart"
                =state: needs_review
                =format: "%#@items@ на %#@people@"
                =variables:
                  items: { =argNum: 1, =formatSpecifier: lld, one: "%arg товар", few: "%arg товара", many: "%arg товаров", other: "%arg товара" }
                  people: { =argNum: 2, =valueType: d, one: "%2$d человека", few: "%2$d человек", many: "%2$d человек", other: "%2$d человека" }
              named:
                =format: "%#@files@ в %{folder}"
                =variables:
                  files: { one: "%{files} файл", few: "%{files} файла", many: "%{files} файлов", other: "%{files} файла" }

            """
        let directory = try YAMLFixtures.directory(["ru.yml": Array(yaml.utf8)])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        YAMLCatalog.register()
        let catalog = try Catalog(directory: directory)
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
        #expect(try catalog.localizedString("cart.summary", locale: "ru", arguments: [21, 5]) == "21 товар на 5 человек")
        #expect(try catalog.localizedString("cart.summary", locale: "ru", arguments: [3, 1]) == "3 товара на 1 человека")
        let entry = try #require(catalog.entry(forKey: "cart.summary", locale: "ru"))
        #expect(entry.state == "needs_review" && entry.comment == "Shown under the cart" && !entry.isMessageFormat)
        #expect(try catalog.localizedString("named", locale: "ru", named: ["files": 5, "folder": "Документы"]) == "5 файлов в Документы")
        #expect(throws: ParlanceError.self) { try catalog.localizedString("named", locale: "ru", named: ["folder": "x"]) }
    }
}
#endif
