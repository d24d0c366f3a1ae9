import Connections

/// Why `/media` did not answer a picture. Mapped to statuses, codes and sentences in `AppErrors.swift`.
public enum MediaError: Error, Equatable, Sendable {
    /// `url` is missing, not absolute or not `http`/`https`.
    case invalidURL(String)
    /// The configured BFF never sent this URL: the dashboard is no open proxy.
    case unknownURL(String)
    /// The URL's host is this machine or a private network, and not the BFF's own host.
    case internalAddress(host: String)
    /// The image host could not be reached (refused, no route, name not found), and why.
    case unreachable(host: String, cause: ConnectionCause)
    /// The image host did not answer in time.
    case timeout(host: String)
    /// The image host answered with a status other than 2xx.
    case badStatus(Int)
    /// The answer is not `image/*`; its `Content-Type`, empty when it gave none.
    case notAnImage(contentType: String)
    /// The answer is bigger than the dashboard keeps.
    case tooLarge(limit: Int)
}
