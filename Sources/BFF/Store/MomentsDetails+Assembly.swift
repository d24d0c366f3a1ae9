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
                let record = row.moment
                let likers = likes[record.id, default: []]
                return Moment(
                    id: Identifier(record.id),
                    userDetails: MomentUserDetails(name: row.authorName, avatar: row.authorAvatar),
                    type: record.type,
                    title: record.title,
                    url: record.url,
                    photos: photos[record.id, default: []].map(\.url),
                    createdDate: String(record.createdAt),
                    isLiked: likers.contains { $0.userID == user.id },
                    likes: likers.map { LikedUserDetails(id: Identifier($0.userID), avatar: $0.avatar) }
                )
            }
        )
    }
}
