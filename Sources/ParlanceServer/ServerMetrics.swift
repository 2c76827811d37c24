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
        RequestSeries(metrics: self, method: method, route: route, status: status).record(duration)
    }

    /// The two series one kind of request (method, route, status) counts in, made once and kept
    /// by a caller that records many (making a series looks it up in the registry by name and
    /// labels).
    struct RequestSeries {
        let count: Metrics.Counter
        let duration: Metrics.Timer

        init(metrics: ServerMetrics, method: String, route: String, status: Int) {
            count = Metrics.Counter(
                label: "parlance_http_requests_total",
                dimensions: [("method", method), ("route", route), ("status", String(status))], factory: metrics.factory)
            duration = Metrics.Timer(
                label: "parlance_http_request_duration_seconds", dimensions: [("method", method), ("route", route)], factory: metrics.factory)
        }

        func record(_ elapsed: Duration) {
            count.increment()
            duration.recordNanoseconds(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
        }
    }

    /// The Prometheus text exposition.
    func render() -> String { registry.emitToString() }
}
#endif
