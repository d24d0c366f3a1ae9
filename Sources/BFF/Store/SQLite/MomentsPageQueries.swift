import Foundation
import GRDB

/// The SQL that reads one page of the timeline.
///
/// Each statement costs what the page holds, not what the database holds: the moments walk the
/// `createdAt` index from where the page starts (a keyset, never an `OFFSET`), and photos and likes
/// are looked up through their primary keys for the page's moments only. `PageQueryPlanTests`
/// holds SQLite's query plans to that.
enum MomentsPageQueries {
    /// Where a moment sits in the timeline's order: the key a page starts after.
    struct Position: Codable, FetchableRecord, Sendable {
        var createdAt: Int64
        var rowID: Int64
    }

    /// The position of `momentID`; no row when there is no such moment.
    static func position(ofMomentID momentID: String) -> SQLRequest<Position> {
        SQLRequest(sql: "SELECT createdAt, rowid AS rowID FROM moments WHERE id = ?", arguments: [momentID],
                   cached: true)
    }

    /// The moments with their authors' name and avatar, newest first, strictly after `start` (or
    /// from it, `start` included, when `including`; from the newest when nil), at most `limit` of
    /// them (all when nil).
    static func moments(after start: Position?, including: Bool = false, limit: Int?) -> SQLRequest<Row> {
        // CROSS JOIN keeps `moments` the outer loop whatever statistics SQLite gathers, so that it
        // walks the createdAt index in the ORDER BY's order and stops at the LIMIT.
        var sql = """
            SELECT moments.*, users.name AS authorName, users.avatar AS authorAvatar
            FROM moments CROSS JOIN users ON users.id = moments.userID
            """
        var arguments: StatementArguments = []
        if let start {
            // A row value, compared createdAt first then rowid: the timeline's order, which the
            // createdAt index holds as it is (every index ends with the rowid).
            sql += "\nWHERE (moments.createdAt, moments.rowid) \(including ? "<=" : "<") (?, ?)"
            arguments += [start.createdAt, start.rowID]
        }
        sql += "\nORDER BY moments.createdAt DESC, moments.rowid DESC LIMIT ?"
        // A negative LIMIT is no limit to SQLite.
        arguments += [limit ?? -1]
        return SQLRequest(sql: sql, arguments: arguments, cached: true)
    }

    /// The moments `momentIDs` with their authors' name and avatar, in no order: the moments a
    /// batch of likes changed, each looked up by its primary key.
    static func moments(withIDs momentIDs: [String]) throws -> SQLRequest<Row> {
        SQLRequest(sql: """
            SELECT moments.*, users.name AS authorName, users.avatar AS authorAvatar
            FROM moments CROSS JOIN users ON users.id = moments.userID
            WHERE moments.id IN (SELECT value FROM json_each(?))
            """, arguments: [try jsonArray(momentIDs)], cached: true)
    }

    /// The photos of the moments `momentIDs`, each moment's in their order.
    static func photos(ofMomentIDs momentIDs: [String]) throws -> SQLRequest<Row> {
        SQLRequest(sql: """
            SELECT momentID, url FROM photos
            WHERE momentID IN (SELECT value FROM json_each(?))
            ORDER BY momentID, position
            """, arguments: [try jsonArray(momentIDs)], cached: true)
    }

    /// The likes of the moments `momentIDs` with the likers' avatars, the most recent first.
    static func likes(ofMomentIDs momentIDs: [String]) throws -> SQLRequest<Row> {
        // CROSS JOIN, as above: the likes of the page first, then their users by primary key.
        SQLRequest(sql: """
            SELECT likes.momentID, likes.userID, users.avatar
            FROM likes CROSS JOIN users ON users.id = likes.userID
            WHERE likes.momentID IN (SELECT value FROM json_each(?))
            ORDER BY likes.likedAt DESC, likes.userID
            """, arguments: [try jsonArray(momentIDs)], cached: true)
    }

    /// The IDs as one JSON array argument: one statement for any number of IDs, where
    /// `IN (?, ?, …)` would be a new statement for each count and would run into SQLite's cap on
    /// arguments when the page is the whole timeline.
    private static func jsonArray(_ ids: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)
    }
}
