#if Server
import Hummingbird
import Logging
import Parlance
import ParlanceHTTP
import ParlanceHummingbird

/// Outermost middleware of `parlance serve`: turns every error into the JSON error body,
/// answers HEAD without a body, records metrics, and (when the access log is on) writes one
/// line per request: method, path without the query, status, time — never headers, query
/// strings or bodies, which may carry secrets.
struct ServerMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics
    let logger: Logger
    /// The documented paths and their methods (for 405 and `Allow`).
    let routes: RouteTable
    /// The `Retry-After` of a 503 (a store that is unavailable), in seconds.
    let retryAfterSeconds: Int
    /// Whether each request is logged (``ParlanceServerConfiguration/accessLog``).
    let accessLog: Bool

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as ParlanceError {
            response = ParlanceMiddleware<Context>.errorResponse(error)
            // A store that is down: the client may send the same request again later.
            if response.status.code == 503 { response.headers[.retryAfter] = String(retryAfterSeconds) }
        } catch let error as any HTTPResponseError {
            var status = Int(error.status.code)
            var allow: [String] = []
            // The router's 404 for a documented path that has no route for this method.
            if status == 404, let methods = routes.allowedMethods(forPath: request.uri.path),
                !methods.isEmpty, !methods.contains(request.method.rawValue)
            {
                status = 405
                allow = methods
            }
            response = ParlanceMiddleware<Context>.errorResponse(
                status: status, body: HTTPErrorMapping.body(code: Self.code(status: status), message: Self.message(status: status)))
            if !allow.isEmpty { response.headers[.allow] = allow.joined(separator: ", ") }
        } catch {
            logger.error("request failed", metadata: ["path": .string(request.uri.path), "error": .string(String(describing: type(of: error)))])
            response = ParlanceMiddleware<Context>.errorResponse(
                status: 500, body: HTTPErrorMapping.body(code: "internal", message: "internal server error"))
        }
        // HEAD: the status and headers a GET gets (Content-Length included), no body.
        if request.method == .head { response = response.createHeadResponse() }
        let route = context.endpointPath ?? "unmatched"
        let status = Int(response.status.code)
        let elapsed = ContinuousClock.now - start
        metrics.recordRequest(method: request.method.rawValue, route: route, status: status, duration: elapsed)
        if accessLog { Self.logAccess(logger, method: request.method.rawValue, path: request.uri.path, status: status, elapsed: elapsed) }
        return response
    }

    /// One access-log line at `info`: method, path without the query, status and time in ms.
    static func logAccess(_ logger: Logger, method: String, path: String, status: Int, elapsed: Duration) {
        let milliseconds = Double(elapsed.components.attoseconds / 1_000_000_000_000) / 1000 + Double(elapsed.components.seconds) * 1000
        logger.info(
            "request",
            metadata: [
                "method": .string(method), "path": .string(path), "status": .stringConvertible(status),
                "ms": .stringConvertible(milliseconds),
            ])
    }

    static func code(status: Int) -> String {
        switch status {
        case 400: "bad-request"
        case 404: "not-found"
        case 405: "method-not-allowed"
        case 408: "request-timeout"
        case 413: "payload-too-large"
        case 415: "unsupported-media-type"
        case 500..<600: "internal"
        default: "http-\(status)"
        }
    }

    static func message(status: Int) -> String {
        switch status {
        case 404: "no such route"
        case 405: "the route does not accept this method"
        case 413: "the request body is too large"
        default: HTTPResponse.Status(code: status).reasonPhrase
        }
    }
}
#endif
