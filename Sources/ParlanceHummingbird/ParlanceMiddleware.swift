#if Hummingbird
public import Hummingbird
import Parlance
public import ParlanceHTTP
public import ParlanceLocalization

/// Hummingbird middleware that gives every request its own Parlance language.
///
/// It negotiates the language from a query parameter, a cookie (both optional) or
/// `Accept-Language` against the manager's supported languages, runs the rest of the chain
/// inside `ParlanceHTTP/RequestLocalization/run(isolation:_:)` (so the manager's task-local
/// language and `request.parlance` are this request's), sets `Content-Language` (the languages
/// the strings actually came from) and `Vary`, and turns a thrown `ParlanceError` into its
/// HTTP status with the JSON body `{"error":{"code":…,"message":…}}`.
///
/// ```swift
/// let router = Router()
/// router.add(middleware: ParlanceMiddleware(manager: manager))
/// router.get("/greeting") { request, _ in
///     try request.parlance.localizedString("greeting")
/// }
/// ```
public struct ParlanceMiddleware<Context: RequestContext>: RouterMiddleware {
    /// How the language is chosen.
    public let negotiator: LanguageNegotiator

    /// Middleware over a manager's supported languages.
    /// - Parameters:
    ///   - manager: the app's language manager.
    ///   - queryParameter: a query parameter that overrides `Accept-Language` (nil: none).
    ///   - cookie: a cookie that overrides `Accept-Language` (nil: none).
    public init(manager: LanguageManager, queryParameter: String? = "lang", cookie: String? = nil) {
        self.negotiator = LanguageNegotiator(manager: manager, queryParameter: queryParameter, cookie: cookie)
    }

    /// Negotiates, runs the handler in the request's language and decorates the response.
    public func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let state = negotiator.negotiate(
            acceptLanguage: request.headers[values: .acceptLanguage].joined(separator: ", "),
            query: negotiator.queryParameter.flatMap { request.uri.queryParameters.get($0) },
            cookie: negotiator.cookie.flatMap { request.cookies[$0]?.value })
        let localization = RequestLocalization(manager: negotiator.manager, state: state)
        var response: Response
        do {
            response = try await localization.run { try await next(request, context) }
        } catch let error as ParlanceError {
            response = Self.errorResponse(error)
        }
        if response.headers[.contentLanguage] == nil {
            response.headers[.contentLanguage] = localization.contentLanguage
        }
        Self.addVary(negotiator.varyHeaders, to: &response.headers)
        return response
    }

    /// The response for a library error: its HTTP status and JSON error body.
    public static func errorResponse(_ error: ParlanceError) -> Response {
        errorResponse(status: HTTPErrorMapping.status(for: error), body: HTTPErrorMapping.body(for: error))
    }

    /// A JSON error response with a status and body bytes.
    package static func errorResponse(status: Int, body: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Adds values to `Vary` that are not there yet (case-insensitively).
    package static func addVary(_ values: [String], to headers: inout HTTPFields) {
        let present = Set(
            headers[values: .vary].flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        let missing = values.filter { !present.contains($0.lowercased()) && !present.contains("*") }
        if !missing.isEmpty { headers[values: .vary] += missing }
    }
}

extension Request {
    /// This request's localization (language, lookups, formatting), set by ``ParlanceMiddleware``.
    ///
    /// Outside the middleware it is a localization in the root locale with no catalog, whose
    /// lookups throw `missing-key`; add the middleware to the router to use it.
    public var parlance: RequestLocalization {
        RequestLocalization.current ?? RequestLocalization.unattached
    }
}
#endif
