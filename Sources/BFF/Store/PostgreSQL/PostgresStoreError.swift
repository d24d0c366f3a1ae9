/// Why the BFF could not open its PostgreSQL database; each says what to do.
public enum PostgresStoreError: Error, CustomStringConvertible {
    /// `--database-url` is not a `postgres://` URL this BFF reads.
    case invalidURL
    /// The database was migrated by a newer `moments`: this binary does not know its tables.
    case schemaNewer(database: Int, binary: Int)
    /// The server did not answer, or refused the connection or the login.
    case unreachable(any Error)

    public var description: String {
        switch self {
        case .invalidURL:
            "The database URL must read postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require]."
        case .schemaNewer(let database, let binary):
            "The BFF's PostgreSQL database has schema version \(database), newer than this moments binary knows (\(binary)). "
                + "Run the newer moments, or point --database-url at another database."
        case .unreachable(let error):
            "The BFF's PostgreSQL database cannot be reached (\(String(reflecting: error))). "
                + "Check that the server runs and that the URL, user and password are right."
        }
    }
}
