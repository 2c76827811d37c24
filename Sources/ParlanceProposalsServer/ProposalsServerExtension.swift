#if Server
public import Hummingbird
import NIOCore
import Parlance
import ParlanceHTTP
public import ParlanceProposals
public import ParlanceServer
public import ServiceLifecycle

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The translation-proposal API as routes of `parlance serve`:
///
/// - `POST /content/localize/proposals` with `{"section","key","locale","value","guid"}` → 201
///   and the stored proposal (200 when it replaced the guid's earlier value; 409
///   `duplicate-proposal` for the same value);
/// - `GET /content/localize/proposals?guid=…` (optional `section`, `key`, `locale`, `state`
///   filters; `limit`, default 100, at most 1,000; `cursor`) → 200 and an array of proposals,
///   each with `canDelete` for that guid (false for all without `guid`) and never an author's
///   guid; when more follow, the `Parlance-Next-Cursor` header (and `Link: <…>; rel="next"`)
///   gives the cursor of the next page;
/// - `GET /content/localize/proposals/{id}` (optional `guid`) → 200 or 404 `not-found`;
/// - `DELETE /content/localize/proposals/{id}?guid=…` → 204; 403 `forbidden` for another guid;
///   404 `not-found` for an unknown id;
/// - `POST /content/localize/proposals/{id}/accept` and `…/reject` → 200 and the proposal;
///   409 `proposal-not-open` when it was already reviewed.
///
/// Writes need the server's bearer token when one is configured (the server's
/// `WriteTokenMiddleware`). Bodies are limited (``maxBodySize``, 413 `payload-too-large`),
/// must be `application/json` and UTF-8; every field is validated by `ProposalDraft`
/// (locale id, lengths in UTF-8 bytes, no control characters). A store that cannot be reached
/// in time answers 503 `store-unavailable` with `Retry-After`, and `/health` reports the
/// dependency `proposal-store` as down until it answers again.
///
/// ```swift
/// let opened = try await ProposalDatabase("sqlite:.parlance/proposals.sqlite").open()
/// try await ParlanceServer.run(configuration, extensions: [ProposalsServerExtension(opened)])
/// ```
public struct ProposalsServerExtension: ParlanceServerExtension {
    /// The store the routes use.
    public let store: any ProposalStore
    /// Field limits (value length and the rest).
    public let limits: ProposalLimits
    /// The largest request body, in bytes.
    public let maxBodySize: Int
    /// How long a body may take to arrive.
    public let bodyTimeout: Duration
    private let close: @Sendable () async -> Void

    /// The routes over `store`.
    ///
    /// - Parameters:
    ///   - store: where proposals live.
    ///   - limits: field limits (default: values up to 10,000 UTF-8 bytes).
    ///   - maxBodySize: the largest body (default 64 KiB: a 10,000-byte value escaped as
    ///     `\uXXXX` fits).
    ///   - bodyTimeout: how long a body may take to arrive (slow clients).
    ///   - close: run when the server has stopped (``services``); closes the store's connections.
    public init(
        store: any ProposalStore, limits: ProposalLimits = .standard, maxBodySize: Int = 64 * 1024, bodyTimeout: Duration = .seconds(10),
        close: @escaping @Sendable () async -> Void = {}
    ) {
        self.store = store
        self.limits = limits
        self.maxBodySize = maxBodySize
        self.bodyTimeout = bodyTimeout
        self.close = close
    }

    /// A service that closes the store once the server has shut down.
    public var services: [any Service] { [StoreCloser(close: close)] }

    /// The paths of this API for `/openapi.json`.
    public var openAPIPaths: [(path: String, json: String)] { ProposalsOpenAPI.paths }

    /// `proposal-store`: whether the store answers (`ProposalStore/checkAvailable()`).
    public var healthChecks: [ParlanceHealthCheck] {
        [ParlanceHealthCheck(name: "proposal-store") { [store] in try await store.checkAvailable() }]
    }

    static let base = "/content/localize/proposals"

