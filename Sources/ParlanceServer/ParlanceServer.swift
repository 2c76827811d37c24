#if Server
public import Hummingbird
import HummingbirdCore
public import Logging
import NIOCore
import Parlance
import ParlanceHTTP
import ParlanceHummingbird
import ParlanceLocalization
import ServiceLifecycle

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `parlance serve`: Parlance's formatting and localization as an HTTP service.
///
/// Routes (documented in `OpenAPIDocument`, served at `/openapi.json`):
/// - `POST /v1/{op}` — one batch operation (`plural`, `number`, `date`, `localize`, …): the
///   batch request object as the JSON body (`op` comes from the path), the batch result or
///   error object back; the status follows `ParlanceHTTP/HTTPErrorMapping`;
/// - `POST /v1/batch` — a JSON Lines body, answered line by line as the lines arrive;
/// - `GET /v1/catalog/{locale}?table=…` — the resolved strings of a locale, with `ETag`;
/// - `GET /health`, `GET /metrics` (Prometheus text), `GET /openapi.json`.
///
/// Every GET route answers HEAD (the GET's status and headers, no body); a documented path
/// with another method gets 405 with `Allow`; a request that is not valid HTTP/1.1 gets 400
/// with the JSON error body (`MalformedRequestHandler`); error messages name catalog files
/// relative to the catalog root.
///
/// The language of a request is `locale` in the body, else `Accept-Language` negotiated
/// against the catalog's languages (without a catalog: the preferred well-formed range).
///
/// ```swift
/// let app = try ParlanceServer.makeApplication(configuration)
/// try await app.runService()   // graceful shutdown on SIGTERM and SIGINT
/// ```
public enum ParlanceServer {
    /// Builds the application (it starts listening when run).
    /// - Parameters:
    ///   - configuration: address, catalog and limits.
    ///   - extensions: routes and services added by other features (see ``ParlanceServerExtension``).
    ///   - metrics: where `/metrics` reads from (a new registry by default).
    ///   - logger: the access and error log.
    ///   - onServerRunning: called with the bound port once the server listens (tests use port 0).
    /// - Throws: `ParlanceError` `invalid-file`/`invalid-locale` when the catalog cannot be loaded.
    public static func makeApplication(
        _ configuration: ParlanceServerConfiguration,
        extensions: [any ParlanceServerExtension] = [],
        metrics: ServerMetrics = ServerMetrics(),
        logger: Logger = Logger(label: "parlance.serve"),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let state = try ServerState(configuration: configuration, metrics: metrics, extensions: extensions)
        // Every GET route answers HEAD too (the GET's status and headers, no body).
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(
            middleware: ServerMiddleware(
                metrics: metrics, logger: logger, routes: RouteTable(openAPI: state.openAPI), retryAfterSeconds: configuration.retryAfterSeconds,
                accessLog: configuration.accessLog))
        state.addRoutes(to: router)
        // Extensions' routes: a write (POST, PUT, PATCH, DELETE) needs the bearer token.
        let guarded = router.group().add(middleware: WriteTokenMiddleware(token: configuration.writeToken))
        for item in extensions { item.addRoutes(to: guarded) }
        let connections = ConnectionGauge()
        let idleTimeout = TimeAmount(configuration.idleTimeout)
        return Application(
            router: router,
            server: HTTPServerBuilder { responder in
                ParlanceHTTP1Channel(
                    responder: responder,
                    operationHandler: {
                        OperationChannelHandler(
                            server: state, logger: logger, accessLog: configuration.accessLog, connections: connections, idleTimeout: idleTimeout)
                    },
                    malformedRequestHandler: { MalformedRequestHandler(metrics: metrics, logger: logger) })
            },
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "parlance"),
            services: [IdleMemoryTrim(connections: connections) as any Service] + extensions.flatMap(\.services),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
    }

