import Connections

/// Why the BFF could not open its PostgreSQL database; each says what to do.
public enum PostgresStoreError: Error, CustomStringConvertible {
    /// `--database-url` is not a `postgres://` URL this BFF reads.
    case invalidURL
    /// The database was migrated by a newer `moments`: this binary does not know its tables.
    case schemaNewer(database: Int, binary: Int)
    /// The first connection failed for a cause that waiting will not heal: an unknown host, a
    /// refused port, TLS, no answer at all.
    case cannotConnect(ConnectionFailure)
    /// The server did not answer, or refused the connection or the login.
    case unreachable(any Error)

    public var description: String {
        switch self {
        case .invalidURL:
            "The database URL must read postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require]."
        case .schemaNewer(let database, let binary):
            "The BFF's PostgreSQL database has schema version \(database), newer than this moments binary knows (\(binary)). "
                + "Run the newer moments, or point --database-url at another database."
        case .cannotConnect(let failure):
            "The BFF's PostgreSQL database at \(failure.url) cannot be reached: \(failure.cause.plainWords). "
                + Self.remedy(for: failure)
        case .unreachable(let error):
            "The BFF's PostgreSQL database cannot be reached (\(String(reflecting: error))). "
                + "Check that the server runs and that the URL, user and password are right."
        }
    }

    /// What to do about `failure`, in the words of `--database-url`.
    private static func remedy(for failure: ConnectionFailure) -> String {
        let option = failure.option
        return switch failure.cause {
        case .unknownHost: "Check the host in \(option)."
        case .refused(let host, let port):
            "Is PostgreSQL running and listening on \(ConnectionFailure.hostAndPort(host, port))? Check the host and port in \(option)."
        case .tlsNotOffered: "Use sslmode=prefer or sslmode=disable in \(option), or turn on ssl in the server's postgresql.conf."
        case .tlsFailed:
            "Use sslmode=disable in \(option) if the server has no SSL, or give the server a certificate this machine trusts."
        case .timeout: "Check that this machine can reach the host in \(option): a firewall may drop the connection."
        case .reset, .other: "Check \(option), and that PostgreSQL is running."
        }
    }
}
