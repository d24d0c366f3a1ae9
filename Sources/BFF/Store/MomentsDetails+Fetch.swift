import GRDB

extension MomentsDetails {
    /// Reads `userID`'s profile and every moment, newest first, in four queries whatever the
    /// number of moments: the user, the moments with their authors, all photos, all likes.
    static func fetch(forUserID userID: String, in db: Database) throws -> MomentsDetails {
        guard let user = try UserRecord.fetchOne(db, key: userID) else {
            throw MomentsStoreError.unknownUser(userID)
        }
        let photos = Dictionary(grouping: try PhotoRecord.order(Column("momentID"), Column("position")).fetchAll(db),
                                by: \.momentID)
        let likes = Dictionary(grouping: try Row.fetchAll(db, sql: """
            SELECT likes.momentID, likes.userID, users.avatar
            FROM likes JOIN users ON users.id = likes.userID
            ORDER BY likes.likedAt DESC, likes.userID
            """), by: { $0["momentID"] as String })
        let rows = try Row.fetchAll(db, sql: """
            SELECT moments.*, users.name AS authorName, users.avatar AS authorAvatar
            FROM moments JOIN users ON users.id = moments.userID
            ORDER BY moments.createdAt DESC, moments.rowid DESC
            """)
        let moments = try rows.map { row in
            let record = try MomentRecord(row: row)
            let likers = likes[record.id, default: []]
            return Moment(
                id: Identifier(record.id),
                userDetails: MomentUserDetails(name: row["authorName"], avatar: row["authorAvatar"]),
                type: record.type,
                title: record.title,
                url: record.url,
                photos: photos[record.id, default: []].map(\.url),
                createdDate: String(record.createdAt),
                isLiked: likers.contains { $0["userID"] == userID },
                likes: likers.map { LikedUserDetails(id: Identifier($0["userID"]), avatar: $0["avatar"]) }
            )
        }
        let userDetails = UserDetails(id: Identifier(user.id), name: user.name, avatar: user.avatar,
                                      backgroundImage: user.backgroundImage)
        return MomentsDetails(userDetails: userDetails, moments: moments)
    }
}
