#if Postgres
import Foundation
import Parlance
import ParlanceTestSupport
import ParlanceTranslation
import ParlanceTranslationPostgres
import Testing

/// The server the PostgreSQL tests use: `PARLANCE_TEST_DATABASE_URL`, set by
/// `Scripts/with-postgres.sh` (a throw-away cluster) and by `.ci/run`.
enum TranslationTestDatabase {
    static let url = PostgresTestDatabase.url
    static let skipMessage: Comment =
        "PARLANCE_TEST_DATABASE_URL is not set: run Scripts/with-postgres.sh swift test --filter PostgresTranslationStoreTests"

    /// Settings for a fresh, unique schema in the test database.
    static func freshSettings() throws -> PostgresSettings {
        try PostgresSettings(url: try #require(PostgresTestDatabase.freshLocation(prefix: "tc_")))
    }

    /// Runs `body` with a store in a fresh schema, dropped afterwards.
    static func withStore(_ body: (PostgresTranslationCacheStore, PostgresSettings) async throws -> Void) async throws {
        let settings = try freshSettings()
        let store = try await PostgresTranslationCacheStore.connect(settings, timeout: .seconds(120), callTimeout: .seconds(120))
        do {
            try await body(store, settings)
        } catch {
            try? await store.dropSchema()
            await store.close()
            throw error
        }
        try await store.dropSchema()
        await store.close()
    }
}

/// What every ``TranslationCacheStore`` must do, run on the SQLite file and on PostgreSQL.
enum TranslationCacheStoreContract {
    static let now = Date(timeIntervalSince1970: 1_800_000_000.125)

    static func entry(
        _ text: String, namespace: String = "app", provider: String = "p", target: String = "de", source: String = "en",
        context: String = "", created: Date = now, expires: Date? = nil, translated: String? = nil
    ) -> TranslationCacheEntry {
        TranslationCacheEntry(
            key: TranslationCacheKey(
                sourceText: text, sourceLanguage: source, targetLanguage: target, context: context, namespace: namespace,
                providerID: provider),
            text: translated ?? "«\(text)»", detectedSourceLanguage: source.isEmpty ? "fr" : nil, createdAt: created, expiresAt: expires)
    }

    /// Writes, reads back exactly, replaces, warms up, expires and invalidates.
    static func check(_ store: any TranslationCacheStore) async throws {
        let long = String(repeating: "Lorem ipsum dolor sit amet, 日本語 🎉 ", count: 400)  // ~16 KB, beyond a btree row
        let written = [
            entry("Hello"), entry("Hello", context: "greeting"), entry("Hello", target: "fr"), entry("Hello", source: ""),
            entry("Héllo \u{0} 日本語 🎉"), entry(""), entry(long), entry("Hello", context: "nul \u{0} context"),
            entry("ttl", expires: now.addingTimeInterval(60)),
        ]
        try await store.write(written)
        for original in written {
            #expect(try await store.entry(for: original.key) == original, "\(original.key)")
        }
        #expect(try await store.entry(for: entry("Absent").key) == nil)
        #expect(try await store.entry(for: entry("Hello", namespace: "other").key) == nil)
        #expect(try await store.entry(for: entry("Hello", provider: "q").key) == nil)
        #expect(try await store.entry(for: entry(long + "x").key) == nil)

        // The same key written again keeps the last write.
        let replaced = entry("Hello", created: now.addingTimeInterval(5), translated: "Hallo")
        try await store.write([replaced])
        #expect(try await store.entry(for: replaced.key) == replaced)

        // Warm-up: newest first, filtered, expired left out, limited.
        let warm = try await store.warmUpEntries(namespace: "app", providerID: "p", now: now, limit: 3)
        #expect(warm.count == 3)
        #expect(warm.first == replaced)
        let all = try await store.warmUpEntries(namespace: nil, providerID: nil, now: now.addingTimeInterval(60), limit: 100)
        #expect(all.count == written.count - 1)  // the ttl entry has expired at now + 60
        #expect(!all.contains { $0.key.sourceText == "ttl" })
        #expect(try await store.warmUpEntries(namespace: "other", providerID: nil, now: now, limit: 100).isEmpty)

        #expect(try await store.removeExpiredEntries(at: now.addingTimeInterval(59)) == 0)
        #expect(try await store.removeExpiredEntries(at: now.addingTimeInterval(60)) == 1)
        try await store.write([entry("x", namespace: "one", provider: "y"), entry("z", namespace: "two", provider: "y")])
        #expect(try await store.removeEntries(in: .providerID("y")) == 2)
        try await store.write([entry("x", namespace: "one"), entry("z", namespace: "one", provider: "w")])
        #expect(try await store.removeEntries(in: .namespace("one")) == 2)
        #expect(try await store.removeEntries(in: .all) == written.count - 1)
        #expect(try await store.warmUpEntries(namespace: nil, providerID: nil, now: now, limit: 100).isEmpty)
    }
}

@Suite struct TranslationCacheStoreContractTests {
    @Test func sqliteStoreKeepsTheContract() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await TranslationCacheStoreContract.check(try SQLiteTranslationCacheStore(path: directory.appendingPathComponent("c.sqlite").path))
    }
}

