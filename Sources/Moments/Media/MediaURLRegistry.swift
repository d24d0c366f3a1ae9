import Locking

/// The absolute picture URLs the configured BFF has sent, the only ones `/media` fetches: the
/// dashboard is no open proxy.
///
/// Filled from every `MomentsDetails` the repository receives, from the BFF or from the saved
/// timeline, so after a restart the saved timeline's pictures are still allowed. Bounded: past
/// `capacity` the URLs recorded longest ago are forgotten first.
public final class MediaURLRegistry: Sendable {
    private struct State {
        /// URL → when it was last recorded (a counter), for forgetting the oldest.
        var recordedAt: [String: UInt64] = [:]
        var clock: UInt64 = 0
    }

    private let links: MediaLinks
    private let capacity: Int
    private let state = Locked(State())

    /// - Parameter links: resolves relative URLs as the pages do, so the URL recorded is the one
    ///   a page asks `/media` for.
    public init(links: MediaLinks, capacity: Int = 8192) {
        self.links = links
        self.capacity = capacity
    }

    /// Records the pictures `details` names that the dashboard would fetch.
    public func record(_ details: MomentsDetails) {
        record(pictures: details.pictureURLs)
    }

    /// Records those of `pictures` (as the BFF sent them) that the dashboard would fetch.
    public func record(pictures: [String]) {
        let urls = pictures.compactMap(links.remoteURL)
        guard !urls.isEmpty else { return }
        state.withLock { state in
            for url in urls {
                state.clock += 1
                state.recordedAt[url] = state.clock
            }
            if state.recordedAt.count > capacity {
                // Down to three quarters at once, so a full registry sorts once per many answers.
                let oldest = state.recordedAt.sorted { $0.value < $1.value }.prefix(state.recordedAt.count - capacity * 3 / 4)
                for (url, _) in oldest { state.recordedAt.removeValue(forKey: url) }
            }
        }
    }

    /// Whether the BFF sent `url` (absolute, as `/media?url=` carries it).
    public func contains(_ url: String) -> Bool {
        state.withLock { $0.recordedAt[url] != nil }
    }

    public var count: Int { state.withLock { $0.recordedAt.count } }
}
