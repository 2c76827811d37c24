import Foundation
import Parlance
import ParlanceProposals
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
            #expect(try store.storedSchemaVersion() == 2)
            #expect(SQLiteProposalStore.schemaVersion == 2)
            _ = try await store.propose(ProposalDraft(section: "S", key: "k", locale: "de", value: "v", guid: "g"))
        }
        // Pretend a newer Parlance migrated the file; this one must refuse it, not write to it.
        // No sqlite3 CLI is assumed: user_version is the header field at bytes 60…63
        // (big-endian), as SQLite's file format documents.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 60)
        let header = try #require(try handle.read(upToCount: 4))
        #expect(Array(header) == [0, 0, 0, 2])
        // A version-1 file (as the first release wrote) is migrated to 2 on opening, data kept.
        try handle.seek(toOffset: 60)
        try handle.write(contentsOf: Data([0, 0, 0, 1]))
        try handle.synchronize()
        do {
            let migrated = try SQLiteProposalStore(path: path)
            #expect(try migrated.storedSchemaVersion() == 2)
            #expect(try await migrated.proposals(matching: ProposalQuery(key: "k")).map(\.value) == ["v"])
        }
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
