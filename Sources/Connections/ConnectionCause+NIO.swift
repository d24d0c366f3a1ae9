import NIOCore
import NIOPosix
import NIOSSL

extension ConnectionCause {
    /// The cause of an error from NIO's connect or its TLS handler on the way to `host`:`port`,
    /// told by the error's type and errno: what both the PostgreSQL client and the HTTP client
    /// meet under their own errors.
    public init(nioError error: (any Error)?, host: String, port: Int) {
        switch error {
        case let error as NIOConnectionError:
            // Happy Eyeballs: the DNS lookups' errors, and one error per address it tried.
            let causes = error.connectionErrors.map { Self(nioError: $0.error, host: host, port: port) }
            if causes.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                self = .unknownHost(host)
            } else {
                // Refused only when every address refused: another cause says more.
                self = causes.first { $0 != .refused(host: host, port: port) } ?? causes.first ?? .other(String(reflecting: error))
            }
        case is SocketAddressError.UnknownHost:
            self = .unknownHost(host)
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            self = .refused(host: host, port: port)
        case let error as ChannelError:
            if case .connectTimeout = error { self = .timeout } else { self = .other(String(reflecting: error)) }
        case is NIOSSLError, is BoringSSLError:
            self = .tlsFailed
        case let error?:
            self = .other(String(reflecting: error))
        case nil:
            self = .other("the connection failed")
        }
    }
}
