import Foundation

/// A server that could not be reached: the URL it was asked at (never with a password), the
/// option that named that URL, and why. The layer that owns the server says what to do about it.
public struct ConnectionFailure: Error, Sendable, Equatable {
    /// The URL as it may be shown: a password in it is removed.
    public let url: String
    /// The command-line option (or environment variable) the URL came from, for the remedy.
    public let option: String
    public let cause: ConnectionCause

    /// A failure to reach `url`, named by `option`, because of `cause`; a password in `url` is
    /// not kept.
    public init(url: String, option: String, cause: ConnectionCause) {
        self.url = Self.withoutPassword(url)
        self.option = option
        self.cause = cause
    }

    /// `url` with the password of its user part removed (`postgres://user:secret@host/db` reads
    /// `postgres://user@host/db`); unchanged when it has none or does not parse.
    public static func withoutPassword(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = nil
        return components.string ?? url
    }

    /// `host:port` as a person writes it: an IPv6 address in brackets. Port 0, where no server
    /// listens, names an endpoint that has none (a BFF in this process): the host alone.
    public static func hostAndPort(_ host: String, _ port: Int) -> String {
        guard port != 0 else { return host }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
