public import Hummingbird
public import ServiceLifecycle

/// The extension point for features that add routes and long-running services to
/// `parlance serve` — the proposal store and its `/content/localize/proposals` API (issue 15),
/// the translation cache (issue 14) — without the core server knowing about them.
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
}

extension ParlanceServerExtension {
    /// No services.
    public var services: [any Service] { [] }
    /// No documented paths.
    public var openAPIPaths: [(path: String, json: String)] { [] }
}
