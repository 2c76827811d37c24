#if Server
import Hummingbird
import Metrics
public import Prometheus

/// The server's metrics, recorded through swift-metrics into its own Prometheus registry and
/// served in the Prometheus text format at `/metrics`.
///
/// - `parlance_http_requests_total{method,route,status}` — requests answered;
/// - `parlance_http_request_duration_seconds{method,route}` — time to the response head;
/// - `parlance_batch_lines_total` — lines answered by `POST /v1/batch`.
public struct ServerMetrics: Sendable {
    /// The registry `/metrics` renders.
    public let registry: PrometheusCollectorRegistry
    /// The swift-metrics factory over ``registry`` (`parlance serve` also bootstraps the global
    /// `MetricsSystem` with it, so libraries' metrics appear at `/metrics` too).
    public let factory: PrometheusMetricsFactory
    let batchLines: Metrics.Counter

    /// Metrics over a new registry.
    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        self.factory = PrometheusMetricsFactory(registry: registry)
        self.batchLines = Metrics.Counter(label: "parlance_batch_lines_total", factory: factory)
    }

    func recordRequest(method: String, route: String, status: Int, duration: Duration) {
        Metrics.Counter(
            label: "parlance_http_requests_total",
            dimensions: [("method", method), ("route", route), ("status", String(status))], factory: factory
        )
        .increment()
        let nanoseconds = duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
        Metrics.Timer(
            label: "parlance_http_request_duration_seconds",
            dimensions: [("method", method), ("route", route)], factory: factory
        )
        .recordNanoseconds(nanoseconds)
    }

    /// The Prometheus text exposition.
    func render() -> String { registry.emitToString() }
}
#endif
