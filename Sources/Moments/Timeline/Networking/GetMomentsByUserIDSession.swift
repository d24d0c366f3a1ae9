import Foundations

/// Reads a user's timeline from the BFF, as in the seed, a page at a time.
public protocol GetMomentsByUserIDSessionType: Sendable {
    /// At most `first` moments after the moment `after` (from the newest when `nil`).
    func getMoments(userID: String, first: Int, after: String?) async throws(APISessionError) -> MomentsDetails
}

/// Sends `getMomentsDetailsByUserID`, asking for likes only while the like toggle is on
/// (read at request time, so a flipped toggle takes effect on the next page).
public struct GetMomentsByUserIDSession: GetMomentsByUserIDSessionType {
    struct Variables: Encodable, Sendable {
        let userID: String
        let withLikes: Bool
        let first: Int?
        let after: String?
    }

    struct Payload: Decodable {
        let getMomentsDetailsByUserID: MomentsDetails
    }

    /// The document sent, for tools that replay it against a BFF (`moments bff bench`).
    public static let query = MomentsDetailsFields.document(
        "query getMomentsDetailsByUserID", field: "getMomentsDetailsByUserID", arguments: ["userID: ID!"], paginated: true
    )
    /// The same without the pagination arguments, for BFFs that do not take them.
    static let unpaginatedQuery = MomentsDetailsFields.document(
        "query getMomentsDetailsByUserID", field: "getMomentsDetailsByUserID", arguments: ["userID: ID!"], paginated: false
    )

    private let apiSession: APISession
    private let togglesDataStore: any TogglesDataStoreType
    private let pagination: BFFPagination

    public init(apiSession: APISession, togglesDataStore: any TogglesDataStoreType, pagination: BFFPagination) {
        self.apiSession = apiSession
        self.togglesDataStore = togglesDataStore
        self.pagination = pagination
    }

    public func getMoments(userID: String, first: Int, after: String?) async throws(APISessionError) -> MomentsDetails {
        let withLikes = togglesDataStore.isToggleOn(InternalToggle.isLikeButtonForMomentEnabled)
        return try await pagination.send(first: first, after: after) { paginated async throws(APISessionError) in
            let variables = Variables(userID: userID, withLikes: withLikes,
                                      first: paginated ? first : nil, after: paginated ? after : nil)
            return try await apiSession.post(
                query: paginated ? Self.query : Self.unpaginatedQuery, variables: variables,
                operationName: "getMomentsDetailsByUserID", as: Payload.self
            ).getMomentsDetailsByUserID
        }
    }
}
