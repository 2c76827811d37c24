#if Translation
public import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOHTTP1
import Parlance
public import ParlanceProposals

/// A client of the proposals API of `parlance serve` (async-http-client), for apps and tools.
/// It is a `ProposalStore`: code written against the protocol works over HTTP unchanged, and
/// errors come back as the server's `ParlanceError` codes (`duplicate-proposal`,
/// `forbidden`, `not-found`, `unauthorized`, …).
///
/// ```swift
/// let client = ProposalsClient(baseURL: "http://127.0.0.1:8080", token: ProcessInfo.processInfo.environment["PARLANCE_API_TOKEN"])
/// let outcome = try await client.propose(
///     try ProposalDraft(section: "Localizable", key: "settings.title", locale: "de", value: "Einstellungen", guid: "device-1"))
/// for row in try await client.listing(for: "device-1", matching: ProposalQuery(key: "settings.title")) {
///     print(row.proposal.value, row.canDelete)
/// }
/// ```
///
/// The API filters by section, key, locale and one state; a `ProposalQuery` with several
/// states is filtered here, after the request, and one with a `guid` keeps the rows the
/// service says that guid may delete. The API shows no authors: proposals come back with a
/// nil `Proposal/author`.
public struct ProposalsClient: ProposalStore {
    /// The service, e.g. `http://127.0.0.1:8080` (no trailing slash needed).
    public let baseURL: String
    private let token: String?
    private let client: HTTPClient
    private let timeout: Duration
    private let maximumResponseBytes: Int

