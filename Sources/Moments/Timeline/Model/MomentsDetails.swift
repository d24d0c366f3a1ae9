/// The timeline as the BFF answers it (DESIGN.md, "BFF schema"). Decodes any BFF that follows
/// the schema: `isLiked` and `likes` are absent unless asked for, `title` and `url` optional.
public struct MomentsDetails: Codable, Sendable, Equatable {
    public var userDetails: UserDetails
    public var moments: [Moment]

    public struct UserDetails: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var avatar: String
        public var backgroundImage: String
    }

    public struct Moment: Codable, Sendable, Equatable {
        public var id: String
        public var userDetails: MomentUserDetails
        public var type: MomentType
        public var title: String?
        public var url: String?
        public var photos: [String]
        /// Seconds since 1970, as a string.
        public var createdDate: String
        public var isLiked: Bool?
        public var likes: [LikedUserDetails]?
    }

    public struct MomentUserDetails: Codable, Sendable, Equatable {
        public var name: String
        public var avatar: String
    }

    public struct LikedUserDetails: Codable, Sendable, Equatable {
        public var id: String
        public var avatar: String
    }

    public enum MomentType: String, Codable, Sendable {
        case url = "URL"
        case photos = "PHOTOS"
    }
}

extension [MomentsDetails.LikedUserDetails] {
    /// These likes after `userID` liked (as `liker`, first: the BFF lists the newest like first)
    /// or unliked. A like by a user already listed, or whose avatar is not known, leaves them.
    func changed(byLikeOf userID: String, isLiked: Bool, liker: MomentsDetails.LikedUserDetails?) -> Self {
        guard isLiked else { return filter { $0.id != userID } }
        guard let liker, !contains(where: { $0.id == userID }) else { return self }
        return [liker] + self
    }
}
