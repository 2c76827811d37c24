#if YAML
import Foundation
import ParlanceKeyGenTrickyKeys
import ParlanceLocalization
import ParlanceYAML
import Testing

/// The plugin-generated accessors of the golden tricky catalog, compiled (names, parameter types
/// and labels are checked by the compiler) and called.
@Suite struct TrickyKeysTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ParlanceKeyGenTests/Golden/Tricky").path

    /// One manager for every test: `Tricky.binding` is process-wide, and `withLanguage` applies
    /// to the manager it is called on.
    static let shared = Result(catching: { () throws -> LanguageManager in
        YAMLCatalog.register()
        let manager = LanguageManager(catalog: try Catalog(directory: directory), environment: [:])
        Tricky.bind(manager)
        return manager
    })

    static func manager() throws -> LanguageManager { try shared.get() }

    @Test func unsafeKeysGetSafeNames() throws {
        let manager = try Self.manager()
        try manager.withLanguage("en") {
            #expect(Tricky._2fa.title == "Two-factor")
            #expect(Tricky.`class` == "Class")
            #expect(Tricky.AB.cD == "dash first")
            #expect(Tricky.AB.cD_2 == "underscore first")  // a_b.c-d: the second key for the name
            #expect(Tricky.self_ == "Self")
            #expect(Tricky.binding_2 == "a key named like the binding")
            #expect(Tricky.Auth.Login.emailPlaceholder == "you@example.com")
            #expect(Tricky.quote == "Say \"*/\" and \\n")
        }
        #expect(try manager.withLanguage("ru") { Tricky.Auth.Login.title } == "Войти")
        #expect(try manager.withLanguage("ru") { Tricky.Ru.only } == "Только по-русски")
    }

    @Test func specifiersGiveTypedPositionalParameters() throws {
        let manager = try Self.manager()
        try manager.withLanguage("en") {
            let progress: (String, Double, Int) -> String = Tricky.Download.progress
            #expect(progress("a.pdf", 42.25, 10) == "a.pdf: 42.2% of 10 MB" || progress("a.pdf", 42.25, 10) == "a.pdf: 42.3% of 10 MB")
            let swapped: (Int, String) -> String = Tricky.swapped
            #expect(swapped(7, "x") == "x then 7")
            let sizes: (UInt, Int, Double, String) -> String = Tricky.sizes
            #expect(sizes(3, 4, 0.5, "ok") == "3 bytes, 4 files, 0.5 ratio, ok")
            #expect(Tricky.Files.In.folders(1, 3) == "1 file in 3 folders")
            #expect(Tricky.Shop.Cart.summary(1, 2) == "1 person share 2 items")  // argNum order: people, items
            #expect(Tricky.Shop.lldKm(1) == "1 kilometre")
        }
    }

    @Test func yamlPlaceholdersBecomeLabelledParameters() throws {
        let manager = try Self.manager()
        try manager.withLanguage("en") {
            #expect(Tricky.Inbox.greeting(count: 3, sender: "Bob", userName: "Ada") == "Hello, Ada! You have 3 messages from Bob.")
            #expect(Tricky.Inbox.unread(count: 1) == "1 unread message")
            #expect(Tricky.Inbox.unread(count: 1200) == "1,200 unread messages")
        }
    }
}
#endif
