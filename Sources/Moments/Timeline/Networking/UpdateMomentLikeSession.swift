import Foundations

/// Likes or unlikes a moment on the BFF, as in the seed.
public protocol UpdateMomentLikeSessionType: Sendable {
    func updateLike(_ isLiked: Bool, momentID: String, fromUserID userID: String) async throws(APISessionError) -> MomentsDetails
}

/// Sends `updateMomentLike`; the answer is the user's whole timeline after the change.
public struct UpdateMomentLikeSession: UpdateMomentLikeSessionType {
    struct Variables: Encodable, Sendable {
        let momentID: String
        let userID: String
        let isLiked: Bool
        let withLikes: Bool
    }

    struct Payload: Decodable {
        let updateMomentLike: MomentsDetails
    }

    static let query = """
        mutation updateMomentLike($momentID: ID!, $userID: ID!, $isLiked: Boolean!, $withLikes: Boolean!) {
          updateMomentLike(momentID: $momentID, userID: $userID, isLiked: $isLiked) {
        \(MomentsDetailsFields.selection)
          }
        }
        """

    private let apiSession: APISession

    public init(apiSession: APISession) {
        self.apiSession = apiSession
    }

    public func updateLike(_ isLiked: Bool, momentID: String, fromUserID userID: String) async throws(APISessionError) -> MomentsDetails {
        let variables = Variables(momentID: momentID, userID: userID, isLiked: isLiked, withLikes: true)
        return try await apiSession.post(
            query: Self.query, variables: variables, operationName: "updateMomentLike", as: Payload.self
        ).updateMomentLike
    }
}