    public func addRoutes(to router: RouterGroup<BasicRequestContext>) {
        router.post(RouterPath(Self.base)) { request, _ in try await propose(request) }
        router.get(RouterPath(Self.base)) { request, _ in try await list(request) }
        router.get(RouterPath(Self.base + "/:id")) { request, context in
            let id = try Self.id(context.parameters.get("id"))
            let guid = try ProposalsHTTP.query(request)["guid"]
            if let guid { try ProposalValidation.name(guid, field: "guid", limit: limits.guidBytes) }
            guard let proposal = try await store.proposal(id: id) else { throw ProposalsHTTP.notFound(id) }
            let canDelete = guid.map { guid in proposal.author != nil && proposal.author == store.author(of: guid) }
            return ProposalsHTTP.response(200, ProposalJSON(proposal, canDelete: canDelete))
        }
        router.delete(RouterPath(Self.base + "/:id")) { request, context in
            let id = try Self.id(context.parameters.get("id"))
            let query = try ProposalsHTTP.query(request)
            guard let guid = query["guid"] else { throw ParlanceError(.missingArgument, "DELETE needs ?guid=<the author's guid>") }
            try ProposalValidation.name(guid, field: "guid", limit: limits.guidBytes)
            try await store.delete(id: id, guid: guid)
            return Response(status: .noContent)
        }
        router.post(RouterPath(Self.base + "/:id/accept")) { _, context in
            ProposalsHTTP.response(200, ProposalJSON(try await store.review(id: Self.id(context.parameters.get("id")), state: .accepted)))
        }
        router.post(RouterPath(Self.base + "/:id/reject")) { _, context in
            ProposalsHTTP.response(200, ProposalJSON(try await store.review(id: Self.id(context.parameters.get("id")), state: .rejected)))
        }
    }

    static func id(_ raw: String?) throws(ParlanceError) -> UUID {
        guard let raw, let id = UUID(uuidString: raw) else {
            throw ParlanceError(.invalidArgument, "\(String(raw?.prefix(64) ?? "")) is not a proposal id (a UUID)")
        }
        return id
    }

    /// The body of a POST.
    struct ProposeBody: Decodable {
        var section: String
        var key: String
        var locale: String
        var value: String
        var guid: String
    }

    func propose(_ request: Request) async throws -> Response {
        try RequestBodies.requireMediaType(request.headers[.contentType], ["application/json"])
        let text = try await RequestBodies.text(of: request, limit: maxBodySize, timeout: bodyTimeout)
        let body: ProposeBody
        do {
            body = try JSONDecoder().decode(ProposeBody.self, from: Data(text.utf8))
        } catch let DecodingError.keyNotFound(key, _) {
            throw ParlanceError(
                ParlanceError.Code(rawValue: "missing-field"),
                "the body has no \"\(key.stringValue)\"; send {\"section\",\"key\",\"locale\",\"value\",\"guid\"}")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            guard !context.codingPath.isEmpty else {
                throw ParlanceError(ParlanceError.Code(rawValue: "invalid-json"), "the body is not a JSON object")
            }
            let field = context.codingPath.first?.stringValue ?? "body"
            throw ParlanceError(.invalidArgument, "\"\(field)\" must be a string")
        } catch {
            throw ParlanceError(ParlanceError.Code(rawValue: "invalid-json"), "the body is not a JSON object")
        }
        let draft = try ProposalDraft(
            section: body.section, key: body.key, locale: body.locale, value: body.value, guid: body.guid, limits: limits)
        // The author may delete what they just proposed.
        switch try await store.propose(draft) {
        case .created(let proposal): return ProposalsHTTP.response(201, ProposalJSON(proposal, canDelete: true))
        case .replaced(let proposal): return ProposalsHTTP.response(200, ProposalJSON(proposal, canDelete: true))
        }
    }

