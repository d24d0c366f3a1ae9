import Logging
import PostgresNIO

extension DemoRows {
    /// Rows per statement: each statement sends whole columns as arrays that `unnest` turns back
    /// into rows, so a million likes take a hundred round trips, not a million.
    private static let batchSize = 10_000

    /// Writes the rows on `connection`, inside the caller's transaction, in their order.
    func insert(on connection: PostgresConnection, logger: Logger) async throws {
        for batch in users.batches(of: Self.batchSize) {
            try await connection.query("""
                INSERT INTO users (id, name, avatar, background_image)
                SELECT * FROM unnest(\(batch.map(\.id))::text[], \(batch.map(\.name))::text[],
                                     \(batch.map(\.avatar))::text[], \(batch.map(\.backgroundImage))::text[])
                """, logger: logger)
        }
        // WITH ORDINALITY and ORDER BY: `seq` follows the list's order, the timeline's tie-break.
        // Arrays carry no NULL here, so a missing title or URL travels as a flag beside it.
        for batch in moments.batches(of: Self.batchSize) {
            try await connection.query("""
                INSERT INTO moments (id, user_id, type, title, url, created_at)
                SELECT id, user_id, type, CASE WHEN has_title THEN title END, CASE WHEN has_url THEN url END, created_at
                FROM unnest(\(batch.map(\.id))::text[], \(batch.map(\.userID))::text[],
                            \(batch.map(\.type.rawValue))::text[], \(batch.map { $0.title ?? "" })::text[],
                            \(batch.map { $0.title != nil })::bool[], \(batch.map { $0.url ?? "" })::text[],
                            \(batch.map { $0.url != nil })::bool[], \(batch.map(\.createdAt))::int8[])
                    WITH ORDINALITY AS given(id, user_id, type, title, has_title, url, has_url, created_at, n)
                ORDER BY n
                """, logger: logger)
        }
        for batch in photos.batches(of: Self.batchSize) {
            try await connection.query("""
                INSERT INTO photos (moment_id, position, url)
                SELECT * FROM unnest(\(batch.map(\.momentID))::text[], \(batch.map(\.position))::int8[]::int4[],
                                     \(batch.map(\.url))::text[])
                """, logger: logger)
        }
        for batch in likes.batches(of: Self.batchSize) {
            try await connection.query("""
                INSERT INTO likes (moment_id, user_id, liked_at)
                SELECT * FROM unnest(\(batch.map(\.momentID))::text[], \(batch.map(\.userID))::text[],
                                     \(batch.map(\.likedAt))::float8[])
                """, logger: logger)
        }
    }
}

private extension Array {
    /// The elements in consecutive slices of at most `size`.
    func batches(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
