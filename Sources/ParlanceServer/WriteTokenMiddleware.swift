#if Server
import Hummingbird
import Parlance
import ParlanceHummingbird

/// Guards the routes that write: when a token is configured, a POST, PUT, PATCH or DELETE needs
/// `Authorization: Bearer <token>` equal to it. The comparison takes the same time wherever the
/// first difference is (it depends only on the lengths), so response times do not leak the
/// token. Safe methods (GET, HEAD, OPTIONS) pass.
///
/// - No token configured: writes pass (they need the token only when the service is started
///   with one, e.g. `PARLANCE_API_TOKEN` set); `parlance serve` binds 127.0.0.1 by
///   default and warns when it serves writes without a token on another address.
/// - Missing or wrong token: 401 `unauthorized` with `WWW-Authenticate: Bearer`.
struct WriteTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: [UInt8]?

    init(token: String?) {
        self.token = token.map { Array($0.utf8) }
    }

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        switch request.method {
        case .get, .head, .options:
            return try await next(request, context)
        default:
            break
        }
        guard let token else { return try await next(request, context) }
        let presented = request.headers[.authorization].flatMap(Self.bearer) ?? []
        guard Self.constantTimeEqual(presented, token) else {
            var response = ParlanceMiddleware<Context>.errorResponse(
                ParlanceError(ParlanceError.Code(rawValue: "unauthorized"), "a write needs the header Authorization: Bearer <token>"))
            response.headers[.wwwAuthenticate] = "Bearer"
            return response
        }
        return try await next(request, context)
    }

    /// The credentials of `Bearer <credentials>` (scheme case-insensitive), else nil.
    static func bearer(_ header: String) -> [UInt8]? {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return Array(parts[1].drop { $0 == " " || $0 == "\t" }.utf8)
    }

    /// Equality whose time depends only on the lengths, never on where the bytes differ.
    static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count)
        if lhs.count != rhs.count { difference |= 1 }
        let count = max(lhs.count, rhs.count)
        for index in 0..<count {
            let left = index < lhs.count ? lhs[index] : 0
            let right = index < rhs.count ? rhs[index] : 0
            difference |= left ^ right
        }
        return difference == 0
    }
}
#endif
