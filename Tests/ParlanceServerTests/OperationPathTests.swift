#if Server
import Foundation
@testable import ParlanceServer
import ParlanceVerification
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `POST /v1/{op}` is answered on the connection's event loop when its body has a declared
/// length, and by the router otherwise (a chunked body): both give the same answer, answers
/// keep the order of pipelined requests, and both count in the same metrics series.
@Suite("POST /v1/{op} on the event loop and through the router")
struct OperationPathTests {
    static func configuration() -> ParlanceServerConfiguration {
        var configuration = ParlanceServerConfiguration()
        configuration.catalogDirectory = HTTPConformanceTests.sampleCatalog
        return configuration
    }

    /// The request with a `Content-Length` (the event loop's) or chunked (the router's).
    static func request(_ op: String, _ body: [UInt8], chunked: Bool, contentType: String = "application/json", close: Bool = true) -> [UInt8] {
        var head = "POST /v1/\(op) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(contentType)\r\nAccept-Language: fr-CA\r\n"
        if close { head += "Connection: close\r\n" }
        if chunked {
            head += "Transfer-Encoding: chunked\r\n\r\n"
            var bytes = Array(head.utf8)
            if !body.isEmpty { bytes += Array((String(body.count, radix: 16) + "\r\n").utf8) + body + Array("\r\n".utf8) }
            return bytes + Array("0\r\n\r\n".utf8)
        }
        return Array((head + "Content-Length: \(body.count)\r\n\r\n").utf8) + body
    }