    /// A client.
    ///
    /// - Parameters:
    ///   - baseURL: the service's address.
    ///   - token: the bearer token writes need when the service has one.
    ///   - httpClient: the connection pool (the shared one by default).
    ///   - timeout: the limit of each request.
    ///   - maximumResponseBytes: the largest response body accepted.
    public init(
        baseURL: String, token: String? = nil, httpClient: HTTPClient = .shared, timeout: Duration = .seconds(30),
        maximumResponseBytes: Int = 32 * 1024 * 1024
    ) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.token = token
        client = httpClient
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
    }

    static let path = "/content/localize/proposals"

    // MARK: ProposalStore

    public func propose(_ draft: ProposalDraft) async throws -> ProposalOutcome {
        let body: [String: String] = [
            "section": draft.identifier.section, "key": draft.identifier.key, "locale": draft.locale.languageTag, "value": draft.value,
            "guid": draft.guid,
        ]
        let (status, data, _) = try await send(.POST, Self.path, body: try JSONEncoder().encode(body))
        let proposal = try decode(ProposalJSON.self, data).proposal()
        switch status {
        case 201: return .created(proposal)
        case 200: return .replaced(proposal)
        default: throw unexpected(status)
        }
    }

    public func proposals(matching query: ProposalQuery) async throws -> [Proposal] {
        try await listing(for: nil, matching: query).map(\.proposal)
    }

    /// One page of the service's listing: the proposals matching `query` after `cursor`, each
    /// with the service's answer to whether `guid` may delete it.
    public func listing(for guid: String?, matching query: ProposalQuery, after cursor: ProposalCursor?, limit: Int) async throws -> ProposalPage {
        if let states = query.states, states.isEmpty { return ProposalPage(rows: [], next: nil) }
        var parameters: [(String, String)] = []
        // Only this author's: ask for that guid's answers and keep the rows it may delete.
        if let asked = query.guid ?? guid { parameters.append(("guid", asked)) }
        if let section = query.section { parameters.append(("section", section)) }
        if let key = query.key { parameters.append(("key", key)) }
        if let locale = query.locale { parameters.append(("locale", locale.languageTag)) }
        if let states = query.states, states.count == 1, let state = states.first { parameters.append(("state", state.rawValue)) }
        parameters.append(("limit", String(limit)))
        if let cursor { parameters.append(("cursor", cursor.token)) }
        let (status, data, headers) = try await send(.GET, Self.path + Self.queryString(parameters))
        guard status == 200 else { throw unexpected(status) }
        var rest = query
        rest.guid = nil
        let next = try headers.first(name: "Parlance-Next-Cursor").map { token throws(ParlanceError) in try ProposalCursor(token: token) }
        let rows = try decode([ProposalJSON].self, data).compactMap { row -> ProposalListing? in
            let proposal = try row.proposal()
            let answered = row.canDelete ?? false
            if query.guid != nil && !answered { return nil }
            guard rest.matches(proposal) else { return nil }
            // The answer was for query.guid; the listing's guid may delete only if it is the same.
            let canDelete = query.guid == nil || query.guid == guid ? answered : false
            return ProposalListing(proposal: proposal, canDelete: canDelete)
        }
        return ProposalPage(rows: rows, next: next)
    }

    /// Nil: the API does not show authors.
    public func author(of guid: String) -> ProposalAuthor? { nil }

    public func proposal(id: UUID) async throws -> Proposal? {
        do {
            let (status, data, _) = try await send(.GET, Self.path + "/" + id.uuidString)
            guard status == 200 else { throw unexpected(status) }
            return try decode(ProposalJSON.self, data).proposal()
        } catch let error as ParlanceError where error.code == .notFound {
            return nil
        }
    }

    public func delete(id: UUID, guid: String) async throws {
        let (status, _, _) = try await send(.DELETE, Self.path + "/" + id.uuidString + Self.queryString([("guid", guid)]))
        guard status == 204 else { throw unexpected(status) }
    }

    public func review(id: UUID, state: ProposalState) async throws -> Proposal {
        let verb: String
        switch state {
        case .accepted: verb = "accept"
        case .rejected: verb = "reject"
        case .open: throw ParlanceError(.invalidArgument, "a review accepts or rejects; it cannot reopen a proposal")
        }
        let (status, data, _) = try await send(.POST, Self.path + "/" + id.uuidString + "/" + verb)
        guard status == 200 else { throw unexpected(status) }
        return try decode(ProposalJSON.self, data).proposal()
    }

    // MARK: HTTP

    /// Sends a request; a JSON error body becomes its ``ParlanceError``.
    private func send(_ method: HTTPMethod, _ path: String, body: Data? = nil) async throws -> (Int, Data, HTTPHeaders) {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let response: HTTPClientResponse
        let data: Data
        do {
            let components = timeout.components
            response = try await client.execute(request, timeout: .nanoseconds(components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000))
            data = Data(try await response.body.collect(upTo: maximumResponseBytes).readableBytesView)
        } catch let error as ParlanceError {
            throw error
        } catch is NIOTooManyBytesError {
            throw ParlanceError(.proposalStoreFailed, "proposal service \(baseURL): the response is larger than \(maximumResponseBytes) bytes")
        } catch {
            throw ParlanceError(.proposalStoreFailed, "proposal service \(baseURL): \(method.rawValue) \(path): \(error)")
        }
        let status = Int(response.status.code)
        if status >= 400 {
            if let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: data) {
                throw ParlanceError(ParlanceError.Code(rawValue: envelope.error.code), envelope.error.message)
            }
            throw ParlanceError(.proposalStoreFailed, "proposal service \(baseURL): \(method.rawValue) \(path): HTTP \(status)")
        }
        return (status, data, response.headers)
    }

    private struct ErrorEnvelope: Decodable {
        struct Body: Decodable {
            var code: String
            var message: String
        }
        var error: Body
    }

    private func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw ParlanceError(
                .proposalStoreFailed, "proposal service \(baseURL): an unexpected response body: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
    }

    private func unexpected(_ status: Int) -> ParlanceError {
        ParlanceError(.proposalStoreFailed, "proposal service \(baseURL): unexpected HTTP status \(status)")
    }

    /// `?name=value&…`, percent-encoded (RFC 3986 unreserved characters kept).
    static func queryString(_ parameters: [(String, String)]) -> String {
        guard !parameters.isEmpty else { return "" }
        func encode(_ text: String) -> String {
            var out = ""
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                    out.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    let hex = String(byte, radix: 16, uppercase: true)
                    out += "%" + (hex.count == 1 ? "0" : "") + hex
                }
            }
            return out
        }
        return "?" + parameters.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }
}
#endif
