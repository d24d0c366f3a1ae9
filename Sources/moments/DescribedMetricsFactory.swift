import CoreMetrics
import Prometheus

/// swift-metrics' handles made in a `PrometheusCollectorRegistry` with a `# HELP` line each:
/// `PrometheusMetricsFactory` registers every metric without one, which `promtool check metrics`
/// refuses. The help of each metric this process makes is in `help`, the list docs/operating.md repeats.
struct DescribedMetricsFactory: MetricsFactory {
    let registry: PrometheusCollectorRegistry

    static let help: [String: String] = [
        "http_requests_total": "Requests answered, by route template, method and status class.",
        "http_request_duration_seconds": "Time from a request reaching the router to its answer, by route template and method.",
        "moments_bff_calls_total": "GraphQL calls to the BFF, by operation and outcome (ok, partial, graphQLError, httpError, transportError, invalidAnswer, injectedFault).",
        "moments_bff_call_duration_seconds": "Duration of GraphQL calls to the BFF, by operation.",
        "moments_timeline_cache_total": "Timeline reads answered from the saved timeline (hit) or from the BFF (miss).",
        "moments_likes_total": "Likes and unlikes asked for, by action and whether the BFF saved them.",
        "moments_live_event_clients": "Browser tabs connected to the live event stream now.",
        "moments_contract_invalid_documents": "The dashboard's GraphQL documents that validated against an earlier version of the BFF's schema and no longer do.",
        "moments_toggle_changes_total": "Toggle flips and overrides set in Area 51 or the API, by toggle and kind.",
        "moments_bff_store_operations_total": "The BFF's store operations, by GraphQL field and outcome (ok or the error code).",
    ]

    /// From a cached page (well under a millisecond) to the BFF's timeout (5 s).
    static let durationBuckets: [Duration] = [.microseconds(250), .milliseconds(1), .milliseconds(5), .milliseconds(25), .milliseconds(100),
                                             .milliseconds(250), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10)]

    private func descriptor(_ label: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: label, unitName: "", helpText: Self.help[label] ?? "")
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        registry.makeCounter(descriptor: descriptor(label), labels: dimensions)
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        registry.makeCounter(descriptor: descriptor(label), labels: dimensions)
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        registry.makeGauge(descriptor: descriptor(label), labels: dimensions)
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        registry.makeGauge(descriptor: descriptor(label), labels: dimensions)
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        registry.makeDurationHistogram(descriptor: descriptor(label), labels: dimensions, buckets: Self.durationBuckets)
    }

    func destroyCounter(_ handler: any CounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyRecorder(_ handler: any RecorderHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
    }

    func destroyMeter(_ handler: any MeterHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
    }

    func destroyTimer(_ handler: any TimerHandler) {
        if let histogram = handler as? DurationHistogram { registry.unregisterDurationHistogram(histogram) }
    }
}
