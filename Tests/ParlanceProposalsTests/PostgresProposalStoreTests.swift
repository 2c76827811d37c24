#if Postgres
import Foundation
import Parlance
import ParlanceProposals
import ParlanceProposalsPostgres
import ParlanceTestSupport
import Testing

/// The server the PostgreSQL tests use: `PARLANCE_TEST_DATABASE_URL`, set by
/// `Scripts/with-postgres.sh` (a throw-away cluster) and by `.ci/run`.
enum TestDatabase {
    static let url = PostgresTestDatabase.url
    static let skipMessage: Comment =
        "PARLANCE_TEST_DATABASE_URL is not set: run Scripts/with-postgres.sh swift test --filter PostgresProposalStoreTests"

    /// The URL of a fresh, unique schema in the test database.
    static func freshLocation() throws -> String {
        try #require(PostgresTestDatabase.freshLocation(prefix: "t_"))
    }

    /// Runs `body` with a store in a fresh schema, dropped afterwards.
    static func withStore(_ body: (PostgresProposalStore, String) async throws -> Void) async throws {
        let location = try freshLocation()
        let store = try await PostgresProposalStore.connect(PostgresSettings(url: location), timeout: .seconds(120), callTimeout: .seconds(120))
        do {
            try await body(store, location)
        } catch {
            try? await store.dropSchema()
            await store.close()
            throw error
        }
        try await store.dropSchema()
        await store.close()
    }
}

@Suite(.enabled(if: TestDatabase.url != nil, TestDatabase.skipMessage), .serialized)
struct PostgresProposalStoreTests {
    /// The same behaviour suite as SQLite's, each check on an empty schema, re-read through a
    /// second connection pool afterwards.
    @Test(arguments: ProposalStoreBehaviour.all.map(\.0))
    func behaviour(_ name: String) async throws {
        let check = try #require(ProposalStoreBehaviour.all.first { $0.0 == name }).1
        try await TestDatabase.withStore { store, location in
            try await check(store)
            let before = try await store.proposals(matching: ProposalQuery())
            #expect(!before.isEmpty)
            let other = try await PostgresProposalStore.connect(PostgresSettings(url: location), timeout: .seconds(120), callTimeout: .seconds(120))
            #expect(try await other.proposals(matching: ProposalQuery()) == before)
            await other.close()
        }
    }

