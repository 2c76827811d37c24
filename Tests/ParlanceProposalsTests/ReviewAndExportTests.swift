#if YAML && Translation
import Foundation
import Parlance
import ParlanceLocalization
import ParlanceProposals
import ParlanceTestSupport
import ParlanceYAML
import Testing

/// A catalog directory written for a test: `files` are path → contents.
func writeCatalog(_ files: [String: String]) throws -> URL {
    let directory = try temporaryDirectory()
    for (path, contents) in files {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }
    return directory
}

@Suite struct ReviewCatalogTests {
    static func manager() throws -> (LanguageManager, URL) {
        let directory = try writeCatalog([
            "en.lproj/Localizable.strings": #""settings.title" = "Settings"; "items" = "%d items"; "only.en" = "English";"#,
            "de.lproj/Localizable.strings": #""settings.title" = "Einstellungen"; "items" = "%d Elemente";"#,
            "de.lproj/Shop.strings": #""buy" = "Kaufen";"#,
        ])
        let catalog = try Catalog(directory: directory.path, developmentLanguage: "en")
        return (LanguageManager(catalog: catalog, environment: [:]), directory)
    }

    /// The key the hand-made proposals' authors are hashed with.
    static let key = try! ProposalGuidKey(text: "review tests' proposals key")

    static func open(_ key: String, _ value: String, guid: String, locale: String = "de", table: String = "Localizable", at seconds: Double)
        throws -> Proposal
    {
        Proposal(
            id: UUID(), identifier: TranslationIdentifier(section: table, key: key), locale: try LocaleID(locale), value: value,
            author: Self.key.author(of: guid), createdAt: Date(timeIntervalSince1970: seconds), state: .open)
    }

