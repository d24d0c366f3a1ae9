import Foundation
import HTTPServer
import Locking

/// The pictures of `/media`, as the seed's repositories: from the disk cache when it has them
/// (no network call), else fetched once, however many pages ask at the same time, and kept.
///
/// Only URLs the configured BFF sent are served (`MediaURLRegistry`); anything else is an
/// `unknownURL`, refused before any cache or network is asked.
public protocol MediaRepoType: Sendable {
    /// The answer for the picture at `url` (absolute, as `/media?url=` carries it).
    func picture(for url: String) async throws(MediaError) -> FixedResponse
}

public final class MediaRepo: MediaRepoType {
    private typealias Fetch = Task<Result<FixedResponse, MediaError>, Never>

    private let registry: MediaURLRegistry
    private let cache: MediaCache
    private let fetcher: any MediaFetcherType
    /// The fetch under way per URL: callers who come while it runs wait for it.
    private let fetches = Locked<[String: Fetch]>([:])

    public init(registry: MediaURLRegistry, cache: MediaCache, fetcher: any MediaFetcherType) {
        self.registry = registry
        self.cache = cache
        self.fetcher = fetcher
    }

    public func picture(for url: String) async throws(MediaError) -> FixedResponse {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
              parsed.host?.isEmpty == false else { throw .invalidURL(url) }
        guard registry.contains(url) else { throw .unknownURL(url) }
        if let cached = cache.response(for: url) { return cached }
        return try await fetch(url, parsed).value.get()
    }

    private func fetch(_ url: String, _ parsed: URL) -> Fetch {
        fetches.withLock { fetches in
            if let running = fetches[url] { return running }
            let fetch = Fetch { [self] in
                defer { _ = self.fetches.withLock { $0.removeValue(forKey: url) } }
                do throws(MediaError) {
                    let picture = try await fetcher.fetch(parsed)
                    return .success(cache.store(picture, for: url))
                } catch {
                    return .failure(error)
                }
            }
            fetches[url] = fetch
            return fetch
        }
    }
}
