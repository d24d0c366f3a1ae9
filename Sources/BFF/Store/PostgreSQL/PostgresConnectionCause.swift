import Connections
import PostgresNIO

extension ConnectionCause {
    /// The cause of a failed connection to PostgreSQL at `host`:`port`, told by `PSQLError`'s code
    /// and the type of the NIO error under it (a DNS failure, an errno, a TLS error), never by
    /// their words.
    init(postgresError error: any Error, host: String, port: Int) {
        guard let error = error as? PSQLError else {
            self = Self(nioError: error, host: host, port: port)
            return
        }
        switch error.code {
        case .sslUnsupported: self = .tlsNotOffered
        case .failedToAddSSLHandler, .receivedUnencryptedDataAfterSSLRequest: self = .tlsFailed
        case .connectionError: self = Self(nioError: error.underlying, host: host, port: port)
        default: self = .other(String(reflecting: error))
        }
    }
}
