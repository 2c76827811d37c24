#if Translation
import Foundation
import Parlance
import ParlanceTranslation
import Testing

@Suite struct SQLiteStoreTests {
    func entry(
        _ text: String, namespace: String = "app", provider: String = "p", target: String = "de", context: String = "",
        created: Date = Date(timeIntervalSince1970: 1_800_000_000), expires: Date? = nil
    ) -> TranslationCacheEntry {
        TranslationCacheEntry(
            key: TranslationCacheKey(
                sourceText: text, sourceLanguage: "en", targetLanguage: target, context: context,
                namespace: namespace, providerID: provider),
            text: "«\(text)»", detectedSourceLanguage: "en", createdAt: created, expiresAt: expires)
    }

    @Test func writesReadsAndPersistsAcrossReopen() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cache.sqlite").path
        let written = [entry("Hello"), entry("Hello", context: "greeting"), entry("Héllo \u{0} 日本語 🎉"), entry("")]
        do {
            let store = try SQLiteTranslationCacheStore(path: path)
            try await store.write(written)
            #expect(try store.entryCount() == 4)
        }
        let reopened = try SQLiteTranslationCacheStore(path: path)
        for original in written {
            #expect(try await reopened.entry(for: original.key) == original)
        }
        #expect(try await reopened.entry(for: entry("Absent").key) == nil)
        #expect(try reopened.integrityCheck() == ["ok"])
        // The file really is in WAL mode, as written in its header (bytes 18 and 19 are 2 for WAL).
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(20)
        #expect(header.prefix(15) == Data("SQLite format 3".utf8))
        #expect(header[18] == 2 && header[19] == 2)
    }

    @Test func invalidationWarmUpAndExpiry() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteTranslationCacheStore(path: directory.appendingPathComponent("cache.sqlite").path)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try await store.write([
            entry("a", namespace: "one", provider: "x", created: now),
            entry("b", namespace: "one", provider: "y", created: now.addingTimeInterval(1)),
            entry("c", namespace: "two", provider: "x", created: now.addingTimeInterval(2), expires: now.addingTimeInterval(10)),
        ])
        let warm = try await store.warmUpEntries(namespace: "one", providerID: nil, now: now, limit: 10)
        #expect(warm.map(\.key.sourceText) == ["b", "a"])
        #expect(try await store.warmUpEntries(namespace: nil, providerID: "x", now: now.addingTimeInterval(20), limit: 10).map(\.key.sourceText) == ["a"])
        #expect(try await store.removeExpiredEntries(at: now.addingTimeInterval(10)) == 1)
        #expect(try await store.removeEntries(in: .providerID("y")) == 1)
        #expect(try await store.removeEntries(in: .namespace("one")) == 1)
        #expect(try store.entryCount() == 0)
        try await store.write([entry("d"), entry("e")])
        #expect(try await store.removeEntries(in: .all) == 2)
    }

    @Test func notADatabaseIsMovedAsideAndLogged() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cache.sqlite").path
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let (logger, records) = RecordingLogHandler.logger()
        let store = try SQLiteTranslationCacheStore(path: path, logger: logger)
        let aside = try #require(store.recoveredCorruptFile)
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == garbage)
        #expect(records.current.contains { $0.level == .error && $0.message.contains("corrupt") })
        try await store.write([entry("fresh")])
        #expect(try await store.entry(for: entry("fresh").key)?.text == "«fresh»")
    }

    @Test func damagedPagesAreDetectedAndMovedAside() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cache.sqlite").path
        do {
            let store = try SQLiteTranslationCacheStore(path: path)
            try await store.write((0..<2_000).map { entry("text number \($0) " + String(repeating: "z", count: 100)) })
        }
        // Checkpointed into the main file by the last close; overwrite the middle of it.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count > 100_000)
        for offset in stride(from: 20_000, to: bytes.count - 8_192, by: 4_096) {
            bytes.replaceSubrange(offset..<(offset + 64), with: Data(repeating: 0xA5, count: 64))
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        let store = try SQLiteTranslationCacheStore(path: path)
        #expect(store.recoveredCorruptFile != nil)
        #expect(try store.entryCount() == 0)
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func missingDirectoryIsATypedError() throws {
        do {
            _ = try SQLiteTranslationCacheStore(path: "/nonexistent/parlance/cache.sqlite")
            Issue.record("expected an error")
        } catch let error as ParlanceError {
            #expect(error.code == .cacheStoreFailed)
            #expect(error.message.contains("/nonexistent/parlance/cache.sqlite"))
        }
    }

    @Test func twoConnectionsWriteConcurrentlyWithoutLosingWrites() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cache.sqlite").path
        let first = try SQLiteTranslationCacheStore(path: path)
        let second = try SQLiteTranslationCacheStore(path: path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (name, store) in [("first", first), ("second", second)] {
                group.addTask {
                    for batch in 0..<50 {
                        try await store.write((0..<10).map { self.entry("\(name) \(batch) \($0)") })
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try first.entryCount() == 1_000)
        #expect(try second.cachedEntry(for: entry("first 49 9").key)?.text == "«first 49 9»")
    }

    /// Child processes write transactions of 25 rows in a loop; the test kills them with
    /// SIGKILL at random moments, then reopens the file: it must pass `integrity_check`, and
    /// every transaction must be whole (25 rows) or absent. Two writers share the file at once.
    @Test func killNineMidWriteLeavesASoundStore() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cache.sqlite").path
        let writer = productsDirectory().appendingPathComponent("ParlanceTranslationCrashWriter")
        #expect(FileManager.default.isExecutableFile(atPath: writer.path))
        var committedSeen = 0
        let observer = try SQLiteTranslationCacheStore(path: path)
        for round in 0..<8 {
            let before = try observer.entryCount()
            var children: [(Process, Pipe)] = []
            for id in ["a\(round)", "b\(round)"] {
                let process = Process()
                process.executableURL = writer
                process.arguments = [path, id, "25"]
                let output = Pipe()
                process.standardOutput = output
                try process.run()
                children.append((process, output))
            }
            // Let the writers commit something (however loaded the machine), then kill them at a
            // moment that varies from round to round.
            var polls = 0
            while try observer.entryCount() == before, polls < 3_000 {
                try await Task.sleep(for: .milliseconds(10))
                polls += 1
            }
            try await Task.sleep(for: .milliseconds(20 + (round * 37) % 200))
            for (process, _) in children { kill(process.processIdentifier, SIGKILL) }
            for (process, output) in children {
                process.waitUntilExit()
                // Killed mid-write, or (a slow machine) done with all its writes before the kill.
                #expect(
                    process.terminationReason == .uncaughtSignal
                        || (process.terminationReason == .exit && process.terminationStatus == 0))
                let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                committedSeen += printed.split(separator: "\n").count
            }
            // Reopen after each round, as the next process would.
            let store = try SQLiteTranslationCacheStore(path: path)
            #expect(store.recoveredCorruptFile == nil)
            #expect(try store.integrityCheck() == ["ok"])
        }
        let store = try SQLiteTranslationCacheStore(path: path)
        let all = try await store.warmUpEntries(namespace: nil, providerID: nil, now: Date(), limit: 10_000_000)
        var perTransaction: [String: Int] = [:]
        for entry in all { perTransaction[entry.key.namespace + "/" + entry.key.providerID, default: 0] += 1 }
        #expect(!perTransaction.isEmpty)
        #expect(perTransaction.values.allSatisfy { $0 == 25 }, "a transaction was partly written: \(perTransaction.filter { $0.value != 25 })")
        // Every transaction a writer reported as committed is in the file.
        #expect(perTransaction.count >= committedSeen)
    }
}
#endif
