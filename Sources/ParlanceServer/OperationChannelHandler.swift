#if Server
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTPTypes
import ParlanceHTTP

/// Answers `POST /v1/{op}` on the connection's event loop, without making the request a Swift
/// task: the batch engine is synchronous and answers in microseconds, so the hops between the
/// event loop and the task pool, the async body reader and the timer task a routed request
/// costs would be most of its time.
///
/// It sits in each connection's pipeline after Hummingbird's connection state handler (which
/// sees every part read and written, so idle timeouts, keep-alive and graceful shutdown count
/// these requests as any other) and before Hummingbird's request loop. A request it takes:
/// `POST /v1/{op}` (one path segment, not `batch`) with a `Content-Length` within the body
/// limit, no `Expect`, on a connection whose earlier requests are all answered and which can
/// take writes. Everything else goes on to the router unchanged, and so does every part of such
/// a request; `/v1/{op}` stays a route there, answered by the same
/// ``ServerState/operationAnswer(op:acceptLanguage:body:)``.
///
/// What a routed request gets from ``ServerMiddleware`` it gets here too: the JSON error body
/// and its status, `Content-Language` and `Vary`, `Date` and `Server`, the request metrics and
/// (when on) the access-log line. A body that does not arrive in full within the body timeout
/// gets `408 request-timeout`, and the connection is closed; `Connection: close` closes it
/// after the answer.
final class OperationChannelHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The route label of these requests in the metrics, as the router names the route.
    static let route = "/v1/{op}"

    private let server: ServerState
    private let logger: Logger
    private let accessLog: Bool
    private let connections: ConnectionGauge

    /// A request this handler answers, while its body arrives.
    private struct Taken {
        var op: String
        /// The path without its query, for the access log.
        var path: String
        var headers: HTTPFields
        var body: ByteBuffer?
        var start: ContinuousClock.Instant
        var deadline: Scheduled<Void>?
    }

    private enum State {
        case idle
        case taken(Taken)
        /// The body parts of a request handed on to the router follow it there.
        case handingOn
        /// The connection is closing after an answer that ends it: nothing more is read.
        case closing
    }

    private var state = State.idle
    /// Requests handed on to the router whose answer has not been written in full: until they
    /// are, a request is handed on too, so that answers keep the order of the requests.
    private var routedAnswersPending = 0
    /// Answers written since the last flush.
    private var unflushed = false
    private var date = HTTPDate()
    /// The metrics series of this connection's answers, by status.
    private var series: [Int: ServerMetrics.RequestSeries] = [:]

    init(server: ServerState, logger: Logger, accessLog: Bool, connections: ConnectionGauge) {
        self.server = server
        self.logger = logger
        self.accessLog = accessLog
        self.connections = connections
    }

    func handlerAdded(context: ChannelHandlerContext) {
        connections.opened()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .idle:
            guard case .head(let head) = unwrapInboundIn(data), let op = takenOperation(head, context: context) else {
                handOn(data, context: context)
                return
            }
            let path = head.path.map { String($0.prefix { $0 != "?" }) } ?? ""
            state = .taken(Taken(op: op, path: path, headers: head.headerFields, body: nil, start: .now))
        case .taken(var taken):
            switch unwrapInboundIn(data) {
            case .body(var chunk):
                // The state lets go of the request first, so that the body grows in place.
                state = .idle
                if taken.body == nil { taken.body = chunk } else { taken.body!.writeBuffer(&chunk) }
                state = .taken(taken)
            case .end:
                taken.deadline?.cancel()
                state = .idle
                answer(taken, context: context)
            case .head:
                // The decoder never starts a request inside another.
                state = .closing
                context.close(promise: nil)
            }
        case .handingOn:
            handOn(data, context: context)
        case .closing:
            break
        }
    }

    /// Hands a part on to the router; a head starts a routed request.
    private func handOn(_ data: NIOAny, context: ChannelHandlerContext) {
        switch unwrapInboundIn(data) {
        case .head:
            state = .handingOn
            routedAnswersPending += 1
        case .end:
            state = .idle
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // A body still on its way: its time starts now (one timer per slow request, none for
        // a request that arrived in one read).
        if case .taken(var taken) = state, taken.deadline == nil {
            let timeout = server.configuration.bodyTimeout.components
            let nanoseconds = timeout.seconds * 1_000_000_000 + timeout.attoseconds / 1_000_000_000
            taken.deadline = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(in: .nanoseconds(nanoseconds)) {
                self.bodyTimedOut(context: context)
            }
            state = .taken(taken)
        }
        flushIfNeeded(context: context)
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // Only the router's answers come through here (this handler writes from its own context).
        if case .end = unwrapOutboundIn(data) { routedAnswersPending -= 1 }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if case .taken(let taken) = state { taken.deadline?.cancel() }
        state = .idle
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if case .taken(let taken) = state { taken.deadline?.cancel() }
        connections.closed()
    }

    // MARK: Taking a request

    /// The operation of a request this handler answers, or nil to hand it on.
    private func takenOperation(_ head: HTTPRequest, context: ChannelHandlerContext) -> String? {
        guard head.method == .post, routedAnswersPending == 0, context.channel.isWritable,
            let path = head.path, let op = Self.operation(inPath: path), op != "batch",
            head.headerFields[.expect] == nil,
            let length = head.headerFields[.contentLength].flatMap(Int.init), length <= server.configuration.maxBodySize
        else { return nil }
        return op
    }

    /// `op` of `/v1/{op}` (a query string ignored), when it is one segment of lowercase
    /// letters, digits and `-` (the engine's operation names; anything else is the router's).
    static func operation(inPath path: String) -> String? {
        var target = Substring(path)
        if let query = target.firstIndex(of: "?") { target = target[..<query] }
        guard target.hasPrefix("/v1/") else { return nil }
        let op = target.dropFirst(4)
        guard !op.isEmpty,
            op.utf8.allSatisfy({
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || $0 == UInt8(ascii: "-")
            })
        else { return nil }
        return String(op)
    }

    // MARK: Answering

    private func answer(_ taken: Taken, context: ChannelHandlerContext) {
        let close = taken.headers[.connection]?.lowercased() == "close"
        if close { state = .closing }
        let status: Int
        do {
            try RequestBodies.requireMediaType(taken.headers[.contentType], ["application/json"])
            let answer = server.operationAnswer(
                op: taken.op, acceptLanguage: taken.headers, body: taken.body ?? context.channel.allocator.buffer(capacity: 0))
            status = answer.status
            write(status: status, contentLanguage: answer.contentLanguage, vary: true, body: answer.body, close: close, context: context)
        } catch {
            // As the router's error answer: the language played no part in it.
            status = HTTPErrorMapping.status(for: error)
            write(status: status, contentLanguage: nil, vary: false, body: HTTPErrorMapping.body(for: error), close: close, context: context)
        }
        record(status: status, path: taken.path, start: taken.start)
    }

    private func bodyTimedOut(context: ChannelHandlerContext) {
        guard case .taken(let taken) = state else { return }
        state = .closing
        let timeout = server.configuration.bodyTimeout
        let error = RequestBodies.failure("request-timeout", "the body did not arrive within \(timeout)")
        let status = HTTPErrorMapping.status(for: error)
        write(status: status, contentLanguage: nil, vary: false, body: HTTPErrorMapping.body(for: error), close: true, context: context)
        record(status: status, path: taken.path, start: taken.start)
    }

    /// The fields every answer has, made once (a field is checked when it is made).
    private static let contentTypeField = HTTPField(name: .contentType, value: ServerState.jsonType)
    private static let varyField = HTTPField(name: .vary, value: "Accept-Language")
    private static let serverField = HTTPField(name: .server, value: "parlance")
    private static let closeField = HTTPField(name: .connection, value: "close")

    private func write(status: Int, contentLanguage: String?, vary: Bool, body: [UInt8], close: Bool, context: ChannelHandlerContext) {
        var fields = HTTPFields()
        fields.reserveCapacity(7)
        fields.append(Self.contentTypeField)
        if let contentLanguage { fields.append(HTTPField(name: .contentLanguage, value: contentLanguage)) }
        if vary { fields.append(Self.varyField) }
        fields.append(HTTPField(name: .contentLength, value: String(body.count)))
        fields.append(HTTPField(name: .date, value: date.now()))
        fields.append(Self.serverField)
        if close { fields.append(Self.closeField) }
        context.write(wrapOutboundOut(.head(HTTPResponse(status: HTTPResponse.Status(code: status), headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: body))), promise: nil)
        if close {
            // Closed once the answer is on the wire (a close before would drop unsent bytes).
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        } else {
            context.write(wrapOutboundOut(.end(nil)), promise: nil)
            unflushed = true
        }
    }

    /// Answers written while reading are flushed once the read is done: pipelined requests
    /// that arrive together leave in one write.
    private func flushIfNeeded(context: ChannelHandlerContext) {
        guard unflushed else { return }
        unflushed = false
        context.flush()
    }

    private func record(status: Int, path: String, start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        if series[status] == nil { series[status] = ServerMetrics.RequestSeries(metrics: server.metrics, method: "POST", route: Self.route, status: status) }
        series[status]?.record(elapsed)
        if accessLog { ServerMiddleware<BasicRequestContext>.logAccess(logger, method: "POST", path: path, status: status, elapsed: elapsed) }
    }
}

/// The `Date` header's value (IMF-fixdate, RFC 9110), formatted once per second.
struct HTTPDate {
    private var second = 0
    private var text = ""

    mutating func now() -> String {
        var seconds = time(nil)
        guard seconds != second || text.isEmpty else { return text }
        second = seconds
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 40)
        let count = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        text = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text
    }
}
#endif
