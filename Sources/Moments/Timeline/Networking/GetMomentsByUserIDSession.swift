import Foundations

/// Reads a user's timeline from the BFF, as in the seed.
public protocol GetMomentsByUserIDSessionType: Sendable {
    func getMoments(userID: String) async throws(APISessionError) -> MomentsDetails
}

/// Sends `getMomentsDetailsByUserID`, asking for likes only while the like toggle is on
/// (read at request time, so a flipped toggle takes effect on the next page).
public struct GetMomentsByUserIDSession: GetMomentsByUserIDSessionType {
    struct Variables: Encodable, Sendable {
        let userID: String
        let withLikes: Bool
    }

    struct Payload: Decodable {
        let getMomentsDetailsByUserID: MomentsDetails
    }

    /// The document sent, for tools that replay it against a BFF (`moments bff bench`).
    public static let query = """
        query getMomentsDetailsByUserID($userID: ID!, $withLikes: Boolean!) {
          getMomentsDetailsByUserID(userID: $userID) {
        \(MomentsDetailsFields.selection)
          }
        }
        """

    private let apiSession: APISession
    private let togglesDataStore: any TogglesDataStoreType

    public init(apiSession: APISession, togglesDataStore: any TogglesDataStoreType) {
        self.apiSession = apiSession
        self.togglesDataStore = togglesDataStore
    }

    public func getMoments(userID: String) async throws(APISessionError) -> MomentsDetails {
        let variables = Variables(
            userID: userID,
            withLikes: togglesDataStore.isToggleOn(InternalToggle.isLikeButtonForMomentEnabled)
        )
        return try await apiSession.post(
            query: Self.query, variables: variables, operationName: "getMomentsDetailsByUserID", as: Payload.self
        ).getMomentsDetailsByUserID
    }
}