    static func exchange(_ port: Int, _ bytes: [UInt8]) async throws -> [UInt8] {
        let connection = try RawConnection(port: port)
        _ = bytes.withUnsafeBytes { send(connection.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return await connection.readBytes()
    }

    @Test func eitherPathGivesTheSameAnswer() async throws {
        let cases: [(op: String, body: [UInt8], contentType: String)] = [
            ("plural", Array(#"{"locale":"ru","number":"21"}"#.utf8), "application/json"),
            ("number", Array(#"{"locale":"de","number":"1234.5","skeleton":"currency/EUR"}"#.utf8), "application/json; charset=UTF-8"),
            ("localize", Array(#"{"key":"place_bet","id":7}"#.utf8), "application/json"),  // fr-CA from Accept-Language: fr's table
            ("localize", Array(#"{"locale":"ru","key":"no.such.key"}"#.utf8), "application/json"),
            ("plural", Array(#"{"locale":"ru","number":"#.utf8), "application/json"),
            ("no-such-op", Array(#"{"locale":"ru"}"#.utf8), "application/json"),
            ("plural", Array(#"{"locale":"ru","number":"21"}"#.utf8), "text/plain"),
            ("plural", [0x7B, 0xFF, 0x7D], "application/json"),
            ("plural", Array(#"{"op":"number","locale":"ru","number":"21"}"#.utf8), "application/json"),
            ("plural", [], "application/json"),
        ]
        try await LiveServer.with(Self.configuration()) { server in
            for item in cases {
                let direct = try HTTPAnswer(
                    parsing: try await Self.exchange(server.port, Self.request(item.op, item.body, chunked: false, contentType: item.contentType)))
                let routed = try HTTPAnswer(
                    parsing: try await Self.exchange(server.port, Self.request(item.op, item.body, chunked: true, contentType: item.contentType)))
                let what = "\(item.op) \(String(decoding: item.body, as: UTF8.self)) \(item.contentType)"
                #expect(direct.status == routed.status, "\(what)")
                #expect(direct.body == routed.body, "\(what)")
                for name in ["content-type", "content-language", "vary", "server"] {
                    #expect(direct.headers[name] == routed.headers[name], "\(what): \(name)")
                }
                #expect(direct[header: "Date"] != nil && routed[header: "Date"] != nil)
            }
            // A spot check of the answers themselves (both paths gave these).
            let plural = try HTTPAnswer(parsing: try await Self.exchange(server.port, Self.request("plural", cases[0].body, chunked: false)))
            #expect(plural.status == 200 && plural.body == #"{"result":"one"}"#)
            let localized = try HTTPAnswer(parsing: try await Self.exchange(server.port, Self.request("localize", cases[2].body, chunked: false)))
            #expect(localized.body == #"{"id":7,"result":"Placer le Pari"}"#)
            #expect(localized[header: "Content-Language"] == "fr")
            let media = try HTTPAnswer(
                parsing: try await Self.exchange(server.port, Self.request("plural", cases[0].body, chunked: false, contentType: "text/plain")))
            #expect(media.status == 415 && errorCode(media.body) == "unsupported-media-type")
        }
    }

    /// Without a catalog, `localize` is 404 `no-catalog` on both paths, as the catalog route.
    @Test func localizeWithoutACatalogIsNoCatalog() async throws {
        try await LiveServer.with(ParlanceServerConfiguration()) { server in
            let body = Array(#"{"locale":"en","key":"place_bet"}"#.utf8)
            for chunked in [false, true] {
                let answer = try HTTPAnswer(parsing: try await Self.exchange(server.port, Self.request("localize", body, chunked: chunked)))
                #expect(answer.status == 404 && errorCode(answer.body) == "no-catalog", "chunked \(chunked): \(answer.body)")
            }
            let catalog = try await server.send("GET", "/v1/catalog/en")
            #expect(catalog.status == 404 && errorCode(catalog.body) == "no-catalog")
        }
    }

    /// Requests written in one go on one connection, alternating the two paths: the answers
    /// come back in the order of the requests, each echoing its own `id`.
    @Test func pipelinedAnswersKeepTheirOrder() async throws {
        try await LiveServer.with(Self.configuration()) { server in
            var bytes: [UInt8] = []
            let count = 9
            for id in 0..<count {
                let body = Array(#"{"locale":"ru","number":"\#(id)","id":\#(id)}"#.utf8)
                bytes += Self.request("plural", body, chunked: id % 3 == 1, close: id == count - 1)
            }
            let answers = try Self.responses(try await Self.exchange(server.port, bytes))
            #expect(answers.count == count)
            let expected = ["many", "one", "few", "few", "few", "many", "many", "many", "many"]
            for (id, answer) in answers.enumerated() {
                #expect(answer.status == 200)
                #expect(answer.body == #"{"id":\#(id),"result":"\#(expected[id])"}"#, "request \(id)")
            }
        }
    }

    /// Both paths count in the one series of the route.
    @Test func bothPathsCountInTheSameMetricsSeries() async throws {
        try await LiveServer.with(Self.configuration()) { server in
            let body = Array(#"{"locale":"ru","number":"21"}"#.utf8)
            func count() async throws -> Int {
                let metrics = try await server.send("GET", "/metrics")
                let line = metrics.body.split(separator: "\n").first {
                    $0.hasPrefix("parlance_http_requests_total{") && $0.contains(#"method="POST""#) && $0.contains(#"status="200""#)
                        && $0.contains("/v1/")
                }
                return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
            }
            _ = try await Self.exchange(server.port, Self.request("plural", body, chunked: true))
            let afterRouted = try await count()
            _ = try await Self.exchange(server.port, Self.request("plural", body, chunked: false))
            _ = try await Self.exchange(server.port, Self.request("plural", body, chunked: false))
            #expect(afterRouted == 1)
            #expect(try await count() == 3)
        }
    }

    /// The request decoder tells NIO's response encoder each request's method (a `HEAD`
    /// answer carries no body): answers written on the event loop keep the two in step, so a
    /// `HEAD` after them on the same connection still gets its head alone.
    @Test func aHeadAfterEventLoopAnswersHasNoBody() async throws {
        try await LiveServer.with(Self.configuration()) { server in
            let body = Array(#"{"locale":"ru","number":"21"}"#.utf8)
            let bytes =
                Self.request("plural", body, chunked: false, close: false) + Self.request("plural", body, chunked: false, close: false)
                + Array("HEAD /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
            let connection = try RawConnection(port: server.port)
            _ = bytes.withUnsafeBytes { send(connection.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            let (received, closed) = await connection.readUntilClosed()
            #expect(closed)
            let text = String(decoding: received, as: UTF8.self)
            let separator = "\r\n\r\n"
            guard let headStart = text.range(of: "HTTP/1.1 200", options: .backwards),
                let headEnd = text.range(of: separator, range: headStart.upperBound..<text.endIndex)
            else {
                Issue.record("no answer to HEAD in \(text)")
                return
            }
            let answers = try Self.responses(Array(text[..<headStart.lowerBound].utf8))
            #expect(answers.map(\.status) == [200, 200])
            #expect(answers.allSatisfy { $0.body == #"{"result":"one"}"# })
            #expect(text[headStart.lowerBound..<headEnd.lowerBound].lowercased().contains("content-type: application/json"))
            #expect(text[headEnd.upperBound...].isEmpty, "a body after the HEAD answer: \(text[headEnd.upperBound...].prefix(80))")
        }
    }

    /// A keep-alive connection with nothing more to send is closed once the idle timeout has
    /// passed after an answer written on the event loop.
    @Test func anIdleConnectionIsClosedAfterItsLastAnswer() async throws {
        var configuration = Self.configuration()
        configuration.idleTimeout = .milliseconds(200)
        try await LiveServer.with(configuration) { server in
            let body = Array(#"{"locale":"pl","number":"5"}"#.utf8)
            let bytes = Self.request("plural", body, chunked: false, close: false)
            // The idle clock starts when the connection is accepted: on a machine so busy that
            // the request comes later than the timeout, the server rightly closes first (no
            // answer), and the exchange is tried again on a new connection.
            var answered: (bytes: [UInt8], closed: Bool)?
            for _ in 0..<20 where answered == nil {
                let connection = try RawConnection(port: server.port)
                _ = bytes.withUnsafeBytes { send(connection.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                let received = await connection.readUntilClosed()
                if !received.bytes.isEmpty || !received.closed { answered = received }
            }
            guard let (received, closed) = answered else {
                Issue.record("20 connections were closed before their request was read")
                return
            }
            #expect(closed, "the server did not close the idle connection")
            let answers = try Self.responses(received)
            #expect(answers.count == 1 && answers.first?.body == #"{"result":"many"}"#)
            #expect(answers.first?[header: "Connection"] == nil)
        }
    }

    /// Graceful shutdown while the body of a request answered on the event loop is still
    /// arriving: the request is answered in full, then the connection closes and the server
    /// stops.
    @Test func gracefulShutdownLetsAnEventLoopRequestFinish() async throws {
        // The body's rest comes only after the listener has closed, which takes as long as the
        // machine makes it take: body and idle timeouts longer than any test run keep a 408 or
        // an idle close out of it.
        var configuration = Self.configuration()
        configuration.bodyTimeout = .seconds(3600)
        configuration.idleTimeout = .seconds(3600)
        let server = try await LiveServer.start(configuration)
        let connection = try RawConnection(port: server.port)
        let first = Self.request("plural", Array(#"{"locale":"ru","number":"2","id":1}"#.utf8), chunked: false, close: false)
        let body = Array(#"{"locale":"ru","number":"5","id":2}"#.utf8)
        let second = Self.request("plural", body, chunked: false, close: false)
        // The first request and the second one's head with part of its body, in one write: once
        // the first answer is back, the server has read the second request's start.
        let split = second.count - 10
        _ = (first + second[..<split]).withUnsafeBytes { send(connection.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let start = await connection.read(until: #""result":"few"}"#)
        #expect(start.contains(#"{"id":1,"result":"few"}"#), "\(start)")
        await server.group.triggerGracefulShutdown()
        // The listener closes as shutdown begins; open connections are told to finish next.
        while let probe = Loopback.connect(port: server.port) {
            close(probe)
            await Task.yield()
        }
        _ = second[split...].withUnsafeBytes { send(connection.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let (rest, closed) = await connection.readUntilClosed()
        #expect(closed)
        let answers = try Self.responses(rest)
        #expect(answers.count == 1 && answers.first?.body == #"{"id":2,"result":"many"}"#, "\(String(decoding: rest, as: UTF8.self))")
        try await server.task.value  // the service group ends once the request is done
    }

    /// The responses of one connection, in order (bodies with a length or chunked).
    static func responses(_ bytes: [UInt8]) throws -> [HTTPAnswer] {
        var answers: [HTTPAnswer] = []
        var rest = bytes[...]
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while !rest.isEmpty {
            guard let headEnd = rest.indices.first(where: { rest[$0...].starts(with: separator) }) else {
                throw TestFailure("an incomplete response: \(String(decoding: rest, as: UTF8.self))")
            }
            let head = String(decoding: rest[..<headEnd], as: UTF8.self).lowercased()
            var end = headEnd + 4
            if let line = head.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
                let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
            {
                end += length
            } else if head.contains("transfer-encoding: chunked") {
                let terminator: [UInt8] = Array("0\r\n\r\n".utf8)
                guard let last = rest[end...].indices.first(where: { rest[$0...].starts(with: terminator) }) else {
                    throw TestFailure("an unterminated chunked body")
                }
                end = last + terminator.count
            }
            answers.append(try HTTPAnswer(parsing: Array(rest[..<end])))
            rest = rest[end...]
        }
        return answers
    }
}
#endif

#if Server
/// The gauge behind the idle memory trim: open connections, and the peak since the last look.
@Suite struct IdleMemoryTrimTests {
    @Test func theGaugeCountsOpenConnectionsAndRestartsItsPeak() {
        let gauge = ConnectionGauge()
        for _ in 0..<300 { gauge.opened() }
        for _ in 0..<290 { gauge.closed() }
        let first = gauge.sample()
        #expect(first.open == 10 && first.peak == 300)
        #expect(IdleMemoryTrim.shouldTrim(open: first.open, peak: first.peak, threshold: 256))
        // The peak restarts from the connections open at the last look.
        let second = gauge.sample()
        #expect(second.open == 10 && second.peak == 10)
        #expect(!IdleMemoryTrim.shouldTrim(open: second.open, peak: second.peak, threshold: 256))
        for _ in 0..<100 { gauge.opened() }
        for _ in 0..<100 { gauge.closed() }
        // A hundred came and went: under the threshold, no trim.
        let third = gauge.sample()
        #expect(third.open == 10 && third.peak == 110)
        #expect(!IdleMemoryTrim.shouldTrim(open: third.open, peak: third.peak, threshold: 256))
    }

    #if canImport(Glibc)
    @Test func glibcHasMallocTrim() {
        #expect(IdleMemoryTrim.trim())
    }
    #endif
}
#endif