    func list(_ request: Request) async throws -> Response {
        let query = try ProposalsHTTP.query(request)
        let guid = query["guid"]
        if let guid { try ProposalValidation.name(guid, field: "guid", limit: limits.guidBytes) }
        var filter = ProposalQuery()
        if let section = query["section"] {
            try ProposalValidation.name(section, field: "section", limit: limits.sectionBytes)
            filter.section = section
        }
        if let key = query["key"] {
            try ProposalValidation.name(key, field: "key", limit: limits.keyBytes)
            filter.key = key
        }
        if let locale = query["locale"] { filter.locale = try LocaleID(locale) }
        if let state = query["state"] {
            guard let parsed = ProposalState(rawValue: state) else {
                throw ParlanceError(.invalidArgument, "state must be open, accepted or rejected")
            }
            filter.states = [parsed]
        }
        var limit = ProposalPage.defaultLimit
        if let raw = query["limit"] {
            guard raw.utf8.count <= 5, let parsed = Int(raw), (1...ProposalPage.maximumLimit).contains(parsed) else {
                throw ParlanceError(.invalidArgument, "limit must be a whole number from 1 to \(ProposalPage.maximumLimit)")
            }
            limit = parsed
        }
        let cursor = try query["cursor"].map { token throws(ParlanceError) in try ProposalCursor(token: token) }
        let page = try await store.listing(for: guid, matching: filter, after: cursor, limit: limit)
        var response = ProposalsHTTP.response(200, page.rows.map { ProposalJSON($0.proposal, canDelete: $0.canDelete) })
        if let next = page.next {
            response.headers[ProposalsHTTP.nextCursor] = next.token
            response.headers[ProposalsHTTP.link] = "<\(Self.base)?\(Self.nextQuery(request, cursor: next.token))>; rel=\"next\""
        }
        return response
    }

    /// The request's query string with `cursor` set to the next page's.
    static func nextQuery(_ request: Request, cursor: String) -> String {
        let kept = (request.uri.query ?? "").split(separator: "&").filter { !$0.hasPrefix("cursor=") && $0 != "cursor" }
        return (kept + ["cursor=" + cursor]).joined(separator: "&")
    }
}

/// Closes the store when the service group stops (after the server has drained).
struct StoreCloser: Service {
    let close: @Sendable () async -> Void

    func run() async throws {
        // Wait for the graceful shutdown (or cancellation), then release the store.
        try? await gracefulShutdown()
        await close()
    }
}

/// Responses and query strings.
enum ProposalsHTTP {
    /// The header that carries the next page's cursor of a listing.
    static let nextCursor = HTTPFields.Element.Name("Parlance-Next-Cursor")!
    /// `Link` (RFC 8288), which HTTPTypes does not name.
    static let link = HTTPFields.Element.Name("Link")!

    static func notFound(_ id: UUID) -> ParlanceError { ParlanceError(.notFound, "no proposal has the id \(id.uuidString)") }

    static func response(_ status: Int, _ value: some Encodable) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain structs of strings and booleans cannot fail.
        let bytes = (try? encoder.encode(value)).map(Array.init) ?? Array("null".utf8)
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: HTTPResponse.Status(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The query string's parameters, percent-decoded and checked to be UTF-8; a parameter
    /// given twice is an error rather than a guess.
    static func query(_ request: Request) throws(ParlanceError) -> [String: String] {
        guard let raw = request.uri.query, !raw.isEmpty else { return [:] }
        guard raw.utf8.count <= 8 * 1024 else { throw ParlanceError(.invalidArgument, "the query string is longer than 8 KiB") }
        var result: [String: String] = [:]
        for pair in raw.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decode(parts[0], field: "query parameter name")
            let value = try decode(parts.count > 1 ? parts[1] : "", field: "query parameter \(name)")
            guard result[name] == nil else { throw ParlanceError(.invalidArgument, "the query parameter \(name) is given twice") }
            result[name] = value
        }
        return result
    }

    static func decode(_ text: Substring, field: String) throws(ParlanceError) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hex), let low = iterator.next().flatMap(hex) else {
                    throw ParlanceError(.invalidArgument, "the \(field) has a malformed percent escape")
                }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return try ProposalValidation.utf8(bytes, field: field)
    }

    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
#endif
