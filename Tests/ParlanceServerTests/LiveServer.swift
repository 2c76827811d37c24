#if Server
import Foundation
import Hummingbird
import Logging
import NIOCore
import ParlanceVerification
import ParlanceServer
import ParlanceTestSupport
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#endif

/// A `parlance serve` application listening on 127.0.0.1 on a free port, run by a service group
/// as `parlance serve` runs it, and stopped by a graceful shutdown.
struct LiveServer {
    let port: Int
    let group: ServiceGroup
    let task: Task<Void, any Error>

    static let logger: Logger = {
        var logger = Logger(label: "parlance.serve.test")
        logger.logLevel = .warning
        return logger
    }()

    static func start(
        _ configuration: ParlanceServerConfiguration = ParlanceServerConfiguration(),
        extensions: [any ParlanceServerExtension] = [], logger: Logger = LiveServer.logger
    ) async throws -> LiveServer {
        var configuration = configuration
        configuration.port = 0
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = try ParlanceServer.makeApplication(configuration, extensions: extensions, logger: logger) { port in
            continuation.yield(port)
            continuation.finish()
        }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [.init(service: app)], logger: logger))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw TestFailure("the server did not start") }
        return LiveServer(port: port, group: group, task: task)
    }

    /// Runs `body` against a started server and stops the server afterwards, also when `body`
    /// throws.
    static func with(
        _ configuration: ParlanceServerConfiguration = ParlanceServerConfiguration(),
        extensions: [any ParlanceServerExtension] = [], logger: Logger = LiveServer.logger,
        _ body: (LiveServer) async throws -> Void
    ) async throws {
        let server = try await start(configuration, extensions: extensions, logger: logger)
        do {
            try await body(server)
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }

    /// Graceful shutdown; returns when the service group has finished.
    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }

    var base: String { "http://127.0.0.1:\(port)" }

    /// One request over a new TCP connection (`Connection: close`); the body as text, chunked
    /// transfer coding removed. Header names are lowercased.
    func send(
        _ method: String = "GET", _ path: String, body: String? = nil,
        headers: [(String, String)] = []
    ) async throws -> HTTPAnswer {
        let connection = try RawConnection(port: port)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.utf8.count)\r\n" }
        return try HTTPAnswer(parsing: await connection.exchange(head + "\r\n" + (body ?? "")))
    }

    /// `POST /v1/{op}` with a JSON body.
    func post(_ op: String, _ json: String, headers: [(String, String)] = []) async throws -> HTTPAnswer {
        try await send("POST", "/v1/\(op)", body: json, headers: [("Content-Type", "application/json")] + headers)
    }
}

/// A parsed HTTP/1.1 response.
struct HTTPAnswer {
    let status: Int
    /// Lowercased name → values in order.
    let headers: [String: [String]]
    let body: String

    init(parsing bytes: [UInt8]) throws {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw TestFailure("no complete response head in \(String(decoding: bytes, as: UTF8.self))")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw TestFailure("bad status line \(lines[0])") }
        var headers: [String: [String]] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased(), default: []].append(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"]?.contains(where: { $0.lowercased().contains("chunked") }) == true {
            body = try Self.dechunk(body)
        }
        self.status = status
        self.headers = headers
        self.body = String(decoding: body, as: UTF8.self)
    }

    subscript(header name: String) -> String? { headers[name.lowercased()]?.first }

    static func dechunk(_ bytes: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = bytes[index...].indices.first(where: { bytes[$0...].starts(with: [13, 10]) }) else { break }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { throw TestFailure("bad chunk size \(sizeText)") }
            if size == 0 { break }
            let start = lineEnd + 2
            guard start + size <= bytes.count else { throw TestFailure("truncated chunk") }
            out.append(contentsOf: bytes[start..<(start + size)])
            index = start + size + 2
        }
        return out
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The JSON object of a response body.
func json(_ text: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
        throw TestFailure("not a JSON object: \(text)")
    }
    return object
}

/// The `error.code` of a JSON error body, nil when the body is not one.
func errorCode(_ text: String) -> String? {
    ((try? json(text))?["error"] as? [String: Any])?["code"] as? String
}

/// A raw TCP connection to 127.0.0.1 (for slow and malformed requests no client library sends).
final class RawConnection: Sendable {
    let fd: Int32

    init(port: Int) throws {
        guard let fd = Loopback.connect(port: port) else { throw TestFailure("cannot connect to 127.0.0.1:\(port)") }
        self.fd = fd
        // Generous: on a 2-core CI machine hundreds of tests share the cooperative pool with the
        // server's handlers, and a CPU-heavy sweep can delay an answer by tens of seconds.
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Writes every byte of `text`, or as many as the peer takes before it closes the
    /// connection.
    func write(_ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            sent += count
        }
    }

    /// Every byte until the peer closes the connection (or 120 s pass).
    func readBytes() async -> [UInt8] { await offPool { Loopback.readToEnd(self.fd) } }

    /// Writes `request` on one thread while it reads the answer on another, until the peer
    /// closes the connection: a streamed answer (`POST /v1/batch` answers each line as it
    /// arrives) can fill the socket buffers before the request is all sent, and a client that
    /// read only after writing would then wait for the server while the server waits for it.
    func exchange(_ request: String) async -> [UInt8] {
        async let written: Void = offPool { self.write(request) }
        let answer = await readBytes()
        await written
        return answer
    }

    /// Every byte until the peer closes the connection, and whether it did (with a FIN or a
    /// reset; false: 120 s passed or the read failed otherwise).
    func readUntilClosed() async -> (bytes: [UInt8], closed: Bool) {
        await offPool {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(self.fd, $0.baseAddress, $0.count, 0) }
                if count < 0 { return (received, errno == ECONNRESET) }
                if count == 0 { return (received, true) }
                received.append(contentsOf: buffer[0..<count])
            }
        }
    }

    /// Everything until the peer closes the connection or `until` appears (or 120 s pass).
    func read(until marker: String? = nil) async -> String { await offPool { self.blockingRead(until: marker) } }

    private func blockingRead(until marker: String?) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
            if let marker, String(decoding: received, as: UTF8.self).contains(marker) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}
#endif
