#if Server
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 child channel with Parlance's handlers placed around its connection
/// state handler: ``MalformedRequestHandler`` before it (the decoder's errors), and
/// ``OperationChannelHandler`` after it, so that the state handler sees the requests answered
/// on the event loop and their answers (idle timeout, graceful shutdown).
///
/// The pipeline is `HTTP1Channel`'s: NIO's HTTP/1 server pipeline without pipelining
/// assistance or error handling (the request loop and the handlers above do both), the
/// conversion to `HTTPTypes`, then the handlers.
struct ParlanceHTTP1Channel: HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let idleTimeout: TimeAmount
    let beforeStateHandler: @Sendable () -> [any RemovableChannelHandler]
    let afterStateHandler: @Sendable () -> [any RemovableChannelHandler]

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            // Hummingbird's limits on request headers.
            let decoder = HTTP1Channel.Configuration().httpDecoder
            var limits = NIOHTTPDecoderLimitConfiguration()
            limits.maxHeaderFieldSize = decoder.maxHeaderFieldSize
            limits.maxHeaderListSize = decoder.maxHeaderListSize
            limits.maxHeaderFieldCount = decoder.maxHeaderFieldCount
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
                withEncoderConfiguration: .init(), withDecoderLimitConfiguration: limits)
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandlers(beforeStateHandler())
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: .nanoseconds(idleTimeout.nanoseconds), logger: logger))
            try pipeline.addHandlers(afterStateHandler())
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value asyncChannel: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: asyncChannel, logger: logger)
    }
}
#endif
