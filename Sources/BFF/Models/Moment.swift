/// One post in the timeline, as seen by a given user (`isLiked` is theirs).
struct Moment: Sendable {
    var id: Identifier
    var userDetails: MomentUserDetails
    var type: MomentType
    var title: String?
    var url: String?
    var photos: [String]
    /// Seconds since 1970, as a string: the schema's contract.
    var createdDate: String
    var isLiked: Bool?
    /// Who liked the moment, most recent like first.
    var likes: [LikedUserDetails]?
}

/// Whether a moment shows a link or photos.
enum MomentType: String, Codable, Sendable, CaseIterable {
    case url = "URL"
    case photos = "PHOTOS"
}

/// The author of a moment, as the timeline row shows them.
struct MomentUserDetails: Sendable {
    var name: String
    var avatar: String
}

/// A user who liked a moment, as the likes row shows them.
struct LikedUserDetails: Sendable {
    var id: Identifier
    var avatar: String
}
