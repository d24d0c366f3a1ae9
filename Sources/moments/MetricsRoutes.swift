import CoreMetrics
import Foundation
import HTTPServer
import Prometheus

/// `GET /metrics` in Prometheus's text format, on `serve` and `bff`: every swift-metrics handle
/// the process made (requests by route, BFF calls, the timeline cache, likes, toggle changes,
/// live tabs, the BFF's store), from one `PrometheusCollectorRegistry`. It is a route like any
/// other: the dashboard's Host and Origin checks apply to it.
struct MetricsRoutes: RouteCollection {
    let registry: PrometheusCollectorRegistry

    /// Makes this process's metrics Prometheus's, before any handle is made (the routers' among them).
    static func bootstrap() -> MetricsRoutes {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(DescribedMetricsFactory(registry: registry))
        return MetricsRoutes(registry: registry)
    }

    func boot(routes: inout some RouteBuilder) throws {
        routes.get("/metrics") { [registry] _ in
            Response(headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store"],
                     data: Data(registry.emitToBuffer()))
        }
    }
}
