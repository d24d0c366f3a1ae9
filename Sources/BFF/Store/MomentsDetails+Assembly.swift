/// A moment of a page as a store reads it, with its author's name and avatar.
struct PageMomentRow: Sendable {
    var moment: MomentRecord
    var authorName: String
    var authorAvatar: String
}

/// A like of a page's moment, with the liker's avatar.
struct PageLikeRow: Sendable {
    var momentID: String
    var userID: String
    var avatar: String
}

extension MomentsDetails {
    /// The answer for `user` from what a store read of a page: its moments in timeline order,
    /// their photos in each moment's order and their likes most recent first; `isLiked` is the
    /// user's.
    init(user: UserRecord, moments: [PageMomentRow], photos: [PhotoRecord], likes: [PageLikeRow]) {
        let photos = Dictionary(grouping: photos, by: \.momentID)
        let likes = Dictionary(grouping: likes, by: \.momentID)
        self.init(
            userDetails: UserDetails(id: Identifier(user.id), name: user.name, avatar: user.avatar,
                                     backgroundImage: user.backgroundImage),
            moments: moments.map { row in
                Moment(row, photos: photos[row.moment.id, default: []], likes: likes[row.moment.id, default: []],
                       seenBy: user.id)
            }
        )
    }
}

extension Moment {
    /// The answer for the moment of `row` with its `photos` in order and its `likes` most recent
    /// first, as `viewerID` sees it (`isLiked` is theirs).
    init(_ row: PageMomentRow, photos: [PhotoRecord], likes: [PageLikeRow], seenBy viewerID: String) {
        let record = row.moment
        self.init(
            id: Identifier(record.id),
            userDetails: MomentUserDetails(name: row.authorName, avatar: row.authorAvatar),
            type: record.type,
            title: record.title,
            url: record.url,
            photos: photos.map(\.url),
            createdDate: String(record.createdAt),
            isLiked: likes.contains { $0.userID == viewerID },
            likes: likes.map { LikedUserDetails(id: Identifier($0.userID), avatar: $0.avatar) }
        )
    }

    /// The answers of a batch of like changes: for each of `outcomes` in order, the moment its
    /// change names as the change's user sees it, from the changed moments read once (`moments`,
    /// with their `photos` and `likes`), or the change's error.
    static func answers(to outcomes: [(change: LikeChange, error: MomentsStoreError?)], moments: [PageMomentRow],
                        photos: [PhotoRecord], likes: [PageLikeRow]) -> [Result<Moment, MomentsStoreError>] {
        let moments = Dictionary(moments.map { ($0.moment.id, $0) }, uniquingKeysWith: { first, _ in first })
        let photos = Dictionary(grouping: photos, by: \.momentID)
        let likes = Dictionary(grouping: likes, by: \.momentID)
        return outcomes.map { change, error in
            if let error { return .failure(error) }
            // A moment changed in this transaction is there to read; deleted since, it is unknown.
            guard let row = moments[change.momentID] else { return .failure(.unknownMoment(change.momentID)) }
            return .success(Moment(row, photos: photos[change.momentID, default: []],
                                   likes: likes[change.momentID, default: []], seenBy: change.userID))
        }
    }
}
