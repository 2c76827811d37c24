#if Server
import Foundation
import Logging
import ParlanceBatch
import ParlanceVerification
import ParlanceServer
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// `parlance bench --linear`: the CPU time of one request line of 100 kB and of 1 MB on every
/// entry point that reads request lines, for every shape of ``LargeRequestLine``, and their
/// ratio (linear time gives about 10, quadratic about 100; the target is
/// ``LinearTime/targetRatio``). Every answer is checked against the protocol's expected answer
/// before it is timed.
///
/// Each figure is the minimum over the runs (the run least disturbed by the rest of the
/// machine), the two sizes measured in turn. The in-process entry points are measured with the
/// calling thread's CPU time; the HTTP routes with the whole process's (the server's threads do
/// the work), a real server on 127.0.0.1 answering a request sent over a new TCP connection,
/// the client's sending and reading included.
struct LinearBench {
    struct Row {
        let entryPoint: String
        let shape: LargeRequestLine
        let small: Double
        let large: Double
        var ratio: Double { large / small }
    }

    struct WrongAnswer: Error, CustomStringConvertible {
        let description: String
    }

    let runs: Int
    let engine = BatchEngine()

    func run() throws -> [Row] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-bench-linear-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try BenchServer.start()
        defer { server.stop() }
        var rows: [Row] = []
        for shape in LargeRequestLine.allCases {
            let lines = [LinearTime.smallSize, LinearTime.largeSize].map { shape.line(size: $0) }
            let expected = lines.map { shape.expectedAnswer(to: $0) }
            func measure(_ entryPoint: String, clock: () -> Double = CPUTime.thread, _ work: (Int) throws -> Void) throws {
                // One untimed run of each size first: it checks the answer and warms the caches.
                try work(0)
                try work(1)
                // The sizes alternate, so that a busy stretch of the machine falls on both.
                var small = Double.infinity
                var large = Double.infinity
                for _ in 0..<runs {
                    small = min(small, try CPUTime.minimum(runs: 1, clock: clock) { try work(0) })
                    large = min(large, try CPUTime.minimum(runs: 1, clock: clock) { try work(1) })
                }
                rows.append(Row(entryPoint: entryPoint, shape: shape, small: small, large: large))
            }
            // The reader as the engine calls it: members no request reads are checked, not built.
            try measure("reader") { index in
                let outcome: Result<JSONReader.Document, JSONReader.SyntaxError>
                do throws(JSONReader.SyntaxError) {
                    outcome = .success(try JSONReader.read(lines[index], keeping: BatchRequest.isField))
                } catch {
                    outcome = .failure(error)
                }
                switch outcome {
                case .success(let document):
                    guard shape != .invalidAtEnd, document.value["number"] == .string("21") else {
                        throw WrongAnswer(description: "reader: \(shape) read as a document")
                    }
                case .failure(let error):
                    guard shape == .invalidAtEnd, error.column == lines[index].utf8.count - 1 else {
                        throw WrongAnswer(description: "reader: \(shape): \(error)")
                    }
                }
            }
            try measure("respond(to:)") { index in
                let answer = engine.respond(to: lines[index])
                guard answer == expected[index] else { throw WrongAnswer(description: "respond(to:) \(shape): \(answer ?? "nil")") }
            }
            let inputs = try lines.enumerated().map { index, line in
                let path = directory.appendingPathComponent("in-\(index)").path
                try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: path))
                return path
            }
            let outputPath = directory.appendingPathComponent("out").path
            try measure("stdin loop") { index in
                let input = open(inputs[index], O_RDONLY)
                let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                defer {
                    close(input)
                    close(output)
                }
                guard input >= 0, output >= 0 else { throw WrongAnswer(description: "stdin loop: cannot open \(directory.path)") }
                engine.run(input: input, output: output)
                let answer = try String(contentsOfFile: outputPath, encoding: .utf8)
                guard answer == expected[index] + "\n" else { throw WrongAnswer(description: "stdin loop \(shape): \(answer)") }
            }
            let pluralRequests = lines.map { server.request("POST", "/v1/plural", contentType: "application/json", body: $0) }
            try measure("POST /v1/plural", clock: CPUTime.process) { index in
                let (status, body) = try server.send(pluralRequests[index])
                guard status == (shape == .invalidAtEnd ? 400 : 200), body == expected[index] else {
                    throw WrongAnswer(description: "POST /v1/plural \(shape): \(status) \(body.prefix(200))")
                }
            }
            let batchRequests = lines.map { server.request("POST", "/v1/batch", contentType: "application/x-ndjson", body: $0 + "\n") }
            try measure("POST /v1/batch", clock: CPUTime.process) { index in
                let (status, body) = try server.send(batchRequests[index])
                guard status == 200, body == expected[index] + "\n" else {
                    throw WrongAnswer(description: "POST /v1/batch \(shape): \(status) \(body.prefix(200))")
                }
            }
        }
        return rows
    }

    static func render(_ rows: [Row], runs: Int) -> String {
        func milliseconds(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
        var lines = [
            "linear time: CPU time of one request line of 100 kB and of 1 MB, minimum of \(runs) runs; target ratio ≤ \(Int(LinearTime.targetRatio))×"
        ]
        lines.append(
            "  " + "entry point".padding(toLength: 17, withPad: " ", startingAt: 0) + "shape".padding(toLength: 14, withPad: " ", startingAt: 0)
                + "100 kB".leftPadded(to: 11) + "1 MB".leftPadded(to: 11) + "ratio".leftPadded(to: 8))
        for row in rows {
            lines.append(
                "  " + row.entryPoint.padding(toLength: 17, withPad: " ", startingAt: 0) + row.shape.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)
                    + milliseconds(row.small).leftPadded(to: 11) + milliseconds(row.large).leftPadded(to: 11)
                    + String(format: "%.1f×", row.ratio).leftPadded(to: 8) + (row.ratio > LinearTime.targetRatio ? "  over the target" : ""))
        }
        if let worst = rows.max(by: { $0.ratio < $1.ratio }) {
            let over = rows.filter { $0.ratio > LinearTime.targetRatio }.count
            lines.append(
                String(format: "largest ratio %.1f× (%@, %@); ", worst.ratio, worst.entryPoint, worst.shape.rawValue)
                    + (over == 0 ? "every row within the target" : "\(over) of \(rows.count) rows over the target"))
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// `parlance serve`'s application on 127.0.0.1 on a free port, taking bodies and batch lines of
/// up to twice the larger line, run by a service group on the cooperative pool while the
/// calling thread sends requests over blocking sockets.
private struct BenchServer {
    let port: Int
    let group: ServiceGroup
    let finished: DispatchSemaphore

    static func start() throws -> BenchServer {
        var configuration = ParlanceServerConfiguration()
        configuration.port = 0
        configuration.maxBodySize = 2 * LinearTime.largeSize
        configuration.maxBatchLineSize = 2 * LinearTime.largeSize
        var logger = Logger(label: "parlance.bench.serve")
        logger.logLevel = .warning
        let listening = DispatchSemaphore(value: 0)
        let port = Mutex<Int?>(nil)
        let app = try ParlanceServer.makeApplication(configuration, logger: logger) { bound in
            port.withLock { $0 = bound }
            listening.signal()
        }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [.init(service: app)], logger: logger))
        let finished = DispatchSemaphore(value: 0)
        Task {
            do {
                try await group.run()
            } catch {
                logger.error("the bench server stopped: \(error)")
            }
            listening.signal()
            finished.signal()
        }
        listening.wait()
        guard let bound = port.withLock({ $0 }) else { throw LinearBench.WrongAnswer(description: "the bench server did not start") }
        return BenchServer(port: bound, group: group, finished: finished)
    }

    func stop() {
        let group = self.group
        Task { await group.triggerGracefulShutdown() }
        finished.wait()
    }

    /// The bytes of a request with `body`, closing the connection after the answer.
    func request(_ method: String, _ path: String, contentType: String, body: String) -> [UInt8] {
        Array(
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                .utf8)
    }

    /// Sends `request` over a new connection and reads the answer to its end: the status and
    /// the body, chunked transfer coding removed.
    func send(_ request: [UInt8]) throws -> (status: Int, body: String) {
        guard let fd = Loopback.connect(port: port) else {
            throw LinearBench.WrongAnswer(description: "cannot connect to 127.0.0.1:\(port)")
        }
        defer { close(fd) }
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw LinearBench.WrongAnswer(description: "send() failed") }
            sent += count
        }
        return try Self.parse(Loopback.readToEnd(fd))
    }

    static func parse(_ bytes: [UInt8]) throws -> (status: Int, body: String) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let headEnd = text.range(of: "\r\n\r\n") else { throw LinearBench.WrongAnswer(description: "no response head: \(text.prefix(200))") }
        let head = text[..<headEnd.lowerBound].lowercased()
        let statusLine = head.prefix { $0 != "\r" }.split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw LinearBench.WrongAnswer(description: "bad status line in \(head.prefix(200))")
        }
        var body = Substring(text[headEnd.upperBound...])
        guard head.contains("transfer-encoding: chunked") else { return (status, String(body)) }
        var decoded = ""
        while let lineEnd = body.range(of: "\r\n"), let size = Int(body[..<lineEnd.lowerBound].prefix { $0 != ";" }, radix: 16), size > 0 {
            let chunk = body[lineEnd.upperBound...].utf8.prefix(size)
            decoded += String(decoding: chunk, as: UTF8.self)
            body = Substring(body[lineEnd.upperBound...].utf8.dropFirst(size + 2))
        }
        return (status, decoded)
    }
}
#endif
