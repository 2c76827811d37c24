// ParlanceVapor is built only with the package trait `Vapor`:
//   .package(url: "https://github.com/…/parlance", from: "…", traits: ["Vapor"])
// Without the trait this module is empty and nothing of Vapor is fetched into the build.
#if Vapor
public import Vapor
import Parlance
public import ParlanceHTTP
public import ParlanceLocalization

/// Vapor middleware that gives every request its own Parlance language.
///
/// It negotiates the language from a query parameter, a cookie (both optional) or
/// `Accept-Language` against the manager's supported languages, runs the rest of the chain
/// inside `RequestLocalization.run(isolation:_:)` (ParlanceHTTP) (so the manager's task-local
/// language is this request's, and `request.parlance` is), sets `Content-Language` (the
/// languages the strings actually came from) and `Vary`, and turns a thrown `ParlanceError`
/// into its HTTP status with the JSON body `{"error":{"code":…,"message":…}}`.
///
/// ```swift
/// let app = try await Application.make(.production)
/// app.middleware.use(ParlanceVaporMiddleware(manager: manager))
/// app.get("greeting") { request in
///     try request.parlance.localizedString("greeting")
/// }
/// ```
public struct ParlanceVaporMiddleware: AsyncMiddleware {
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

    /// Negotiates, runs the rest of the chain in the request's language and decorates the response.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let state = negotiator.negotiate(
            acceptLanguage: request.headers[.acceptLanguage].joined(separator: ", "),
            query: negotiator.queryParameter.flatMap { try? request.query.get(String.self, at: $0) },
            cookie: negotiator.cookie.flatMap { request.cookies[$0]?.string })
        let localization = RequestLocalization(manager: negotiator.manager, state: state)
        request.storage[LocalizationKey.self] = localization
        var response: Response
        do {
            response = try await localization.run { try await next.respond(to: request) }
        } catch let error as ParlanceError {
            response = Self.errorResponse(error)
        }
        if !response.headers.contains(name: .contentLanguage) {
            response.headers.replaceOrAdd(name: .contentLanguage, value: localization.contentLanguage)
        }
        Self.addVary(negotiator.varyHeaders, to: &response.headers)
        return response
    }

    /// The response for a library error: its HTTP status and JSON error body.
    public static func errorResponse(_ error: ParlanceError) -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: "application/json; charset=utf-8")
        return Response(
            status: HTTPResponseStatus(statusCode: HTTPErrorMapping.status(for: error)), headers: headers,
            body: Response.Body(buffer: ByteBuffer(bytes: HTTPErrorMapping.body(for: error))))
    }

    /// Adds values to `Vary` that are not there yet (case-insensitively).
    static func addVary(_ values: [String], to headers: inout HTTPHeaders) {
        let present = Set(
            headers[.vary].flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        for value in values where !present.contains(value.lowercased()) && !present.contains("*") {
            headers.add(name: .vary, value: value)
        }
    }

    enum LocalizationKey: StorageKey {
        typealias Value = RequestLocalization
    }
}

extension Request {
    /// This request's localization (language, lookups, formatting), set by
    /// ``ParlanceVaporMiddleware``.
    ///
    /// Outside the middleware it is a localization in the root locale with no catalog, whose
    /// lookups throw `missing-key`; add the middleware to the application to use it.
    public var parlance: RequestLocalization {
        storage[ParlanceVaporMiddleware.LocalizationKey.self] ?? RequestLocalization.current
            ?? RequestLocalization.unattached
    }
}
#endif
