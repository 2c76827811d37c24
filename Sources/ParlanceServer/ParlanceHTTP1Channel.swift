#if Server
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 child channel with Parlance's handlers: NIO's HTTP/1 server pipeline
/// (without pipelining assistance or error handling: the handlers below and the request loop do
/// both), then ``OperationChannelHandler`` on NIO's HTTP/1 parts (it answers `POST /v1/{op}` and
/// keeps the connection's idle timeout and graceful shutdown, the job of the connection state
/// handler in Hummingbird's own channel), the conversion to `HTTPTypes`, then
/// ``MalformedRequestHandler`` (the decoder's errors) before Hummingbird's request loop.
struct ParlanceHTTP1Channel: HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let operationHandler: @Sendable () -> OperationChannelHandler
    let malformedRequestHandler: @Sendable () -> MalformedRequestHandler

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
            try pipeline.addHandler(operationHandler())
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandler(malformedRequestHandler())
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value asyncChannel: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: asyncChannel, logger: logger)
    }
}
#endif
