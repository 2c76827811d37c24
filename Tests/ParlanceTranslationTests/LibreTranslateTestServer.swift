#if Translation
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A small LibreTranslate-compatible server on 127.0.0.1 (a test server that plays the
/// third-party API): `POST /translate` with a JSON body `{q, source, target, format, api_key}`,
/// `q` a string or an array; it translates from a dictionary (target → source → text) and
/// returns unknown texts unchanged, as LibreTranslate's answers are shaped. Modes make it fail,
/// stall or answer too much, to test the client's retries, timeouts and budgets.
final class LibreTranslateTestServer: @unchecked Sendable {
    struct Received: Sendable, Equatable {
        var q: [String]
        var qWasArray: Bool
        var source: String
        var target: String
        var format: String
        var apiKey: String?
    }

    enum Mode: Sendable {
        case normal
        /// The first `count` requests answer `status` (then normal).
        case failFirst(count: Int, status: Int)
        /// Answers after `delay`.
        case delay(TimeAmount)
        /// Answers a body of `bytes` bytes.
        case oversized(bytes: Int)
    }

    let dictionary: [String: [String: String]]
    let requiredAPIKey: String?
    let received = LockedBox([Received]())
    let mode: LockedBox<Mode>
    let requests = LockedBox(0)
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private var channel: (any Channel)?
    private(set) var port = 0

    var endpoint: String { "http://127.0.0.1:\(port)" }

    init(dictionary: [String: [String: String]], requiredAPIKey: String? = nil, mode: Mode = .normal) {
        self.dictionary = dictionary
        self.requiredAPIKey = requiredAPIKey
        self.mode = LockedBox(mode)
    }

    func start() async throws {
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler(server: self))
                }
            }
        let channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        self.channel = channel
        port = channel.localAddress?.port ?? 0
    }

    func stop() async throws {
        try await channel?.close()
        try await group.shutdownGracefully()
    }

    /// Status, JSON body and delay for one request.
    fileprivate func answer(_ head: HTTPRequestHead, _ body: Data) -> (status: Int, body: Data, delay: TimeAmount?) {
        let number = requests.withLock { count -> Int in
            count += 1
            return count
        }
        func error(_ status: Int, _ message: String) -> (Int, Data, TimeAmount?) {
            (status, try! JSONSerialization.data(withJSONObject: ["error": message]), nil)
        }
        guard head.method == .POST, head.uri == "/translate" else { return error(404, "Not Found") }
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
            let target = object["target"] as? String, let source = object["source"] as? String
        else {
            return error(400, "Invalid request: missing target or source")
        }
        let texts: [String]
        let isArray: Bool
        switch object["q"] {
        case let text as String: (texts, isArray) = ([text], false)
        case let array as [String]: (texts, isArray) = (array, true)
        default: return error(400, "Invalid request: missing q parameter")
        }
        let apiKey = object["api_key"] as? String
        received.withLock {
            $0.append(
                Received(
                    q: texts, qWasArray: isArray, source: source, target: target,
                    format: object["format"] as? String ?? "", apiKey: apiKey))
        }
        if let requiredAPIKey, apiKey != requiredAPIKey { return error(403, "Invalid API key") }
        var delay: TimeAmount?
        switch mode.current {
        case .normal: break
        case .failFirst(let count, let status):
            if number <= count { return error(status, "Slow down") }
        case .delay(let amount): delay = amount
        case .oversized(let bytes):
            return (200, Data(("{\"translatedText\": \"" + String(repeating: "a", count: bytes) + "\"}").utf8), nil)
        }
        let translations = texts.map { dictionary[target]?[$0] ?? $0 }
        let detected: [String: Any] = ["confidence": 90.0, "language": "en"]
        var reply: [String: Any] = ["translatedText": isArray ? translations as Any : translations[0] as Any]
        if source == "auto" { reply["detectedLanguage"] = isArray ? Array(repeating: detected, count: texts.count) as Any : detected as Any }
        return (200, try! JSONSerialization.data(withJSONObject: reply), delay)
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let server: LibreTranslateTestServer
        var head: HTTPRequestHead?
        var body = ByteBuffer()

        init(server: LibreTranslateTestServer) { self.server = server }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                self.head = head
                body.clear()
            case .body(var chunk):
                body.writeBuffer(&chunk)
            case .end:
                guard let head else { return }
                let (status, reply, delay) = server.answer(head, Data(body.readableBytesView))
                if let delay {
                    context.eventLoop.assumeIsolated().scheduleTask(in: delay) {
                        self.write(context, head, status, reply)
                    }
                } else {
                    write(context, head, status, reply)
                }
            }
        }

        func write(_ context: ChannelHandlerContext, _ request: HTTPRequestHead, _ status: Int, _ reply: Data) {
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "Content-Length", value: String(reply.count))
            context.write(
                wrapOutboundOut(
                    .head(
                        HTTPResponseHead(
                            version: request.version, status: HTTPResponseStatus(statusCode: status),
                            headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: reply)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
#endif
