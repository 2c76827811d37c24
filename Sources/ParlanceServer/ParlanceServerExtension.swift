#if Server
public import Hummingbird
public import ServiceLifecycle

/// The extension point for features that add routes and long-running services to
/// `parlance serve` — the proposal store and its `/content/localize/proposals` API,
/// the translation cache — without the core server knowing about them.
///
/// An extension registers its routes on the server's router (after the built-in routes, under
/// the same error, logging and metrics middleware), contributes services that start before
/// the server accepts connections and stop after it has drained (a database pool, a
/// migration), and describes its paths for `/openapi.json`.
///
/// ```swift
/// struct ProposalsExtension: ParlanceServerExtension {
///     let store: any ProposalStore
///     func addRoutes(to router: RouterGroup<BasicRequestContext>) {
///         router.post("/content/localize/proposals") { request, context in … }
///     }
///     var services: [any Service] { [store] }
///     var openAPIPaths: [(path: String, json: String)] { [("/content/localize/proposals", #"{"post":{…}}"#)] }
/// }
/// let app = try ParlanceServer.makeApplication(configuration, extensions: [ProposalsExtension(store: store)])
/// ```
public protocol ParlanceServerExtension: Sendable {
    /// Adds this extension's routes to a group of the server's router in which a write (POST,
    /// PUT, PATCH, DELETE) needs the bearer token when one is configured
    /// (``ParlanceServerConfiguration/writeToken``; 401 `unauthorized` without the right one).
    func addRoutes(to router: RouterGroup<BasicRequestContext>)
    /// Services run by the application's service group (default: none).
    var services: [any Service] { get }
    /// OpenAPI path items (path → JSON object text) merged into `/openapi.json` (default: none).
    var openAPIPaths: [(path: String, json: String)] { get }
    /// The dependencies `/health` checks on every call (default: none): while one fails,
    /// `/health` answers 503 `degraded` and names it.
    var healthChecks: [ParlanceHealthCheck] { get }
}

/// A dependency `GET /health` checks: a name (`proposal-store`) and a check that throws while
/// the dependency is down. A check that does not finish within
/// ``ParlanceServerConfiguration/healthCheckTimeout`` counts as down.
public struct ParlanceHealthCheck: Sendable {
    /// The dependency's name in `/health`'s `dependencies`.
    public let name: String
    /// Throws while the dependency is down.
    public let check: @Sendable () async throws -> Void

    /// A check named `name`.
    public init(name: String, check: @escaping @Sendable () async throws -> Void) {
        self.name = name
        self.check = check
    }
}

extension ParlanceServerExtension {
    /// No services.
    public var services: [any Service] { [] }
    /// No documented paths.
    public var openAPIPaths: [(path: String, json: String)] { [] }
    /// No dependencies to check.
    public var healthChecks: [ParlanceHealthCheck] { [] }
}
#endif
