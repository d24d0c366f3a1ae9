import Logging
import PostgresNIO

/// Reads one page of the timeline from PostgreSQL, in the order and with the answers of the
/// SQLite store.
///
/// Each statement costs what the page holds, not what the database holds: the moments walk the
/// `moments_timeline` index backwards from where the page starts (a keyset, never an `OFFSET`), and
/// photos and likes are looked up through their primary keys for the page's moments only.
enum PostgresPageQueries {
    /// `userID`'s profile and the moments of `page`, newest first, read on `connection` (inside
    /// the caller's transaction).
    static func details(forUserID userID: String, page: MomentsPage, on connection: PostgresConnection,
                        logger: Logger) async throws -> MomentsDetails {
        var user: UserRecord?
        for try await (id, name, avatar, backgroundImage) in try await connection.query(
            "SELECT id, name, avatar, background_image FROM users WHERE id = \(userID)", logger: logger
        ).decode((String, String, String, String).self) {
            user = UserRecord(id: id, name: name, avatar: avatar, backgroundImage: backgroundImage)
        }
        guard let user else { throw MomentsStoreError.unknownUser(userID) }
        var start: (createdAt: Int64, seq: Int64)?
        if let momentID = page.startMomentID {
            for try await position in try await connection.query(
                "SELECT created_at, seq FROM moments WHERE id = \(momentID)", logger: logger
            ).decode((Int64, Int64).self) {
                start = position
            }
            if start == nil, let unknownStart = page.unknownStart { throw unknownStart }
        }
        let moments = try await Self.moments(after: start, including: page.fromMomentID != nil, limit: page.first,
                                             on: connection, logger: logger)
        let momentIDs = moments.map(\.moment.id)
        guard !momentIDs.isEmpty else { return MomentsDetails(user: user, moments: [], photos: [], likes: []) }
        let (photos, likes) = try await photosAndLikes(ofMomentIDs: momentIDs, on: connection, logger: logger)
        return MomentsDetails(user: user, moments: moments, photos: photos, likes: likes)
    }

    /// The photos of the moments `momentIDs`, each moment's in order, and their likes with the
    /// likers' avatars, most recent first: two queries for any number of moments.
    static func photosAndLikes(ofMomentIDs momentIDs: [String], on connection: PostgresConnection,
                               logger: Logger) async throws -> (photos: [PhotoRecord], likes: [PageLikeRow]) {
        var photos: [PhotoRecord] = []
        for try await (momentID, url) in try await connection.query("""
            SELECT moment_id, url FROM photos WHERE moment_id = ANY(\(momentIDs)) ORDER BY moment_id, position
            """, logger: logger).decode((String, String).self) {
            photos.append(PhotoRecord(momentID: momentID, position: 0, url: url))
        }
        var likes: [PageLikeRow] = []
        for try await (momentID, likerID, avatar) in try await connection.query("""
            SELECT likes.moment_id, likes.user_id, users.avatar
            FROM likes JOIN users ON users.id = likes.user_id
            WHERE likes.moment_id = ANY(\(momentIDs))
            ORDER BY likes.liked_at DESC, likes.user_id
            """, logger: logger).decode((String, String, String).self) {
            likes.append(PageLikeRow(momentID: momentID, userID: likerID, avatar: avatar))
        }
        return (photos, likes)
    }

    /// The moments `momentIDs` with their authors, in no order: the moments a batch of likes
    /// changed, each looked up by its primary key.
    static func moments(withIDs momentIDs: [String], on connection: PostgresConnection,
                        logger: Logger) async throws -> [PageMomentRow] {
        var binds = PostgresBindings()
        binds.append(momentIDs)
        return try await rows(of: PostgresQuery(unsafeSQL: momentColumns + "\nWHERE moments.id = ANY($1)", binds: binds),
                              on: connection, logger: logger)
    }

    /// The moments with their authors, newest first, strictly after `start` (or from it when
    /// `including`; from the newest when nil), at most `limit` of them (all when nil).
    static func moments(after start: (createdAt: Int64, seq: Int64)?, including: Bool, limit: Int?,
                        on connection: PostgresConnection, logger: Logger) async throws -> [PageMomentRow] {
        var sql = momentColumns
        var binds = PostgresBindings()
        if let start {
            // A row value, compared created_at first then seq: the order the index holds.
            sql += "\nWHERE (moments.created_at, moments.seq) \(including ? "<=" : "<") ($1, $2)"
            binds.append(start.createdAt)
            binds.append(start.seq)
        }
        // LIMIT NULL is no limit.
        binds.append(limit)
        sql += "\nORDER BY moments.created_at DESC, moments.seq DESC LIMIT $\(start == nil ? 1 : 3)"
        return try await rows(of: PostgresQuery(unsafeSQL: sql, binds: binds), on: connection, logger: logger)
    }

    /// What the queries of moments select: the moment's columns and its author's name and avatar.
    private static let momentColumns = """
        SELECT moments.id, moments.user_id, moments.type, moments.title, moments.url, moments.created_at,
               users.name, users.avatar
        FROM moments JOIN users ON users.id = moments.user_id
        """

    /// The moments `query` (which selects `momentColumns`) reads.
    private static func rows(of query: PostgresQuery, on connection: PostgresConnection,
                             logger: Logger) async throws -> [PageMomentRow] {
        var rows: [PageMomentRow] = []
        for try await (id, authorID, type, title, url, createdAt, authorName, authorAvatar) in try await connection.query(
            query, logger: logger
        ).decode((String, String, String, String?, String?, Int64, String, String).self) {
            let moment = MomentRecord(id: id, userID: authorID, type: MomentType(rawValue: type) ?? .url, title: title,
                                      url: url, createdAt: createdAt)
            rows.append(PageMomentRow(moment: moment, authorName: authorName, authorAvatar: authorAvatar))
        }
        return rows
    }
}
