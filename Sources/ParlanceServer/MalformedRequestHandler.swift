#if Server
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import ParlanceHTTP

/// Answers a request that is not valid HTTP/1.1 with `400` and the JSON error body
/// (`{"error":{"code":"bad-request","message":…}}`), then closes the connection.
///
/// It sits in each connection's pipeline after the HTTP/1 decoder and the conversion to
/// `HTTPTypes` (Hummingbird's `additionalChannelHandlers`), where the decoder's errors arrive
/// before the request reaches the router: a bad `Content-Length`, headers over the decoder's
/// limits, a method the parser does not know, a broken chunk size. Hummingbird's own answer to
/// those is a `400` with an empty body; this handler writes the JSON one first and keeps the
/// error from reaching Hummingbird, so exactly one answer is written.
///
/// When the error comes while a response is already being written (a pipelined request broke
/// in the middle of another's answer), no second response can be put on the wire: the
/// connection is closed without one.
final class MalformedRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let metrics: ServerMetrics
    private let logger: Logger
    /// A response head has been written and its end not yet.
    private var responseInProgress = false
    /// An error was answered: what the decoder still delivers is dropped.
    private var failed = false

    init(metrics: ServerMetrics, logger: Logger) {
        self.metrics = metrics
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !failed else { return }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch Self.unwrapOutboundIn(data) {
        case .head(let head) where head.status.kind != .informational: responseInProgress = true
        case .end: responseInProgress = false
        default: break
        }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let message = Self.message(for: error) else {
            context.fireErrorCaught(error)
            return
        }
        guard !failed else { return }
        failed = true
        logger.debug("malformed HTTP request", metadata: ["error": .string(message)])
        metrics.recordRequest(method: "unknown", route: "malformed", status: 400, duration: .zero)
        guard !responseInProgress else {
            context.close(promise: nil)
            return
        }
        let body = HTTPErrorMapping.body(code: "bad-request", message: message)
        var head = HTTPResponse(status: .badRequest)
        head.headerFields[.contentType] = "application/json; charset=utf-8"
        head.headerFields[.contentLength] = String(body.count)
        head.headerFields[.connection] = "close"
        context.write(Self.wrapOutboundOut(.head(head)), promise: nil)
        context.write(Self.wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: body))), promise: nil)
        // Closed once the answer is on the wire (a close before would drop unsent bytes).
        context.writeAndFlush(Self.wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    /// What is wrong with the request, for the error message; nil for an error that is not
    /// about the request's bytes (those go on down the pipeline).
    static func message(for error: any Error) -> String? {
        if let parser = error as? HTTPParserError {
            let what: String =
                switch parser {
                case .invalidContentLength, .unexpectedContentLength: "its Content-Length is not valid"
                case .headerOverflow: "its headers are larger than the server accepts"
                case .invalidMethod: "its method is not an HTTP method the server knows"
                case .invalidURL: "its request target is not valid"
                case .invalidVersion: "its HTTP version is not valid"
                case .invalidChunkSize: "a chunk size of its chunked body is not valid"
                case .invalidHeaderToken, .invalidCharactersUsed: "a header contains characters HTTP does not allow"
                default: "it cannot be parsed"
                }
            return "the request is not valid HTTP/1.1: " + what
        }
        if error is HTTP1TypeConversionError {
            return "the request is not valid HTTP/1.1: its method or target cannot be read"
        }
        return nil
    }
}
#endif