@Suite(.enabled(if: TranslationTestDatabase.url != nil, TranslationTestDatabase.skipMessage), .serialized)
struct PostgresTranslationStoreTests {
    typealias Contract = TranslationCacheStoreContract

    @Test func keepsTheContractAndASecondPoolSeesIt() async throws {
        try await TranslationTestDatabase.withStore { store, settings in
            try await Contract.check(store)
            // Another instance of the fleet (its own pool) reads what this one wrote.
            let written = Contract.entry("Shared across the fleet", context: "banner")
            try await store.write([written])
            let other = try await PostgresTranslationCacheStore.connect(settings, timeout: .seconds(120), callTimeout: .seconds(120))
            #expect(try await other.entry(for: written.key) == written)
            #expect(try await other.entryCount() == 1)
            await other.close()
        }
    }

    @Test func aFleetOfLocalizersCallsTheProviderOnce() async throws {
        try await TranslationTestDatabase.withStore { store, settings in
            let provider = ScriptedProvider()
            let de: LocaleID = "de"
            let first = LiveLocalizer(provider: provider, cacheStore: store)
            #expect(try await first.localize("Checkout", to: de, context: "paywall.primary_cta") == reversed("Checkout", "de"))
            // A second server: its own localizer and pool; the store answers, not the provider.
            let otherStore = try await PostgresTranslationCacheStore.connect(settings, timeout: .seconds(120), callTimeout: .seconds(120))
            let second = LiveLocalizer(provider: provider, cacheStore: otherStore)
            let answer = try await second.translate(TranslationRequest("Checkout", to: de, context: "paywall.primary_cta"))
            #expect(answer.origin == .storeCache)
            #expect(answer.text == reversed("Checkout", "de"))
            #expect(provider.calls.current == 1)
            // Invalidation by one instance reaches the others' next store lookup.
            #expect(try await second.invalidate(.namespace("default")) >= 1)
            #expect(try await store.entryCount() == 0)
            await otherStore.close()
        }
    }

    @Test func concurrentWritersOfOneKeyLeaveOneRow() async throws {
        try await TranslationTestDatabase.withStore { store, settings in
            let other = try await PostgresTranslationCacheStore.connect(settings, timeout: .seconds(120), callTimeout: .seconds(120))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    let target = index.isMultiple(of: 2) ? store : other
                    group.addTask {
                        try await target.write([
                            Contract.entry("race", created: Contract.now.addingTimeInterval(Double(index)), translated: "v\(index)"),
                            Contract.entry("own \(index)"),
                        ])
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await store.entryCount() == 41)
            let winner = try #require(try await store.entry(for: Contract.entry("race").key))
            #expect(winner.text == "v\(Int(winner.createdAt.timeIntervalSince(Contract.now)))")
            await other.close()
        }
    }

    @Test func firstConnectionsMigrateOnceAndANewerSchemaIsRefused() async throws {
        let settings = try TranslationTestDatabase.freshSettings()
        let stores = try await withThrowingTaskGroup(of: PostgresTranslationCacheStore.self) { group in
            for _ in 0..<4 { group.addTask { try await PostgresTranslationCacheStore.connect(settings, timeout: .seconds(120), callTimeout: .seconds(120)) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for store in stores {
            #expect(try await store.storedSchemaVersion() == PostgresTranslationCacheStore.schemaVersion)
        }
        try await stores[0].recordSchemaVersionForTesting(99)
        await #expect {
            _ = try await PostgresTranslationCacheStore.connect(settings, timeout: .seconds(120), callTimeout: .seconds(120))
        } throws: { error in
            (error as? ParlanceError)?.code == .cacheStoreFailed && (error as? ParlanceError)?.message.contains("version 99") == true
        }
        try await stores[0].dropSchema()
        for store in stores { await store.close() }
    }

    @Test func anUnreachableServerIsATypedErrorWithoutThePassword() async throws {
        let settings = try PostgresSettings(host: "127.0.0.1", port: 1, username: "nobody", password: "hunter2", database: "none")
        await #expect {
            _ = try await PostgresTranslationCacheStore.connect(settings, timeout: .seconds(10))
        } throws: { error in
            guard let error = error as? ParlanceError else { return false }
            return error.code == .cacheStoreFailed && !error.message.contains("hunter2") && error.message.contains("127.0.0.1:1")
        }
    }

    /// The guide's example, as written there, with the LibreTranslate-compatible test server
    /// on 127.0.0.1, the test database in place of the literal URLs, and a call deadline that a
    /// loaded test machine cannot miss.
    @Test func readmeExample() async throws {
        let server = LibreTranslateTestServer(dictionary: ["de": ["Checkout": "Zur Kasse"]])
        try await server.start()
        let settings = try TranslationTestDatabase.freshSettings()
        let store = try await PostgresTranslationCacheStore.connect(settings, callTimeout: .seconds(120))
        let localizer = LiveLocalizer(provider: LibreTranslateProvider(endpoint: server.endpoint), cacheStore: store)
        let text = try await localizer.localize("Checkout", to: "de", context: "paywall.primary_cta")
        #expect(text == "Zur Kasse")
        #expect(try await store.entryCount() == 1)
        try await store.dropSchema()
        await store.close()
        try await server.stop()
    }
}
#endif