    @Test func schemaVersionIsRecordedAndANewerDatabaseRefused() async throws {
        try await TestDatabase.withStore { store, location in
            #expect(try await store.storedSchemaVersion() == PostgresProposalStore.schemaVersion)
            #expect(PostgresProposalStore.schemaVersion == 2)
            // Connecting again migrates nothing and keeps the data.
            _ = try await store.propose(ProposalDraft(section: "S", key: "k", locale: "de", value: "v", guid: "g"))
            let again = try await PostgresProposalStore.connect(PostgresSettings(url: location), timeout: .seconds(120), callTimeout: .seconds(120))
            #expect(try await again.storedSchemaVersion() == 2)
            #expect(try await again.proposals(matching: ProposalQuery()).count == 1)
            await again.close()
            // Pretend a newer Parlance migrated the schema: this one refuses it.
            try await store.recordSchemaVersionForTesting(99)
            await #expect {
                _ = try await PostgresProposalStore.connect(PostgresSettings(url: location), timeout: .seconds(120), callTimeout: .seconds(120))
            } throws: { error in
                (error as? ParlanceError)?.code == .proposalStoreFailed && (error as? ParlanceError)?.message.contains("version 99") == true
            }
        }
    }

    /// Several stores (pools) migrating one fresh schema at once: the advisory lock makes one
    /// of them migrate; all of them work.
    @Test func concurrentFirstConnectionsMigrateOnce() async throws {
        let location = try TestDatabase.freshLocation()
        let stores = try await withThrowingTaskGroup(of: PostgresProposalStore.self) { group in
            for _ in 0..<4 {
                group.addTask { try await PostgresProposalStore.connect(PostgresSettings(url: location), timeout: .seconds(120), callTimeout: .seconds(120)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (index, store) in stores.enumerated() {
            #expect(try await store.storedSchemaVersion() == 2)
            _ = try await store.propose(ProposalDraft(section: "S", key: "k\(index)", locale: "de", value: "v", guid: "g"))
        }
        #expect(try await stores[0].proposals(matching: ProposalQuery()).count == 4)
        try await stores[0].dropSchema()
        for store in stores { await store.close() }
    }

    /// A version-1 schema (plain guids) is migrated on connecting: guids become keyed hashes,
    /// rows are kept, delete rights stay with the authors; a given key must stay the same.
    @Test func plainGuidsOfAnOlderSchemaAreHashed() async throws {
        let location = try TestDatabase.freshLocation()
        let settings = try PostgresSettings(url: location)
        let first = PostgresStoreDatabase.Migrations(
            table: PostgresProposalStore.migrations.table, versionTable: PostgresProposalStore.migrations.versionTable,
            steps: [PostgresProposalStore.migrations.steps[0]])
        let old = try await PostgresStoreDatabase.connect(
            settings, migrations: first, name: "proposal store", failureCode: .proposalStoreFailed, timeout: .seconds(120), callTimeout: .seconds(120),
            maximumConnections: 2,
            logger: PostgresProposalStore.defaultLogger)
        let alice = UUID()
        let bob = UUID()
        try await old.executeForTesting([
            "INSERT INTO {t} (id, section, key, locale, value, guid, created_at_ms, state) VALUES ('\(alice.uuidString)', 'S', 'k', 'de', 'v-alice', 'alice', 1000, 'open')",
            "INSERT INTO {t} (id, section, key, locale, value, guid, created_at_ms, state) VALUES ('\(bob.uuidString)', 'S', 'k', 'de', 'v-bob', 'bob', 1001, 'open')",
        ])
        await old.close()
        let key = try ProposalGuidKey(text: "the operator's proposals key")
        let store = try await PostgresProposalStore.connect(settings, timeout: .seconds(120), callTimeout: .seconds(120), guidKey: key)
        #expect(try await store.storedSchemaVersion() == 2)
        let rows = try await store.proposals(matching: ProposalQuery())
        #expect(rows.map(\.value) == ["v-alice", "v-bob"])
        #expect(rows.map(\.author) == [key.author(of: "alice"), key.author(of: "bob")])
        #expect(rows.allSatisfy { $0.author?.digest.utf8.count == 64 })
        #expect(try await store.listing(for: "bob", matching: ProposalQuery()).map(\.canDelete) == [false, true])
        await ProposalStoreBehaviour.expectError(.forbidden) { try await store.delete(id: alice, guid: "bob") }
        try await store.delete(id: alice, guid: "alice")
        // Only the key's fingerprint is kept: without the key, or with another, it is refused.
        for other in [nil, try ProposalGuidKey(text: "not the operator's key")] {
            await #expect(throws: ParlanceError.self) {
                _ = try await PostgresProposalStore.connect(settings, timeout: .seconds(120), callTimeout: .seconds(120), guidKey: other)
            }
        }
        try await store.dropSchema()
        await store.close()
    }

    @Test func unreachableServerIsAStoreError() async throws {
        // A port nothing listens on (the test server's port + 1 is not guaranteed free; port 1 is
        // privileged and unused here).
        let settings = try PostgresSettings(host: "127.0.0.1", port: 1, username: "nobody", database: "none")
        let start = ContinuousClock.now
        await #expect {
            _ = try await PostgresProposalStore.connect(settings, timeout: .seconds(120), callTimeout: .seconds(120))
        } throws: { error in
            // At once and with the reason, not after the timeout.
            (error as? ParlanceError)?.code == .proposalStoreFailed && (error as? ParlanceError)?.message.lowercased().contains("refused") == true
        }
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test func twoProcessesRacingKeepOneOpenProposalPerGuid() async throws {
        try await TestDatabase.withStore { store, location in
            try await ProposalStoreProcesses.race(location: location) { store }
        }
    }

    @Test func killNineDuringWritesThenReopen() async throws {
        try await TestDatabase.withStore { store, location in
            try await ProposalStoreProcesses.crash(location: location, observer: store) {
                // A new pool: what the killed writer committed is on the server.
                let reopened = try await PostgresProposalStore.connect(PostgresSettings(url: location), timeout: .seconds(120), callTimeout: .seconds(120))
                let count = try await reopened.proposals(matching: ProposalQuery()).count
                #expect(count > 0)
                await reopened.close()
                return store
            }
        }
    }
}

/// URL parsing needs no server.
@Suite struct PostgresSettingsTests {
    @Test func parsesTheURLForm() throws {
        let settings = try PostgresSettings(url: "postgres://par%40user:p%3Ass@db.example:6543/prod?schema=parlance")
        #expect(settings.host == "db.example")
        #expect(settings.port == 6543)
        #expect(settings.username == "par@user")
        #expect(settings.password == "p:ss")
        #expect(settings.database == "prod")
        #expect(settings.schema == "parlance")
        #expect(!settings.description.contains("p:ss"))
        let plain = try PostgresSettings(url: "postgresql://u@localhost/db")
        #expect(plain.port == 5432 && plain.password == nil && plain.schema == "public")
    }

    @Test func refusesWhatItCannotHonour() {
        for bad in [
            "mysql://u@h/db", "postgres://h/db", "postgres://u@/db", "postgres://u@h/db?sslmode=require", "postgres://u@h/db?schema=Bad-Name",
            "postgres://u@h/db?color=blue", "postgres://u:secret@h:99999/db",
        ] {
            #expect(throws: ParlanceError.self, "\(bad)") { try PostgresSettings(url: bad) }
        }
        do {
            _ = try PostgresSettings(url: "postgres://u:topsecret@h/db?sslmode=verify-full")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidArgument)
            #expect(!error.message.contains("topsecret"), "the password leaked: \(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func databaseLocations() throws {
        #expect(try ProposalDatabase("sqlite:/tmp/p.sqlite") == .sqlite(path: "/tmp/p.sqlite"))
        #expect(try ProposalDatabase("sqlite:///tmp/p.sqlite") == .sqlite(path: "/tmp/p.sqlite"))
        #expect(try ProposalDatabase("data/p.sqlite") == .sqlite(path: "data/p.sqlite"))
        #expect(try ProposalDatabase(ProposalDatabase.defaultLocation) == .sqlite(path: ".parlance/proposals.sqlite"))
        #expect(try ProposalDatabase("postgres://u@h/db") == .postgres(PostgresSettings(host: "h", username: "u", database: "db")))
        #expect(throws: ParlanceError.self) { try ProposalDatabase("sqlite:") }
        #expect(throws: ParlanceError.self) { try ProposalDatabase("mongodb://h/db") }
    }
}
#endif