    /// Builds the application and runs it until SIGTERM or SIGINT, then shuts down gracefully:
    /// the listener closes, requests in flight finish (an idle keep-alive connection is closed),
    /// then the extensions' services stop. Past three quarters of
    /// ``ParlanceServerConfiguration/shutdownTimeout`` the work still running is cancelled.
    ///
    /// ```swift
    /// try await ParlanceServer.run(ParlanceServerConfiguration())   // 127.0.0.1:8080
    /// ```
    /// - Throws: as ``makeApplication(_:extensions:metrics:logger:onServerRunning:)``; the
    ///   server's own error when it cannot bind.
    public static func run(
        _ configuration: ParlanceServerConfiguration,
        extensions: [any ParlanceServerExtension] = [],
        logger: Logger = Logger(label: "parlance.serve"),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let app = try makeApplication(configuration, extensions: extensions, logger: logger, onServerRunning: onServerRunning)
        var groupConfiguration = ServiceGroupConfiguration(
            services: [.init(service: app)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        groupConfiguration.maximumGracefulShutdownDuration = configuration.shutdownTimeout * 3 / 4
        try await ServiceGroup(configuration: groupConfiguration).run()
    }
}

/// What the routes share: the catalog, its negotiator, the batch adapter. A class, so that the
/// requests of both event loops share one reference to it rather than copying its fields (a
/// copy retains each of them, and those counts are shared between the loops' cores).
final class ServerState: Sendable {
    let configuration: ParlanceServerConfiguration
    let catalog: Catalog?
    /// The answers of `GET /v1/catalog/{locale}`, kept per table and locale.
    let snapshots: CatalogSnapshots?
    /// `Accept-Language` against the catalog's languages (no query parameter or cookie: the
    /// service's clients are programs).
    let negotiator: LanguageNegotiator?
    let adapter: BatchAdapter
    let metrics: ServerMetrics
    let openAPI: String
    /// Removes the catalog's location on the server from error messages.
    let paths: CatalogPathScrubber
    let healthChecks: [ParlanceHealthCheck]

    init(
        configuration: ParlanceServerConfiguration, metrics: ServerMetrics,
        extensions: [any ParlanceServerExtension]
    ) throws {
        self.configuration = configuration
        self.metrics = metrics
        if let directory = configuration.catalogDirectory {
            let catalog = try Catalog(directory: directory, developmentLanguage: configuration.developmentLanguage)
            // Every file is read now: `POST /v1/localize` is answered on an event loop, which a
            // locale's first parse would otherwise hold up (and its problems are logged at start).
            catalog.loadAllLocales()
            self.catalog = catalog
            self.snapshots = CatalogSnapshots(catalog: catalog)
            self.negotiator = LanguageNegotiator(manager: LanguageManager(catalog: catalog, environment: [:]), queryParameter: nil)
        } else {
            self.catalog = nil
            self.snapshots = nil
            self.negotiator = nil
        }
        adapter = BatchAdapter(catalog: catalog)
        openAPI = OpenAPIDocument.merged(with: extensions.flatMap(\.openAPIPaths))
        paths = CatalogPathScrubber(directory: configuration.catalogDirectory)
        healthChecks = extensions.flatMap(\.healthChecks)
    }

    static let jsonType = "application/json; charset=utf-8"

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/health") { [self] _, _ in await health() }
        router.get("/metrics") { [self] _, _ in
            Self.response(200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: metrics.render())
        }
        router.get("/openapi.json") { [self] _, _ in Self.response(200, contentType: Self.jsonType, body: openAPI) }
        router.post("/v1/batch") { [self] request, _ in try batch(request) }
        router.post("/v1/:op") { [self] request, context in
            try await operation(request, op: context.parameters.get("op") ?? "")
        }
        router.get("/v1/catalog/:locale") { [self] request, context in
            try catalogResponse(request, locale: context.parameters.get("locale") ?? "")
        }
    }

    // MARK: Language

    /// The language a request without `locale` gets: `Accept-Language` negotiated against the
    /// catalog's languages (its development language without the header), or (no catalog) the
    /// header's preferred well-formed range; nil without catalog and header.
    func negotiatedLocale(_ headers: HTTPFields) -> LocaleID? {
        negotiatedLocale(acceptLanguage: headers[values: .acceptLanguage].joined(separator: ", "))
    }

    /// The locale negotiated from an `Accept-Language` value (its fields joined by ", ").
    func negotiatedLocale(acceptLanguage header: String) -> LocaleID? {
        // With a catalog, no header (or no close match) means its development language.
        if let negotiator { return negotiator.negotiate(acceptLanguage: header, query: nil, cookie: nil).locale }
        guard !header.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return AcceptLanguage(header).locales.first
    }

    // MARK: Routes

    /// Each dependency's state, checked concurrently, each within the health check timeout.
    func dependencyStates() async -> [(name: String, up: Bool)] {
        let timeout = configuration.healthCheckTimeout
        return await withTaskGroup(of: (Int, Bool).self) { group in
            for (index, item) in healthChecks.enumerated() {
                group.addTask {
                    do {
                        try await withDeadline(timeout, onTimeout: { CancellationError() }, item.check)
                        return (index, true)
                    } catch {
                        return (index, false)
                    }
                }
            }
            var up = Array(repeating: false, count: healthChecks.count)
            for await (index, state) in group { up[index] = state }
            return healthChecks.enumerated().map { (name: $0.element.name, up: up[$0.offset]) }
        }
    }

    /// `{"status":"ok"|"degraded", "dependencies":{name: "ok"|"unavailable"}, "failing":[…],
    /// "operations":[…], "catalog":…}`: 200 when every dependency answers, else 503.
    func health() async -> Response {
        let dependencies = await dependencyStates()
        let failing = dependencies.filter { !$0.up }.map(\.name)
        var out = Array(#"{"status":"#.utf8)
        HTTPErrorMapping.appendJSONString(failing.isEmpty ? "ok" : "degraded", to: &out)
        out.append(contentsOf: #","dependencies":{"#.utf8)
        for (index, dependency) in dependencies.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            HTTPErrorMapping.appendJSONString(dependency.name, to: &out)
            out.append(UInt8(ascii: ":"))
            HTTPErrorMapping.appendJSONString(dependency.up ? "ok" : "unavailable", to: &out)
        }
        out.append(contentsOf: #"},"failing":["#.utf8)
        for (index, name) in failing.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            HTTPErrorMapping.appendJSONString(name, to: &out)
        }
        out.append(contentsOf: #"],"operations":["#.utf8)
        for (index, op) in adapter.operations.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            HTTPErrorMapping.appendJSONString(op, to: &out)
        }
        out.append(contentsOf: #"],"catalog":"#.utf8)
        if let catalog {
            out.append(contentsOf: #"{"locales":["#.utf8)
            for (index, locale) in catalog.locales.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                HTTPErrorMapping.appendJSONString(locale.languageTag, to: &out)
            }
            out.append(contentsOf: #"],"tables":["#.utf8)
            for (index, table) in catalog.tableNames.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                HTTPErrorMapping.appendJSONString(table, to: &out)
            }
            out.append(contentsOf: "]}".utf8)
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(UInt8(ascii: "}"))
        var response = Self.response(failing.isEmpty ? 200 : 503, contentType: Self.jsonType, bytes: out)
        response.headers[.cacheControl] = "no-store"
        if !failing.isEmpty { response.headers[.retryAfter] = String(configuration.retryAfterSeconds) }
        return response
    }

    /// `POST /v1/{op}` through the router: the requests ``OperationChannelHandler`` hands on
    /// (a chunked body, `Expect: 100-continue`, a request pipelined behind one the router is
    /// answering). Answered as the handler answers, by ``operationAnswer(op:acceptLanguage:body:)``.
    func operation(_ request: Request, op: String) async throws -> Response {
        try RequestBodies.requireMediaType(request.headers[.contentType], ["application/json"])
        let body = try await RequestBodies.buffer(of: request, limit: configuration.maxBodySize, timeout: configuration.bodyTimeout)
        let answer = operationAnswer(op: op, acceptLanguage: { request.headers[values: .acceptLanguage].joined(separator: ", ") }, body: body)
        var response = Self.response(answer.status, contentType: Self.jsonType, bytes: answer.body)
        if let language = answer.contentLanguage { response.headers[.contentLanguage] = language }
        response.headers[.vary] = "Accept-Language"
        return response
    }

    static let noCatalog = "the server was started without --catalog"

    /// The answer to `POST /v1/{op}` once its media type is checked and its whole body has
    /// arrived: the body read as UTF-8 JSON once and answered by the batch engine, error
    /// messages cleared of the catalog's location on the server. `acceptLanguage` (the field's
    /// value) is asked for only when the request names no locale.
    func operationAnswer(op: String, acceptLanguage: () -> String, body: ByteBuffer) -> BatchAdapter.Answer {
        // As `GET /v1/catalog/{locale}` answers without a catalog (the batch protocol's own
        // answer, `internal`, would be a 500 for a server started that way on purpose).
        if op == "localize", catalog == nil {
            return BatchAdapter.Answer(status: 404, body: HTTPErrorMapping.body(code: "no-catalog", message: Self.noCatalog), contentLanguage: nil)
        }
        guard let text = String(validating: body.readableBytesView, as: UTF8.self) else {
            return BatchAdapter.Answer(
                status: HTTPErrorMapping.status(for: "invalid-json"),
                body: HTTPErrorMapping.body(code: "invalid-json", message: "the body is not UTF-8"), contentLanguage: nil)
        }
        var answer = adapter.answer(op: op, body: text, defaultLocale: { negotiatedLocale(acceptLanguage: acceptLanguage()) })
        if answer.status != 200 { answer.body = Array(paths.scrub(String(decoding: answer.body, as: UTF8.self)).utf8) }
        return answer
    }

    func batch(_ request: Request) throws -> Response {
        try RequestBodies.requireMediaType(request.headers[.contentType], BatchStream.mediaTypes)
        let stream = BatchStream(
            adapter: adapter, metrics: metrics, configuration: configuration,
            defaultLocale: negotiatedLocale(request.headers), paths: paths)
        var headers = HTTPFields()
        headers[.contentType] = "application/x-ndjson; charset=utf-8"
        headers[.vary] = "Accept-Language"
        if let locale = stream.defaultLocale { headers[.contentLanguage] = locale.languageTag }
        let body = request.body
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                try await stream.run(body, writer: &writer)
            })
    }

    func catalogResponse(_ request: Request, locale raw: String) throws -> Response {
        let snapshot = try catalogSnapshot(locale: raw, table: request.uri.queryParameters.get("table") ?? "Localizable")
        var headers = HTTPFields()
        headers[.eTag] = snapshot.eTag
        headers[.cacheControl] = catalogCacheControl
        headers[.contentLanguage] = snapshot.contentLanguage
        if CatalogSnapshot.matches(ifNoneMatch: request.headers[values: .ifNoneMatch], eTag: snapshot.eTag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = Self.jsonType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: snapshot.body))
    }

    /// The answer to `GET /v1/catalog/{locale}?table=…` (either path), its errors cleared of the
    /// catalog's location on the server.
    func catalogSnapshot(locale raw: String, table: String) throws(ParlanceError) -> CatalogSnapshot {
        guard let snapshots else { throw RequestBodies.failure("no-catalog", Self.noCatalog) }
        let locale = try LocaleID.parsing(raw)
        do {
            return try snapshots.snapshot(table: table, locale: locale)
        } catch {
            throw ParlanceError(error.code, paths.scrub(error.message))
        }
    }

    var catalogCacheControl: String { "public, max-age=\(configuration.catalogMaxAge)" }

    // MARK: Responses

    static func response(_ status: Int, contentType: String, body: String) -> Response {
        response(status, contentType: contentType, bytes: Array(body.utf8))
    }

    static func response(_ status: Int, contentType: String, bytes: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
#endif
