import Foundations

/// Likes or unlikes a moment on the BFF, as in the seed.
public protocol UpdateMomentLikeSessionType: Sendable {
    /// Changes the like and answers at most `first` moments after the moment `after` as they
    /// are after the change.
    func updateLike(_ isLiked: Bool, momentID: String, fromUserID userID: String, first: Int, after: String?)
        async throws(APISessionError) -> MomentsDetails
}

/// Sends `updateMomentLike`; the answer is the page of the user's timeline asked for.
public struct UpdateMomentLikeSession: UpdateMomentLikeSessionType {
    struct Variables: Encodable, Sendable {
        let momentID: String
        let userID: String
        let isLiked: Bool
        let withLikes: Bool
        let first: Int?
        let after: String?
    }

    struct Payload: Decodable {
        let updateMomentLike: MomentsDetails
    }

    private static let arguments = ["momentID: ID!", "userID: ID!", "isLiked: Boolean!"]
    static let query = MomentsDetailsFields.document(
        "mutation updateMomentLike", field: "updateMomentLike", arguments: arguments, paginated: true
    )
    static let unpaginatedQuery = MomentsDetailsFields.document(
        "mutation updateMomentLike", field: "updateMomentLike", arguments: arguments, paginated: false
    )

    private let apiSession: APISession
    private let pagination: BFFPagination

    public init(apiSession: APISession, pagination: BFFPagination) {
        self.apiSession = apiSession
        self.pagination = pagination
    }

    public func updateLike(_ isLiked: Bool, momentID: String, fromUserID userID: String, first: Int, after: String?)
        async throws(APISessionError) -> MomentsDetails {
        try await pagination.send(first: first, after: after) { paginated async throws(APISessionError) in
            let variables = Variables(momentID: momentID, userID: userID, isLiked: isLiked, withLikes: true,
                                      first: paginated ? first : nil, after: paginated ? after : nil)
            return try await apiSession.post(
                query: paginated ? Self.query : Self.unpaginatedQuery, variables: variables,
                operationName: "updateMomentLike", as: Payload.self
            ).updateMomentLike
        }
    }
}
