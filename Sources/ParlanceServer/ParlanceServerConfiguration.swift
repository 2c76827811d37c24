#if Server
/// How `parlance serve` (or an app embedding ``ParlanceServer``) listens and what it serves.
///
/// ```swift
/// var configuration = ParlanceServerConfiguration()
/// configuration.catalogDirectory = "Resources"
/// configuration.port = 0          // any free port (tests)
/// ```
public struct ParlanceServerConfiguration: Sendable {
    /// The address to bind; loopback by default, so nothing is exposed unless asked.
    public var host: String = "127.0.0.1"
    /// The TCP port (0: any free port, reported through `onServerRunning`).
    public var port: Int = 8080
    /// The catalog directory (`<locale>.lproj/…`, `*.xcstrings`) for `localize` and `/v1/catalog`.
    public var catalogDirectory: String?
    /// The catalog's development language (default: the String Catalog's `sourceLanguage`, else `en`).
    public var developmentLanguage: String?
    /// The largest body of `POST /v1/{op}` in bytes (413 `payload-too-large` above it).
    public var maxBodySize: Int = 64 * 1024
    /// The longest line of `POST /v1/batch` in bytes (that line gets a `payload-too-large` error line).
    public var maxBatchLineSize: Int = 64 * 1024
    /// The most bytes one `POST /v1/batch` body may carry; the stream ends with an error line past it.
    public var maxBatchBodySize: Int = 64 * 1024 * 1024
    /// The time a `POST /v1/{op}` body may take to arrive in full (408 `request-timeout`; slowloris).
    public var bodyTimeout: Duration = .seconds(10)
    /// The longest a `POST /v1/batch` stream may last (an error line ends it).
    public var batchTimeout: Duration = .seconds(300)
    /// A connection that sends nothing for this long (headers included) is closed.
    public var idleTimeout: Duration = .seconds(30)
    /// The `max-age` of `GET /v1/catalog/{locale}` responses, in seconds.
    public var catalogMaxAge: Int = 300
    /// The `Retry-After` of a 503 (`store-unavailable`), in seconds.
    public var retryAfterSeconds: Int = 5
    /// The longest a dependency check of `GET /health` may take before it counts as down.
    public var healthCheckTimeout: Duration = .seconds(5)
    /// How long ``ParlanceServer/run(_:extensions:logger:onServerRunning:)`` lets a shutdown
    /// (SIGTERM, SIGINT) take: three quarters of it for requests in flight to finish, the rest
    /// for cancelled work to end. `parlance serve` exits when it has passed, whatever is still
    /// running.
    public var shutdownTimeout: Duration = .seconds(10)

    /// Whether every request gets an access-log line at `info` (method, path, status, time).
    /// Off by default: the request counts and durations are in `GET /metrics` in any case,
    /// and a line per request costs a busy service a large share of its throughput.
    public var accessLog = false

    /// The bearer token that routes which write (POST, PUT, PATCH, DELETE routes added by a
    /// ``ParlanceServerExtension``) require in `Authorization: Bearer …`, compared in constant
    /// time. nil: writes need no token (bind to loopback, or set one). Never logged.
    public var writeToken: String?

    /// The defaults: 127.0.0.1:8080, no catalog.
    public init() {}
}
#endif
