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
            #expect(try store.storedSchemaVersion() == 1)
            #expect(SQLiteProposalStore.schemaVersion == 1)
            _ = try await store.propose(ProposalDraft(section: "S", key: "k", locale: "de", value: "v", guid: "g"))
        }
        // Pretend a newer Parlance migrated the file; this one must refuse it, not write to it.
        // No sqlite3 CLI is assumed: user_version is the header field at bytes 60…63
        // (big-endian), as SQLite's file format documents.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 60)
        let header = try #require(try handle.read(upToCount: 4))
        #expect(Array(header) == [0, 0, 0, 1])
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

    /// Two processes × 500 proposals on one key from the same 10 guids, values drawn from a
    /// set of 5 so that creations, replacements and duplicates interleave: afterwards each guid
    /// has exactly one open proposal, and each guid was created exactly once across both.
    @Test func twoProcessesRacingKeepOneOpenProposalPerGuid() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("proposals.sqlite").path
        _ = try SQLiteProposalStore(path: path)
        let guids = 10
        var children: [(Process, Pipe)] = []
        for writer in ["first", "second-writer"] {
            let process = Process()
            process.executableURL = writerExecutable()
            process.arguments = ["race", path, writer, "500", "\(guids)"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            children.append((process, output))
        }
        var created = 0
        var total = 0
        for (process, output) in children {
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "writer failed: \(printed)")
            let numbers = printed.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            #expect(numbers.count == 3, "\(printed)")
            if numbers.count == 3 {
                created += numbers[0]
                total += numbers.reduce(0, +)
            }
        }
        #expect(total == 1_000)
        #expect(created == guids)
        let store = try SQLiteProposalStore(path: path)
        let all = try await store.proposals(matching: ProposalQuery())
        #expect(all.count == guids)
        #expect(Set(all.map(\.guid)) == Set((0..<guids).map { "g\($0)" }))
        #expect(all.allSatisfy { $0.state == .open && $0.identifier.key == "race.key" })
        #expect(try store.integrityCheck() == ["ok"])
    }

    /// A writer proposes until it is killed with SIGKILL; the reopened file is sound and holds
    /// every proposal the writer reported as committed, with its value.
    @Test func killNineDuringWritesThenReopen() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("proposals.sqlite").path
        let observer = try SQLiteProposalStore(path: path)
        for round in 0..<4 {
            let writer = "w\(round)"
            let process = Process()
            process.executableURL = writerExecutable()
            process.arguments = ["crash", path, writer]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            var polls = 0
            while try await observer.proposals(matching: ProposalQuery(guid: writer)).count < 5, polls < 3_000 {
                try await Task.sleep(for: .milliseconds(10))
                polls += 1
            }
            try await Task.sleep(for: .milliseconds(15 + round * 41))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let committed = printed.split(separator: "\n").compactMap { $0.hasPrefix("committed ") ? Int($0.dropFirst(10)) : nil }
            #expect(!committed.isEmpty)

            let reopened = try SQLiteProposalStore(path: path)
            #expect(try reopened.integrityCheck() == ["ok"])
            let stored = try await reopened.proposals(matching: ProposalQuery(guid: writer))
            let byKey = Dictionary(uniqueKeysWithValues: stored.map { ($0.identifier.key, $0.value) })
            for index in committed {
                #expect(byKey["k\(index)"] == "\(writer) \(index)", "committed proposal k\(index) of \(writer) is missing")
            }
            // At most the one transaction in flight at the kill may be there unreported.
            #expect(stored.count <= committed.count + 1)
        }
    }
}
