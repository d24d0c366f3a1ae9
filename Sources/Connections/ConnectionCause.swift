/// Why a connection to a server could not be made, classified from the error's structure (the
/// type of an HTTP client or NIO error, an errno, a PostgreSQL client error code), never
/// from the words of its message. Each layer classifies the errors of its own client; the words
/// for people are said once, here.
public enum ConnectionCause: Sendable, Equatable {
    /// The host name resolves to no address.
    case unknownHost(String)
    /// Nothing accepts connections on the host and port: ECONNREFUSED.
    case refused(host: String, port: Int)
    /// The server answered that it takes no TLS (SSL) connections there.
    case tlsNotOffered
    /// The TLS handshake failed: the server does not speak TLS on that port, or its certificate
    /// is not one this machine trusts.
    case tlsFailed
    /// No connection within the time allowed.
    case timeout
    /// The server cut the connection before its answer.
    case reset
    /// Any other failure, with its client's words for it.
    case other(String)

    /// The cause in plain words, to follow "cannot be reached: ".
    public var plainWords: String {
        switch self {
        case .unknownHost(let host): "the host \(host) is not known"
        case .refused(let host, let port):
            "nothing accepts connections on \(ConnectionFailure.hostAndPort(host, port)) (connection refused)"
        case .tlsNotOffered: "the server takes no TLS (SSL) connections"
        case .tlsFailed: "the TLS handshake failed (the server does not speak TLS on that port, or its certificate is not trusted)"
        case .timeout: "no connection was made in time"
        case .reset: "the connection was reset before an answer came"
        case .other(let words): words
        }
    }

    /// Whether waiting or retrying cannot help: the name, the port or the TLS setting is wrong, or
    /// the server is not there. A start stops at once on these rather than waiting for its deadline.
    public var isLasting: Bool {
        switch self {
        case .unknownHost, .refused, .tlsNotOffered, .tlsFailed, .timeout: true
        case .reset, .other: false
        }
    }
}
