#if Server
import Foundation
import ParlanceVerification
import ParlanceServer
import ParlanceTestSupport
import Testing

/// Reading a request body costs time linear in its length on the HTTP routes: `POST /v1/{op}`
/// with the line as its body, and `POST /v1/batch` with the line as one JSON Lines line, on a
/// real server on 127.0.0.1. The work runs on the server's threads, so each request is measured
/// with the process's CPU time, the minimum of several runs, for lines of 40 kB and 400 kB of
/// every shape of ``LargeRequestLine``; every answer is checked too. The sizes keep the ratio of
/// 10 of ``LinearTime``'s 100 kB and 1 MB (which the batch reader's tests and
/// `parlance bench --linear` use) at 2/5 of the bytes: the quadratic cost these tests exist for
/// made a 63 kB body cost seconds, and would still give a ratio of about 100.
///
/// (`parlance serve` in a child process would keep other tests' CPU out of the measurement, but
/// its line limit of `POST /v1/batch` is not set from the command line.)
@Suite("Linear-time parsing: HTTP", .serialized)
struct LinearParsingServerTests {
    static let runs = 3
    static let smallSize = 40_000
    static let largeSize = 400_000

    /// A server that takes bodies and batch lines of the large size.
    static func start() async throws -> LiveServer {
        var configuration = ParlanceServerConfiguration()
        configuration.maxBodySize = 2 * largeSize
        configuration.maxBatchLineSize = 2 * largeSize
        return try await LiveServer.start(configuration)
    }

    /// The 400 kB / 40 kB ratio of `request` (which also checks its answer) on lines of `shape`.
    ///
    /// The process's CPU time also counts tests running beside this one in the same process;
    /// such noise comes and goes, so a ratio over the bound is measured again, up to
    /// `attempts` times in all, while a quadratic cost (about 100) stays over it every time.
    static func ratio(
        _ label: String, _ shape: LargeRequestLine, attempts: Int = 3, _ request: (String) async throws -> Void
    ) async throws -> (ratio: Double, small: Double, large: Double) {
        let small = shape.line(size: smallSize)
        let large = shape.line(size: largeSize)
        var measured = (ratio: Double.infinity, small: 0.0, large: 0.0)
        for _ in 0..<attempts where measured.ratio > LinearTime.maximumRatio {
            let smallTime = try await CPUTime.minimum(runs: runs) { try await request(small) }
            let largeTime = try await CPUTime.minimum(runs: runs) { try await request(large) }
            LinearTime.report("\(label) \(shape)", small: smallTime, large: largeTime, smallSize: smallSize, largeSize: largeSize)
            measured = (largeTime / smallTime, smallTime, largeTime)
        }
        return measured
    }

    @Test("POST /v1/{op}: linear in the body's length, and the right answer", arguments: LargeRequestLine.allCases)
    func operationRoute(_ shape: LargeRequestLine) async throws {
        let server = try await Self.start()
        do {
            let measured = try await Self.ratio("POST /v1/plural", shape) { line in
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
            let measured = try await Self.ratio("POST /v1/batch", shape) { line in
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
#endif
