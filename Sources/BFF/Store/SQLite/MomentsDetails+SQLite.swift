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
        let moments = try rows.map(PageMomentRow.init(row:))
        let momentIDs = moments.map(\.moment.id)
        guard !momentIDs.isEmpty else { return MomentsDetails(user: user, moments: [], photos: [], likes: []) }
        let (photos, likes) = try photosAndLikes(ofMomentIDs: momentIDs, in: db)
        return MomentsDetails(user: user, moments: moments, photos: photos, likes: likes)
    }

    /// The photos of the moments `momentIDs`, each moment's in order, and their likes with the
    /// likers' avatars, most recent first: two queries for any number of moments.
    static func photosAndLikes(ofMomentIDs momentIDs: [String], in db: Database) throws
        -> (photos: [PhotoRecord], likes: [PageLikeRow]) {
        let photos = try MomentsPageQueries.photos(ofMomentIDs: momentIDs).fetchAll(db).map { row in
            PhotoRecord(momentID: row["momentID"], position: 0, url: row["url"])
        }
        let likes = try MomentsPageQueries.likes(ofMomentIDs: momentIDs).fetchAll(db).map { row in
            PageLikeRow(momentID: row["momentID"], userID: row["userID"], avatar: row["avatar"])
        }
        return (photos, likes)
    }
}

extension PageMomentRow {
    /// A row of `MomentsPageQueries.moments`: the moment's columns and its author's.
    init(row: Row) throws {
        self.init(moment: try MomentRecord(row: row), authorName: row["authorName"], authorAvatar: row["authorAvatar"])
    }
}
