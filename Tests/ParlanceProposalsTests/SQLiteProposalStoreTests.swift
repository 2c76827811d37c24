#if Translation
import Foundation
import Parlance
import ParlanceProposals
import ParlanceSQLite
import Testing

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-proposals-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The build products directory, where the test bundle and `ParlanceProposalsWriter` are.
func writerExecutable() -> URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 where !FileManager.default.fileExists(atPath: directory.appendingPathComponent("ParlanceProposalsWriter").path) {
        directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent("ParlanceProposalsWriter")
}

@Suite struct SQLiteProposalStoreTests {
    @Test(arguments: ProposalStoreBehaviour.all.map(\.0))
    func behaviour(_ name: String) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("proposals.sqlite").path
        let check = try #require(ProposalStoreBehaviour.all.first { $0.0 == name }).1
        try await check(try SQLiteProposalStore(path: path))
        // Whatever the check left is still there, whole, after reopening the file.
        let before = try await SQLiteProposalStore(path: path).proposals(matching: ProposalQuery())
        let reopened = try SQLiteProposalStore(path: path)
        #expect(try reopened.integrityCheck() == ["ok"])
        #expect(try await reopened.proposals(matching: ProposalQuery()) == before)
        #expect(!before.isEmpty)
    }

    @Test func schemaVersionIsRecordedAndANewerFileRefused() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("proposals.sqlite").path
        do {
            // Closed at the end of this scope: the last connection checkpoints the WAL into the file.
            let store = try SQLiteProposalStore(path: path)
            #expect(try store.storedSchemaVersion() == 3)
            #expect(SQLiteProposalStore.schemaVersion == 3)
            _ = try await store.propose(ProposalDraft(section: "S", key: "k", locale: "de", value: "v", guid: "g"))
        }
        // Pretend a newer Parlance migrated the file; this one must refuse it, not write to it.
        // No sqlite3 CLI is assumed: user_version is the header field at bytes 60…63
        // (big-endian), as SQLite's file format documents.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 60)
        let header = try #require(try handle.read(upToCount: 4))
        #expect(Array(header) == [0, 0, 0, 3])
        try handle.seek(toOffset: 60)
        try handle.write(contentsOf: Data([0, 0, 0, 99]))
        try handle.close()
        do {
            _ = try SQLiteProposalStore(path: path)
            Issue.record("a version-99 file was opened")
        } catch let error as ParlanceError {
            #expect(error.code == .proposalStoreFailed)
            #expect(error.message.contains("version 99"))
        }
    }

    /// A version-2 file (plain guids, as earlier releases wrote) is migrated on opening: its
    /// guids become keyed hashes, every row is kept, and delete rights stay with the authors.
    @Test func plainGuidsOfAnOlderFileAreHashed() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("proposals.sqlite").path
        var ids: [String: UUID] = [:]
        do {
            let connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1000)
            try connection.execute(SQLiteProposalStore.migrations[0])
            try connection.execute(SQLiteProposalStore.migrations[1])
            try connection.execute("PRAGMA user_version = 2")
            for (index, guid) in ["alice", "bob"].enumerated() {
                let id = UUID()
                ids[guid] = id
                _ = try connection.change(
                    "INSERT INTO proposals (id, section, key, locale, value, guid, created_at, state) VALUES (?1, 'S', 'k', 'de', ?2, ?3, ?4, 'open')",
                    [.text(id.uuidString), .text("v-\(guid)"), .text(guid), .integer(Int64(1_000 + index))])
            }
        }
        let store = try SQLiteProposalStore(path: path)
        #expect(try store.storedSchemaVersion() == 3)
        let rows = try await store.proposals(matching: ProposalQuery())
        #expect(rows.map(\.value) == ["v-alice", "v-bob"])
        #expect(rows.map(\.author) == [store.author(of: "alice"), store.author(of: "bob")])
        // No plain guid is left in the table.
        let stored = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1000).rows("SELECT author FROM proposals ORDER BY created_at")
        #expect(stored.compactMap { $0.first?.text } == rows.compactMap { $0.author?.digest })
        #expect(stored.allSatisfy { $0.first?.text?.utf8.count == 64 })
        let listing = try await store.listing(for: "bob", matching: ProposalQuery())
        #expect(listing.map(\.canDelete) == [false, true])
        await ProposalStoreBehaviour.expectError(.forbidden) { try await store.delete(id: try #require(ids["alice"]), guid: "bob") }
        try await store.delete(id: try #require(ids["alice"]), guid: "alice")
        #expect(try await store.proposals(matching: ProposalQuery()).map(\.value) == ["v-bob"])
    }

    /// A store hashed with a given key keeps only its fingerprint; it opens with that key only.
    @Test func aStoreOpensOnlyWithItsKey() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyed = directory.appendingPathComponent("keyed.sqlite").path
        let key = try ProposalGuidKey(text: "a secret of the operator's")
        let proposal = try await SQLiteProposalStore(path: keyed, guidKey: key).propose(
            ProposalDraft(section: "S", key: "k", locale: "de", value: "v", guid: "g")
        ).proposal
        #expect(proposal.author == key.author(of: "g"))
        let secrets = try SQLiteConnection(path: keyed, busyTimeoutMilliseconds: 1000).rows("SELECT secret FROM proposals_guid_key")
        #expect(secrets.count == 1 && secrets[0].first?.text == nil)
        #expect(throws: ParlanceError.self) { try SQLiteProposalStore(path: keyed) }
        #expect(throws: ParlanceError.self) { try SQLiteProposalStore(path: keyed, guidKey: try ProposalGuidKey(text: "another secret, not it")) }
        try await SQLiteProposalStore(path: keyed, guidKey: key).delete(id: proposal.id, guid: "g")
        // A store that keeps its own key refuses another.
        let own = directory.appendingPathComponent("own.sqlite").path
        _ = try SQLiteProposalStore(path: own)
        #expect(throws: ParlanceError.self) { try SQLiteProposalStore(path: own, guidKey: key) }
        #expect(throws: ParlanceError.self) { try ProposalGuidKey(text: "too short") }
    }

    @Test func notADatabaseIsAStoreError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("proposals.sqlite").path
        try Data(String(repeating: "not a database\n", count: 400).utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ParlanceError.self) { try SQLiteProposalStore(path: path) }
        do { _ = try SQLiteProposalStore(path: path) } catch let error as ParlanceError { #expect(error.code == .proposalStoreFailed) }
        #expect(throws: ParlanceError.self) { try SQLiteProposalStore(path: directory.appendingPathComponent("no/such/dir.sqlite").path) }
    }

    /// Two processes × 500 racing proposals on one key (``ProposalStoreProcesses/race``).
    @Test func twoProcessesRacingKeepOneOpenProposalPerGuid() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("proposals.sqlite").path
        _ = try SQLiteProposalStore(path: path)
        try await ProposalStoreProcesses.race(location: path) { try SQLiteProposalStore(path: path) }
        #expect(try SQLiteProposalStore(path: path).integrityCheck() == ["ok"])
    }

    /// kill -9 of a writer during writes, then reopen (``ProposalStoreProcesses/crash``).
    @Test func killNineDuringWritesThenReopen() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("proposals.sqlite").path
        let observer = try SQLiteProposalStore(path: path)
        try await ProposalStoreProcesses.crash(location: path, observer: observer) {
            let reopened = try SQLiteProposalStore(path: path)
            #expect(try reopened.integrityCheck() == ["ok"])
            return reopened
        }
    }
}
#endif
