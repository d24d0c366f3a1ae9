import GRDB

extension MomentsDetails {
    /// Reads `userID`'s profile and the moments of `page`, newest first, with `isLiked` relative to
    /// them. Five queries at most whatever the number of moments: the user, where the page starts,
    /// the page's moments with their authors, and the photos and likes of those moments only.
    static func fetch(forUserID userID: String, page: MomentsPage = .all, in db: Database) throws -> MomentsDetails {
        guard let user = try UserRecord.fetchOne(db, key: userID) else {
            throw MomentsStoreError.unknownUser(userID)
        }
        var start: MomentsPageQueries.Position?
        if let momentID = page.afterMomentID {
            start = try MomentsPageQueries.position(ofMomentID: momentID).fetchOne(db)
            guard start != nil else { throw MomentsStoreError.unknownPageStart(momentID) }
        } else if let momentID = page.fromMomentID {
            // The moment asked for itself: unknown is UNKNOWN_MOMENT, as for a like.
            start = try MomentsPageQueries.position(ofMomentID: momentID).fetchOne(db)
            guard start != nil else { throw MomentsStoreError.unknownMoment(momentID) }
        }
        let rows = try MomentsPageQueries.moments(after: start, including: page.fromMomentID != nil, limit: page.first).fetchAll(db)
        let momentIDs = rows.map { $0["id"] as String }
        var photos: [String: [Row]] = [:]
        var likes: [String: [Row]] = [:]
        if !momentIDs.isEmpty {
            photos = Dictionary(grouping: try MomentsPageQueries.photos(ofMomentIDs: momentIDs).fetchAll(db),
                                by: { $0["momentID"] as String })
            likes = Dictionary(grouping: try MomentsPageQueries.likes(ofMomentIDs: momentIDs).fetchAll(db),
                               by: { $0["momentID"] as String })
        }
        let moments = try rows.map { row in
            let record = try MomentRecord(row: row)
            let likers = likes[record.id, default: []]
            return Moment(
                id: Identifier(record.id),
                userDetails: MomentUserDetails(name: row["authorName"], avatar: row["authorAvatar"]),
                type: record.type,
                title: record.title,
                url: record.url,
                photos: photos[record.id, default: []].map { $0["url"] },
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
