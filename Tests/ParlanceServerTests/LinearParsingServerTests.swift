import Foundation
import ParlanceServer
import ParlanceTestSupport
import Testing

/// Reading a request body costs time linear in its length on the HTTP routes: `POST /v1/{op}`
/// with the line as its body, and `POST /v1/batch` with the line as one JSON Lines line, on a
/// real server on 127.0.0.1. The work runs on the server's threads, so each request is measured
/// with the process's CPU time, the minimum of several runs, for lines of 100 KB and 1 MB of
/// every shape of ``LargeRequestLine``; every answer is checked too.
@Suite("Linear-time parsing: HTTP", .serialized)
struct LinearParsingServerTests {
    static let runs = 3

    /// A server that takes bodies and batch lines of the large size.
    static func start() async throws -> LiveServer {
        var configuration = ParlanceServerConfiguration()
        configuration.maxBodySize = 2 * LinearTime.largeSize
        configuration.maxBatchLineSize = 2 * LinearTime.largeSize
        return try await LiveServer.start(configuration)
    }

    /// The 1 MB / 100 KB ratio of `request` (which also checks its answer) on lines of `shape`.
    static func ratio(_ shape: LargeRequestLine, _ request: (String) async throws -> Void) async throws -> (ratio: Double, small: Double, large: Double) {
        let small = shape.line(size: LinearTime.smallSize)
        let large = shape.line(size: LinearTime.largeSize)
        let smallTime = try await CPUTime.minimum(runs: runs) { try await request(small) }
        let largeTime = try await CPUTime.minimum(runs: runs) { try await request(large) }
        return (largeTime / smallTime, smallTime, largeTime)
    }

    @Test("POST /v1/{op}: linear in the body's length, and the right answer", arguments: LargeRequestLine.allCases)
    func operationRoute(_ shape: LargeRequestLine) async throws {
        let server = try await Self.start()
        do {
            let measured = try await Self.ratio(shape) { line in
                let answer = try await server.post("plural", line)
                #expect(answer.status == (shape == .invalidAtEnd ? 400 : 200))
                #expect(answer.body == shape.expectedAnswer(to: line))
            }
            #expect(measured.ratio <= LinearTime.maximumRatio, "\(shape): \(measured)")
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }

    @Test("POST /v1/batch: linear in the line's length, and the right answer", arguments: LargeRequestLine.allCases)
    func batchRoute(_ shape: LargeRequestLine) async throws {
        let server = try await Self.start()
        do {
            let measured = try await Self.ratio(shape) { line in
                let answer = try await server.send("POST", "/v1/batch", body: line + "\n", headers: [("Content-Type", "application/x-ndjson")])
                #expect(answer.status == 200)
                #expect(answer.body == shape.expectedAnswer(to: line) + "\n")
            }
            #expect(measured.ratio <= LinearTime.maximumRatio, "\(shape): \(measured)")
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }
}