    @Test func servesProposalsByScopeAndLanguage() throws {
        let (manager, directory) = try Self.manager()
        defer { try? FileManager.default.removeItem(at: directory) }
        let proposals = [
            try Self.open("settings.title", "Optionen", guid: "alice", at: 1),
            try Self.open("settings.title", "Einstellungen (neu)", guid: "bob", at: 2),
            try Self.open("items", "%d Dinge", guid: "alice", at: 3),
            try Self.open("buy", "Jetzt kaufen", guid: "bob", table: "Shop", at: 4),
        ]
        let own = ReviewCatalog(manager: manager, scope: .ownProposals)
        let everyone = ReviewCatalog(manager: manager, scope: .everyone)
        own.replace(with: proposals, authorOf: Self.key.author(of:))
        everyone.replace(with: proposals, authorOf: Self.key.author(of:))
        try manager.withLanguage("de") { () throws -> Void in
            // Own scope: alice sees hers, carol (no proposals) and nobody see the catalog.
            #expect(own.string("settings.title", guid: "alice") == "Optionen")
            #expect(own.string("settings.title", guid: "carol") == "Einstellungen")
            #expect(own.string("settings.title", guid: nil) == "Einstellungen")
            // Everyone: the newest, unless the guid has its own.
            #expect(everyone.string("settings.title", guid: "carol") == "Einstellungen (neu)")
            #expect(everyone.string("settings.title", guid: "alice") == "Optionen")
            #expect(everyone.string("buy", table: "Shop", guid: nil) == "Jetzt kaufen")
            // A proposed format is formatted in the current language (de groups with ".").
            #expect(try own.localizedString("items", arguments: [1234], guid: "alice") == "1.234 Dinge")
            #expect(try own.localizedString("items", arguments: [1234], guid: "bob") == "1.234 Elemente")
            // The task-local guid.
            ReviewCatalog.withGuid("alice") { #expect(own.string("settings.title") == "Optionen") }
        }
        // Another language: no proposals for en, the catalog's text.
        try manager.withLanguage("en") {
            #expect(everyone.string("settings.title", guid: "alice") == "Settings")
            #expect(everyone.string("only.en") == "English")
        }
    }

    @Test func aMalformedProposedFormatThrowsAndTheUIFallsBack() throws {
        let (manager, directory) = try Self.manager()
        defer { try? FileManager.default.removeItem(at: directory) }
        let review = ReviewCatalog(manager: manager, scope: .everyone)
        review.replace(with: [try Self.open("items", "%n kaputt", guid: "g", at: 1)])
        try manager.withLanguage("de") { () throws -> Void in
            #expect(throws: ParlanceError.self) { try review.localizedString("items", arguments: [3]) }
            #expect(review.string("items", arguments: [3]) == "3 Elemente")
        }
    }

    @Test func refreshReadsOnlyOpenProposalsFromAStore() async throws {
        let (manager, directory) = try Self.manager()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteProposalStore(path: directory.appendingPathComponent("p.sqlite").path)
        let accepted = try await store.propose(ProposalDraft(section: "Localizable", key: "settings.title", locale: "de", value: "Alt", guid: "a"))
        _ = try await store.review(id: accepted.proposal.id, state: .accepted)
        let review = ReviewCatalog(manager: manager, scope: .everyone)
        try await review.refresh(from: store)
        try manager.withLanguage("de") { #expect(review.string("settings.title") == "Einstellungen") }
        _ = try await store.propose(ProposalDraft(section: "Localizable", key: "settings.title", locale: "de", value: "Neu", guid: "b"))
        try await review.refresh(from: store)
        try manager.withLanguage("de") { #expect(review.string("settings.title") == "Neu") }
        // de-AT falls back to the language's proposals.
        #expect(review.proposal(forKey: "settings.title", locale: LocaleID("de-AT"), guid: nil)?.value == "Neu")
    }
}

@Suite struct ProposalExportTests {
    static let accepted: [Proposal] = {
        func make(_ section: String, _ key: String, _ locale: String, _ value: String, _ seconds: Double) -> Proposal {
            Proposal(
                id: UUID(), identifier: TranslationIdentifier(section: section, key: key), locale: try! LocaleID(locale), value: value,
                author: nil, createdAt: Date(timeIntervalSince1970: seconds), state: .accepted)
        }
        return [
            make("Localizable", "settings.title", "de", "Einstellungen \"neu\"\nZeile 2", 1),
            make("Localizable", "settings.title", "de", "Einstellungen (neuer)", 2),
            make("Localizable", "greeting", "fr", "Bonjour, %@ ! \\o/", 3),
            make("Shop", "buy", "de", "Jetzt kaufen: ✓", 4),
            make("Shop", "bell", "de", "Glocke\u{7}\u{2028}Ende", 5),
        ]
    }()

    /// Each format is read back by Parlance's own catalog readers; the values are the proposals'.
    @Test(arguments: ProposalExport.Format.allCases)
    func patchReadsBackAsACatalog(_ format: ProposalExport.Format) throws {
        YAMLCatalog.register()
        let patch = try ProposalExport.patch(Self.accepted, format: format, sourceLanguage: LocaleID("en"))
        #expect(patch.superseded.map(\.value) == ["Einstellungen \"neu\"\nZeile 2"])
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try patch.write(to: directory)
        // YAML keeps one table per directory: the Shop section is in its own subdirectory.
        let catalog = try Catalog(directory: directory.path, developmentLanguage: "de")
        #expect(catalog.string("settings.title", locale: LocaleID("de")) == "Einstellungen (neuer)")
        #expect(catalog.string("greeting", locale: LocaleID("fr"), arguments: ["Ada"]) == "Bonjour, Ada ! \\o/")
        if format == .yaml {
            let shop = try Catalog(directory: directory.appendingPathComponent("Shop").path, developmentLanguage: "de")
            #expect(shop.string("buy", locale: LocaleID("de")) == "Jetzt kaufen: ✓")
            #expect(shop.string("bell", locale: LocaleID("de")) == "Glocke\u{7}\u{2028}Ende")
        } else {
            #expect(catalog.string("buy", table: "Shop", locale: LocaleID("de")) == "Jetzt kaufen: ✓")
            #expect(catalog.string("bell", table: "Shop", locale: LocaleID("de")) == "Glocke\u{7}\u{2028}Ende")
        }
    }

    @Test func aSectionThatIsNoFileNameIsRefused() {
        let bad = Proposal(
            id: UUID(), identifier: TranslationIdentifier(section: "../etc", key: "k"), locale: LocaleID("de"), value: "v", author: nil,
            createdAt: Date(), state: .accepted)
        #expect(throws: ParlanceError.self) { try ProposalExport.patch([bad], format: .strings, sourceLanguage: LocaleID("en")) }
    }
}

/// `parlance proposals` on a real SQLite file, as a reviewer runs it.
@Suite struct ProposalsCommandTests {
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let result = try ChildProcess.parlance(arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        return (result.status, result.stdout, result.stderr)
    }

    @Test func listAcceptRejectExport() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("p.sqlite").path
        let store = try SQLiteProposalStore(path: path)
        let first = try await store.propose(ProposalDraft(section: "Localizable", key: "save", locale: "de", value: "Sichern", guid: "a")).proposal
        let second = try await store.propose(ProposalDraft(section: "Localizable", key: "open", locale: "de", value: "Öffnen\tjetzt", guid: "b")).proposal
        let database = ["--database", "sqlite:" + path]

        let listed = try Self.run(["proposals", "list"] + database)
        #expect(listed.status == 0, "\(listed.err)")
        let lines = listed.out.split(separator: "\n")
        #expect(lines.count == 2)
        // The author column is the start of the guid's keyed hash, never the guid.
        let author = try #require(first.author?.description)
        #expect(lines.contains { $0.hasPrefix(first.id.uuidString + "\topen\tde\tLocalizable\tsave\t\(author)\t") && $0.hasSuffix("\tSichern") })
        #expect(lines.contains { $0.hasSuffix("\tÖffnen\\tjetzt") })

        let accepted = try Self.run(["proposals", "accept", first.id.uuidString] + database)
        #expect(accepted.status == 0, "\(accepted.err)")
        #expect(try await store.proposal(id: first.id)?.state == .accepted)
        // The environment variable names the store when --database is absent.
        let rejected = try Self.run(["proposals", "reject", second.id.uuidString], environment: ["PARLANCE_DATABASE_URL": "sqlite:" + path])
        #expect(rejected.status == 0, "\(rejected.err)")
        #expect(try await store.proposal(id: second.id)?.state == .rejected)
        let twice = try Self.run(["proposals", "accept", first.id.uuidString] + database)
        #expect(twice.status != 0)
        #expect(twice.err.contains("proposal-not-open"), "\(twice.err)")
        let unknown = try Self.run(["proposals", "accept", UUID().uuidString] + database)
        #expect(unknown.status != 0 && unknown.err.contains("not-found"), "\(unknown.err)")

        let json = try Self.run(["proposals", "list", "--json", "--state", "accepted"] + database)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == [first.id.uuidString])

        let output = directory.appendingPathComponent("patch").path
        let exported = try Self.run(["proposals", "export", "--accepted", "--format", "strings", "--output", output] + database)
        #expect(exported.status == 0, "\(exported.err)")
        let catalog = try Catalog(directory: output, developmentLanguage: "de")
        #expect(catalog.string("save", locale: LocaleID("de")) == "Sichern")
        // Only accepted proposals: the rejected one is not in the patch.
        #expect(catalog.string("open", locale: LocaleID("de")) == "open")

        #expect(try Self.run(["proposals", "export", "--format", "strings", "--output", output] + database).status != 0)
        #expect(try Self.run(["proposals", "list", "--database", "mysql://x/y"]).status != 0)
    }
}
#endif
