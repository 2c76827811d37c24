#if Server
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import Parlance
import ParlanceHTTP

/// Answers `POST /v1/{op}` and `GET /v1/catalog/{locale}` on the connection's event loop, without
/// making the request a Swift task, and keeps the connection's state (idle timeout, graceful shutdown) for every request
/// on it. The batch engine is synchronous and answers in microseconds, so the hops between the
/// event loop and the task pool, the async body reader and the timer task a routed request
/// costs would be most of its time; so would the conversion of each request and answer to
/// `HTTPTypes` and back, which is why the handler works on NIO's HTTP/1 parts.
///
/// It sits in each connection's pipeline right after NIO's HTTP/1 decoder and before the
/// conversion to `HTTPTypes`, Hummingbird's request loop and router. The requests it takes, on a
/// connection whose earlier requests are all answered and which can take writes:
/// - HTTP/1.1 `POST /v1/{op}` (one path segment, not `batch`) with one `Content-Length` within
///   the body limit and no `Expect`;
/// - HTTP/1.1 `GET /v1/catalog/{locale}` without a body, whose locale segment and query
///   (nothing, or `table=` and a name) need no percent-decoding.
///
/// Everything else goes on to the router unchanged, and so does every part of such a request;
/// both stay routes there, answered by the same ``ServerState/operationAnswer(op:acceptLanguage:body:)``
/// and ``ServerState/catalogSnapshot(locale:table:)``. Its answers go through NIO's encoder as the
/// router's do, with the same fields.
///
/// What a routed request gets from ``ServerMiddleware`` it gets here too: the JSON error body
/// and its status, `Content-Language` and `Vary`, `Date` and `Server`, the request metrics and
/// (when on) the access-log line. A body that does not arrive in full within the body timeout
/// gets `408 request-timeout`, and the connection is closed; a request that does not keep the
/// connection alive (`Connection: close`) closes it after the answer.
///
/// Because it sees every request part read and every answer written on both paths, it also
/// does what Hummingbird's connection state handler does for its HTTP/1 channel: a connection
/// with no request for the idle timeout is closed (one waiting for an answer is not), and on
/// graceful shutdown an idle connection is closed at once and a busy one after its last answer.
final class OperationChannelHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The route labels of these requests in the metrics, as the router names the routes.
    static let operationRoute = "/v1/{op}"
    static let catalogRoute = "/v1/catalog/{locale}"

    private let server: ServerState
    private let logger: Logger
    private let accessLog: Bool
    private let connections: ConnectionGauge
    private let idleTimeout: TimeAmount?

    /// What a taken request asks for.
    private enum Target {
        case operation(String)
        /// The locale path segment, the table and the `If-None-Match` values joined by ", ".
        case catalog(locale: String, table: String, ifNoneMatch: String?)

        /// The request's method and route in the metrics and the access log.
        var method: String {
            switch self {
            case .operation: "POST"
            case .catalog: "GET"
            }
        }

        var route: String {
            switch self {
            case .operation: OperationChannelHandler.operationRoute
            case .catalog: OperationChannelHandler.catalogRoute
            }
        }

        /// The route's part of a metrics series key: 0 for operations, 1 for the catalog.
        var routeNumber: Int {
            switch self {
            case .operation: 0
            case .catalog: 1
            }
        }
    }

    /// A request this handler answers, while its body arrives.
    private struct Taken {
        var target: Target
        /// The path without its query, for the access log.
        var path: String
        /// `Content-Type` and `Accept-Language`, each field's values joined by ", ".
        var contentType: String?
        var acceptLanguage: String?
        var keepAlive: Bool
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
    /// The metrics series of this connection's answers, by route and status.
    private var series: [SeriesKey: ServerMetrics.RequestSeries] = [:]
    private struct SeriesKey: Hashable {
        /// ``Target/routeNumber``.
        let route: Int
        let status: Int
    }

    /// Requests read (their head) whose answer has not been written in full, on either path.
    private var requestsInProgress = 0
    /// A request's head has been read and its end not yet.
    private var requestBeingRead = false
    /// When a request part was last read or an answer last ended.
    private var lastActive = NIODeadline.now()
    /// Graceful shutdown came while requests were in progress: the last answer closes.
    private var closeAfterAnswers = false
    private var idleCheck: Scheduled<Void>?

    init(server: ServerState, logger: Logger, accessLog: Bool, connections: ConnectionGauge, idleTimeout: TimeAmount?) {
        self.server = server
        self.logger = logger
        self.accessLog = accessLog
        self.connections = connections
        self.idleTimeout = idleTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        connections.opened()
        if context.channel.isActive { scheduleIdleCheck(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        scheduleIdleCheck(context: context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch part {
        case .head:
            requestsInProgress += 1
            requestBeingRead = true
            lastActive = .now()
        case .end:
            requestBeingRead = false
            lastActive = .now()
        case .body:
            break
        }
        switch state {
        case .idle:
            guard case .head(let head) = part, let taken = taken(head, context: context) else {
                handOn(part, data, context: context)
                return
            }
            state = .taken(taken)
        case .taken(var taken):
            switch part {
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
            handOn(part, data, context: context)
        case .closing:
            break
        }
    }

    /// Hands a part on to the router; a head starts a routed request.
    private func handOn(_ part: HTTPServerRequestPart, _ data: NIOAny, context: ChannelHandlerContext) {
        switch part {
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
            taken.deadline = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(in: TimeAmount(server.configuration.bodyTimeout)) {
                self.bodyTimedOut(context: context)
            }
            state = .taken(taken)
        }
        flushIfNeeded(context: context)
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // Only the router's answers (and the malformed-request answer) come through here: this
        // handler writes its own from its own context.
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        routedAnswersPending = max(0, routedAnswersPending - 1)
        if answerEnded() {
            context.writeAndFlush(data, promise: promise)
            context.close(promise: nil)
        } else {
            context.write(data, promise: promise)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        // Graceful shutdown: an idle connection closes now, a busy one after its last answer.
        if requestsInProgress > 0 {
            closeAfterAnswers = true
        } else {
            context.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A decoding error ends the connection (the malformed-request handler answers it).
        if case .taken(let taken) = state { taken.deadline?.cancel() }
        state = .closing
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if case .taken(let taken) = state { taken.deadline?.cancel() }
        state = .idle
        idleCheck?.cancel()
        idleCheck = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if case .taken(let taken) = state { taken.deadline?.cancel() }
        idleCheck?.cancel()
        idleCheck = nil
        connections.closed()
    }

    // MARK: Connection state

    /// Counts an answer written in full; true when the connection is to close after it.
    private func answerEnded() -> Bool {
        requestsInProgress = max(0, requestsInProgress - 1)
        guard requestsInProgress == 0 else { return false }
        lastActive = .now()
        return closeAfterAnswers
    }

    private func scheduleIdleCheck(context: ChannelHandlerContext, at deadline: NIODeadline? = nil) {
        guard let idleTimeout, idleCheck == nil else { return }
        let deadline = deadline ?? lastActive + idleTimeout
        idleCheck = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(deadline: deadline) {
            self.idleCheckDue(context: context)
        }
    }

    private func idleCheckDue(context: ChannelHandlerContext) {
        idleCheck = nil
        guard let idleTimeout, context.channel.isActive else { return }
        // A request read in full and waiting for its answer is not idle; the answer's end
        // starts the clock again.
        if requestsInProgress > 0, !requestBeingRead {
            scheduleIdleCheck(context: context, at: .now() + idleTimeout)
            return
        }
        if NIODeadline.now() >= lastActive + idleTimeout {
            context.close(promise: nil)
        } else {
            scheduleIdleCheck(context: context)
        }
    }

    // MARK: Taking a request

    /// The request as this handler answers it, or nil to hand it on.
    private func taken(_ head: HTTPRequestHead, context: ChannelHandlerContext) -> Taken? {
        guard head.version == .http1_1, routedAnswersPending == 0, !closeAfterAnswers, context.channel.isWritable else { return nil }
        var target: Target
        switch head.method {
        case .POST:
            guard let op = Self.operation(inPath: head.uri), op != "batch" else { return nil }
            target = .operation(op)
        case .GET:
            guard let (locale, table) = Self.catalogRequest(inPath: head.uri) else { return nil }
            target = .catalog(locale: locale, table: table, ifNoneMatch: nil)
        default:
            return nil
        }
        // One pass over the fields this handler reads.
        var length: Int?
        var lengths = 0
        var contentType: String?
        var acceptLanguage: String?
        var ifNoneMatch: String?
        for (name, value) in head.headers {
            switch name.utf8.count {
            case 6 where Self.named(name, "expect"):
                return nil
            case 12 where Self.named(name, "content-type"):
                contentType = contentType.map { $0 + ", " + value } ?? value
            case 13 where Self.named(name, "if-none-match"):
                ifNoneMatch = ifNoneMatch.map { $0 + ", " + value } ?? value
            case 14 where Self.named(name, "content-length"):
                lengths += 1
                length = Int(value)
            case 15 where Self.named(name, "accept-language"):
                acceptLanguage = acceptLanguage.map { $0 + ", " + value } ?? value
            case 17 where Self.named(name, "transfer-encoding"):
                return nil
            default:
                break
            }
        }
        switch target {
        case .operation:
            guard lengths == 1, let length, length <= server.configuration.maxBodySize else { return nil }
        case .catalog(let locale, let table, _):
            // A GET with a body is the router's.
            guard lengths == 0 else { return nil }
            target = .catalog(locale: locale, table: table, ifNoneMatch: ifNoneMatch)
        }
        let path = head.uri.utf8.firstIndex(of: UInt8(ascii: "?")).map { String(head.uri[..<$0]) } ?? head.uri
        return Taken(
            target: target, path: path, contentType: contentType, acceptLanguage: acceptLanguage, keepAlive: head.isKeepAlive,
            body: nil, start: .now)
    }

    /// Whether a field name is `lowercase` (a lowercase ASCII name of the same length), ASCII
    /// case-insensitively.
    private static func named(_ name: String, _ lowercase: StaticString) -> Bool {
        var index = 0
        for byte in name.utf8 {
            let lowered = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            guard lowered == lowercase.utf8Start[index] else { return false }
            index += 1
        }
        return true
    }

    /// `op` of `/v1/{op}` (a query string ignored), when it is one segment of lowercase
    /// letters, digits and `-` (the engine's operation names; anything else is the router's).
    static func operation(inPath path: String) -> String? {
        let utf8 = path.utf8
        let end = utf8.firstIndex(of: UInt8(ascii: "?")) ?? utf8.endIndex
        guard utf8[..<end].starts(with: "/v1/".utf8) else { return nil }
        let op = path[utf8.index(utf8.startIndex, offsetBy: 4)..<end]
        guard !op.isEmpty,
            op.utf8.allSatisfy({
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || $0 == UInt8(ascii: "-")
            })
        else { return nil }
        return String(op)
    }

    /// The locale segment and table of `GET /v1/catalog/{locale}[?table=NAME]`, when neither
    /// needs percent-decoding (letters, digits and `-_.@=;` in the locale; letters, digits and
    /// `-_.~` in the table) and the query has nothing else; anything else is the router's.
    static func catalogRequest(inPath path: String) -> (locale: String, table: String)? {
        let utf8 = path.utf8
        let prefix = "/v1/catalog/".utf8
        guard utf8.starts(with: prefix) else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: prefix.count)
        let query = utf8[start...].firstIndex(of: UInt8(ascii: "?"))
        let locale = utf8[start..<(query ?? utf8.endIndex)]
        guard !locale.isEmpty,
            locale.allSatisfy({ isUnreservedLetterOrDigit($0) || "-_.@=;".utf8.contains($0) })
        else { return nil }
        var table = "Localizable"
        if let query {
            let parameter = utf8[utf8.index(after: query)...]
            guard parameter.starts(with: "table=".utf8) else { return nil }
            let name = parameter.dropFirst(6)
            guard !name.isEmpty, name.allSatisfy({ isUnreservedLetterOrDigit($0) || "-_.~".utf8.contains($0) }) else { return nil }
            table = String(Substring(name))
        }
        return (String(Substring(locale)), table)
    }

    private static func isUnreservedLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    // MARK: Answering

    private func answer(_ taken: Taken, context: ChannelHandlerContext) {
        let close = !taken.keepAlive || closeAfterAnswers
        if close { state = .closing }
        switch taken.target {
        case .operation(let op):
            let status: Int
            do {
                try RequestBodies.requireMediaType(taken.contentType, ["application/json"])
                let answer = server.operationAnswer(
                    op: op, acceptLanguage: { taken.acceptLanguage ?? "" },
                    body: taken.body ?? context.channel.allocator.buffer(capacity: 0))
                status = answer.status
                write(
                    status: status, contentLanguage: answer.contentLanguage, vary: true,
                    body: context.channel.allocator.buffer(bytes: answer.body), close: close, context: context)
            } catch {
                status = writeError(error, close: close, context: context)
            }
            record(status: status, taken)
        case .catalog(let locale, let table, let ifNoneMatch):
            let status: Int
            do {
                let snapshot = try server.catalogSnapshot(locale: locale, table: table)
                let notModified = ifNoneMatch.map { CatalogSnapshot.matches(ifNoneMatch: [$0], eTag: snapshot.eTag) } ?? false
                status = notModified ? 304 : 200
                writeCatalog(snapshot, notModified: notModified, close: close, context: context)
            } catch {
                status = writeError(error, close: close, context: context)
            }
            record(status: status, taken)
        }
    }

    /// An error's JSON answer, as the router writes it (the language played no part in it).
    private func writeError(_ error: ParlanceError, close: Bool, context: ChannelHandlerContext) -> Int {
        let status = HTTPErrorMapping.status(for: error)
        write(
            status: status, contentLanguage: nil, vary: false,
            body: context.channel.allocator.buffer(bytes: HTTPErrorMapping.body(for: error)), close: close, context: context)
        return status
    }

    private func bodyTimedOut(context: ChannelHandlerContext) {
        guard case .taken(let taken) = state else { return }
        state = .closing
        let timeout = server.configuration.bodyTimeout
        let error = RequestBodies.failure("request-timeout", "the body did not arrive within \(timeout)")
        record(status: writeError(error, close: true, context: context), taken)
    }

    private func write(status: Int, contentLanguage: String?, vary: Bool, body: ByteBuffer, close: Bool, context: ChannelHandlerContext) {
        // The names as HTTPTypes spells them, so that both paths' answers read the same.
        var headers = HTTPHeaders()
        headers.reserveCapacity(7)
        headers.add(name: "Content-Type", value: ServerState.jsonType)
        if let contentLanguage { headers.add(name: "Content-Language", value: contentLanguage) }
        if vary { headers.add(name: "Vary", value: "Accept-Language") }
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        finish(HTTPResponseStatus(statusCode: status), headers, body: body, close: close, context: context)
    }

    /// A catalog snapshot's answer, with the router's fields in the router's order: 304 without
    /// a body when `If-None-Match` matched its `ETag`.
    private func writeCatalog(_ snapshot: CatalogSnapshot, notModified: Bool, close: Bool, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.reserveCapacity(8)
        headers.add(name: "ETag", value: snapshot.eTag)
        headers.add(name: "Cache-Control", value: server.catalogCacheControl)
        headers.add(name: "Content-Language", value: snapshot.contentLanguage)
        if notModified {
            finish(.notModified, headers, body: nil, close: close, context: context)
        } else {
            headers.add(name: "Content-Type", value: ServerState.jsonType)
            headers.add(name: "Content-Length", value: String(snapshot.body.readableBytes))
            finish(.ok, headers, body: snapshot.body, close: close, context: context)
        }
    }

    /// Adds `Date`, `Server` and (when closing) `Connection: close` to an answer's fields and
    /// writes it, flushing at once when the connection closes after it.
    private func finish(
        _ status: HTTPResponseStatus, _ fields: HTTPHeaders, body: ByteBuffer?, close: Bool, context: ChannelHandlerContext
    ) {
        var headers = fields
        headers.add(name: "Date", value: date.now())
        headers.add(name: "Server", value: "parlance")
        if close { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: .http1_1, status: status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if let body { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        if answerEnded() || close {
            // Closed once the answer is on the wire (a close before would drop unsent bytes).
            state = .closing
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

    private func record(status: Int, _ taken: Taken) {
        let elapsed = ContinuousClock.now - taken.start
        let target = taken.target
        let key = SeriesKey(route: target.routeNumber, status: status)
        if series[key] == nil {
            series[key] = ServerMetrics.RequestSeries(metrics: server.metrics, method: target.method, route: target.route, status: status)
        }
        series[key]?.record(elapsed)
        if accessLog {
            ServerMiddleware<BasicRequestContext>.logAccess(logger, method: target.method, path: taken.path, status: status, elapsed: elapsed)
        }
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
