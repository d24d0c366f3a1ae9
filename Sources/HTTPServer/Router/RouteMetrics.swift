import CoreMetrics
import Telemetry

/// The request metrics of one route, made once when the route is added, so that counting a
/// request is an atomic add on a handle already made (no lock, no label built per request):
/// `http_requests_total` by route template, method and status class, and
/// `http_request_duration_seconds` by route template and method. Labels are the route's
/// template (`/api/moments/{id}`), never the path: their number is bounded by the routes.
struct RouteMetrics: Sendable {
    private let byStatusClass: [Counter]
    private let duration: Timer

    init(route: String, method: String) {
        byStatusClass = (1...5).map { statusClass in
            Counter(label: "http_requests_total", dimensions: [("route", route), ("method", method), ("status", "\(statusClass)xx")])
        }
        duration = Timer(label: "http_request_duration_seconds", dimensions: [("route", route), ("method", method)],
                         preferredDisplayUnit: .seconds)
    }

    func record(status: Int, duration elapsed: Duration) {
        byStatusClass[min(max(status / 100, 1), 5) - 1].increment()
        duration.record(elapsed)
    }

    /// Requests no route matched (404, 405, 501, static files), by the request's method when it is
    /// a standard one, else `other`.
    struct Unmatched: Sendable {
        private let byMethod: [HTTPMethod: RouteMetrics]
        private let other: RouteMetrics

        init(route: String) {
            byMethod = Dictionary(uniqueKeysWithValues: [HTTPMethod.get, .head, .post, .put, .delete, .patch, .options].map {
                ($0, RouteMetrics(route: route, method: $0.rawValue))
            })
            other = RouteMetrics(route: route, method: "other")
        }

        subscript(method: HTTPMethod) -> RouteMetrics { byMethod[method] ?? other }
    }
}
