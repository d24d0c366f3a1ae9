import Foundation
import Foundations

/// The pictures of `/media`, as the seed's repositories: from the disk cache when it has them
/// (no network call), else fetched once, however many pages ask at the same time, and kept.
///
/// Only URLs the configured BFF sent are served (`MediaURLRegistry`); anything else is an
/// `unknownURL`, refused before any cache or network is asked.
public protocol MediaRepoType: Sendable {
    /// The picture at `url` (absolute, as `/media?url=` carries it).
    func picture(for url: String) async throws(MediaError) -> Picture
}

public final class MediaRepo: MediaRepoType {
    private let registry: MediaURLRegistry
    private let cache: MediaCache
    private let fetcher: any MediaFetcherType
    /// The fetch under way per URL: callers who come while it runs wait for it.
    private let fetches = SingleFlight<String, Picture, MediaError>()

    public init(registry: MediaURLRegistry, cache: MediaCache, fetcher: any MediaFetcherType) {
        self.registry = registry
        self.cache = cache
        self.fetcher = fetcher
    }

    public func picture(for url: String) async throws(MediaError) -> Picture {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
              parsed.host?.isEmpty == false else { throw .invalidURL(url) }
        guard registry.contains(url) else { throw .unknownURL(url) }
        if let cached = cache.picture(for: url) { return cached }
        return try await fetches.value(url) { [cache, fetcher] () throws(MediaError) in
            cache.store(try await fetcher.fetch(parsed), for: url)
        }
    }
}
