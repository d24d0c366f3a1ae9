import Foundations

/// What a like changes of a moment, as the like mutation answers it.
public struct MomentLikes: Decodable, Sendable, Equatable {
    public var id: String
    public var isLiked: Bool?
    public var likes: [MomentsDetails.LikedUserDetails]?
}

/// Likes or unlikes a moment on the BFF, as in the seed.
public protocol UpdateMomentLikeSessionType: Sendable {
    /// Changes `userID`'s like of `momentID` and answers the likes of the moments the BFF sent
    /// back: that moment alone when the BFF starts a page at a moment (`first: 1, from:`), the one
    /// after `previous` when it pages (`first: 1, after:`), every moment when it does not.
    func updateLike(_ isLiked: Bool, momentID: String, fromUserID userID: String, previous: String?)
        async throws(APISessionError) -> [MomentLikes]
}

/// Sends `updateMomentLike` with the smallest selection: the IDs and likes of the moments answered.
public struct UpdateMomentLikeSession: UpdateMomentLikeSessionType {
    struct Variables: Encodable, Sendable {
        let momentID: String
        let userID: String
        let isLiked: Bool
        var first: Int?
        var after: String?
        var from: String?
    }

    struct Payload: Decodable {
        struct Answer: Decodable {
            let moments: [MomentLikes]
        }

        let updateMomentLike: Answer
    }

    private static let arguments = ["momentID: ID!", "userID: ID!", "isLiked: Boolean!"]
    private static func document(_ optional: BFFPagination.Arguments) -> String {
        MomentsDetailsFields.document("mutation updateMomentLike", field: "updateMomentLike", arguments: arguments,
                                      optional: optional, selection: MomentsDetailsFields.likeSelection)
    }

    static let fromMomentQuery = document(.pagingFromMoment)
    static let query = document(.paging)
    static let unpaginatedQuery = document(.none)

    private let apiSession: APISession
    private let pagination: BFFPagination

    public init(apiSession: APISession, pagination: BFFPagination) {
        self.apiSession = apiSession
        self.pagination = pagination
    }

    public func updateLike(_ isLiked: Bool, momentID: String, fromUserID userID: String, previous: String?)
        async throws(APISessionError) -> [MomentLikes] {
        try await pagination.send { arguments async throws(APISessionError) in
            var variables = Variables(momentID: momentID, userID: userID, isLiked: isLiked)
            let document: String
            switch arguments {
            case .pagingFromMoment:
                (document, variables.first, variables.from) = (Self.fromMomentQuery, 1, momentID)
            case .paging:
                (document, variables.first, variables.after) = (Self.query, 1, previous)
            case .none:
                document = Self.unpaginatedQuery
            }
            return try await apiSession.post(query: document, variables: variables, operationName: "updateMomentLike",
                                             as: Payload.self).updateMomentLike.moments
        }
    }
}
