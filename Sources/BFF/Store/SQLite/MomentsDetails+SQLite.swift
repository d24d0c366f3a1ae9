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
        if let momentID = page.startMomentID {
            start = try MomentsPageQueries.position(ofMomentID: momentID).fetchOne(db)
            if start == nil, let unknownStart = page.unknownStart { throw unknownStart }
        }
        let rows = try MomentsPageQueries.moments(after: start, including: page.fromMomentID != nil, limit: page.first)
            .fetchAll(db)
        let moments = try rows.map { row in
            PageMomentRow(moment: try MomentRecord(row: row), authorName: row["authorName"],
                          authorAvatar: row["authorAvatar"])
        }
        let momentIDs = moments.map(\.moment.id)
        guard !momentIDs.isEmpty else { return MomentsDetails(user: user, moments: [], photos: [], likes: []) }
        let photos = try MomentsPageQueries.photos(ofMomentIDs: momentIDs).fetchAll(db).map { row in
            PhotoRecord(momentID: row["momentID"], position: 0, url: row["url"])
        }
        let likes = try MomentsPageQueries.likes(ofMomentIDs: momentIDs).fetchAll(db).map { row in
            PageLikeRow(momentID: row["momentID"], userID: row["userID"], avatar: row["avatar"])
        }
        return MomentsDetails(user: user, moments: moments, photos: photos, likes: likes)
    }
}
