import CoreMetrics

/// The dashboard's own metrics (docs/operating.md, "Metrics", lists them): handles made once, on first
/// use after the process chose its metrics backend, so counting is an atomic add on the hot path.
enum MomentsMetrics {
    /// Timeline reads answered from the saved timeline (`hit`) or from the BFF (`miss`, refreshes included).
    static let timelineCacheHits = Counter(label: "moments_timeline_cache_total", dimensions: [("result", "hit")])
    static let timelineCacheMisses = Counter(label: "moments_timeline_cache_total", dimensions: [("result", "miss")])
    /// Likes and unlikes asked for, by whether the BFF saved them.
    static func likes(isLiked: Bool, saved: Bool) -> Counter {
        likeCounters[(isLiked ? 2 : 0) + (saved ? 1 : 0)]
    }
    /// Browser tabs on the live event stream (`/events`) now.
    static let liveEventClients = Meter(label: "moments_live_event_clients")
    /// The dashboard's documents that validated against a version of the BFF's schema kept in the
    /// history and do not against the current one (`ContractWatch`).
    static let contractInvalidDocuments = Meter(label: "moments_contract_invalid_documents")

    private static let likeCounters = [("unlike", "failed"), ("unlike", "saved"), ("like", "failed"), ("like", "saved")].map {
        Counter(label: "moments_likes_total", dimensions: [("action", $0.0), ("outcome", $0.1)])
    }
}
