#if Translation
import Foundation
import Parlance
import ParlanceProposals
import ParlanceTestSupport
import Testing

/// Checks that need other processes (`ParlanceProposalsWriter`), for any store location the
/// writer can open (an SQLite path or a postgres:// URL).
enum ProposalStoreProcesses {
    /// Two processes × 500 proposals on one key from the same 10 guids, values drawn from a
    /// set of 5 so that creations, replacements and duplicates interleave: afterwards each guid
    /// has exactly one open proposal, and each guid was created exactly once across both.
    static func race(location: String, open: () async throws -> any ProposalStore) async throws {
        let guids = 10
        var children: [(Process, Pipe)] = []
        for writer in ["first", "second-writer"] {
            let process = Process()
            process.executableURL = writerExecutable()
            process.arguments = ["race", location, writer, "500", "\(guids)"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            children.append((process, output))
        }
        var created = 0
        var total = 0
        for (process, output) in children {
            let printed = await ChildProcess.outputOffPool(of: process, output)
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
        let store = try await open()
        let all = try await store.proposals(matching: ProposalQuery())
        #expect(all.count == guids)
        #expect(Set(all.compactMap(\.author)) == Set((0..<guids).compactMap { store.author(of: "g\($0)") }))
        #expect(all.allSatisfy { $0.state == .open && $0.identifier.key == "race.key" })
    }

    /// A writer proposes until it is killed with SIGKILL, 4 rounds; the reopened store holds
    /// every proposal the writer reported as committed, with its value, and at most the one
    /// transaction in flight at the kill besides.
    static func crash(location: String, observer: any ProposalStore, reopen: () async throws -> any ProposalStore) async throws {
        for round in 0..<4 {
            let writer = "w\(round)"
            let process = Process()
            process.executableURL = writerExecutable()
            process.arguments = ["crash", location, writer]
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

            let reopened = try await reopen()
            let stored = try await reopened.proposals(matching: ProposalQuery(guid: writer))
            let byKey = Dictionary(uniqueKeysWithValues: stored.map { ($0.identifier.key, $0.value) })
            for index in committed {
                #expect(byKey["k\(index)"] == "\(writer) \(index)", "committed proposal k\(index) of \(writer) is missing")
            }
            #expect(stored.count <= committed.count + 1)
            #expect(stored.count >= committed.count)
        }
    }
}
#endif
