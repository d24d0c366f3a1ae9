import Logging
import PostgresNIO

/// The schema of the BFF's PostgreSQL database, one numbered migration per change, applied in
/// order when a BFF opens it. The numbers applied are rows of `moments_schema`; a database with a
/// number this binary does not know is refused rather than misread.
enum PostgresMigrations {
    /// Each migration's statements, run in one transaction with the others not yet applied.
    static let all: [(name: String, statements: [String])] = [
        ("users, moments, photos, likes, remote config", [
            """
            CREATE TABLE users (
                id text PRIMARY KEY,
                name text NOT NULL,
                avatar text NOT NULL,
                background_image text NOT NULL)
            """,
            // `seq` is the order of writing, which breaks ties between moments of the same second.
            """
            CREATE TABLE moments (
                id text PRIMARY KEY,
                seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
                user_id text NOT NULL REFERENCES users ON DELETE CASCADE,
                type text NOT NULL CHECK (type IN ('URL', 'PHOTOS')),
                title text,
                url text,
                created_at bigint NOT NULL)
            """,
            // The timeline's order: a page walks it from its keyset and stops at its LIMIT.
            "CREATE INDEX moments_timeline ON moments (created_at, seq)",
            "CREATE INDEX moments_user ON moments (user_id)",
            """
            CREATE TABLE photos (
                moment_id text NOT NULL REFERENCES moments ON DELETE CASCADE,
                position integer NOT NULL,
                url text NOT NULL,
                PRIMARY KEY (moment_id, position))
            """,
            // The primary key is what makes a like idempotent under any concurrency.
            """
            CREATE TABLE likes (
                moment_id text NOT NULL REFERENCES moments ON DELETE CASCADE,
                user_id text NOT NULL REFERENCES users ON DELETE CASCADE,
                liked_at double precision NOT NULL,
                PRIMARY KEY (moment_id, user_id))
            """,
            "CREATE INDEX likes_user ON likes (user_id)",
            "CREATE TABLE remote_config (id integer PRIMARY KEY CHECK (id = 1), document text NOT NULL)",
        ]),
    ]

    /// The version a database has once every migration of this binary ran.
    static var latestVersion: Int { all.count }

    /// A key of `pg_advisory_xact_lock` only BFFs take: two processes that open the database at
    /// once migrate and seed it one after the other.
    static let lockKey: Int64 = 0x4d6f_6d65_6e74_73

    /// Brings the database to `latestVersion` inside the caller's transaction, after taking the
    /// lock; throws `schemaNewer` when it is past it.
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
        try await connection.query("""
            CREATE TABLE IF NOT EXISTS moments_schema (
                version integer PRIMARY KEY,
                name text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now())
            """, logger: logger)
        var current = 0
        for try await version in try await connection.query(
            "SELECT coalesce(max(version), 0)::int8 FROM moments_schema", logger: logger).decode(Int.self) {
            current = version
        }
        guard current <= latestVersion else {
            throw PostgresStoreError.schemaNewer(database: current, binary: latestVersion)
        }
        for (index, migration) in all.enumerated().dropFirst(current) {
            for statement in migration.statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            try await connection.query("INSERT INTO moments_schema (version, name) VALUES (\(index + 1), \(migration.name))",
                                       logger: logger)
            logger.info("BFF database migrated", metadata: ["version": "\(index + 1)", "name": "\(migration.name)"])
        }
    }
}
