import Foundations

/// Reads a user's timeline from the BFF, as in the seed, a page at a time.
public protocol GetMomentsByUserIDSessionType: Sendable {
    /// At most `first` moments (every one when `nil`) after the moment `after` (from the newest
    /// when `nil`); `nil` when the page was cut out of the whole timeline here (a BFF that does
    /// not page) and `after` names none of its moments. A BFF that pages says so itself, with
    /// `UNKNOWN_MOMENT`.
    func getMoments(userID: String, first: Int?, after: String?) async throws(APISessionError) -> MomentsDetails?
    /// The moment `momentID` alone, read by its ID at the cost of an index lookup (`first: 1,
    /// from:`), when the BFF's schema offers `from`; `nil` when it does not, and nothing was sent.
    func getMoment(userID: String, momentID: String) async throws(APISessionError) -> MomentsDetails?
}

/// Sends `getMomentsDetailsByUserID`, asking for likes only while the like toggle is on
/// (read at request time, so a flipped toggle takes effect on the next page).
public struct GetMomentsByUserIDSession: GetMomentsByUserIDSessionType {
    struct Variables: Encodable, Sendable {
        let userID: String
        let withLikes: Bool
        let first: Int?
        let after: String?
        var from: String?
    }

    struct Payload: Decodable {
        let getMomentsDetailsByUserID: MomentsDetails
    }

    private static let operation = "query getMomentsDetailsByUserID"
    private static let field = "getMomentsDetailsByUserID"
    /// The document sent, for tools that replay it against a BFF (`moments bff bench`).
    public static let query = MomentsDetailsFields.document(operation, field: field, arguments: ["userID: ID!"], optional: .paging)
    /// With `from`, for BFFs whose schema shows it.
    static let fromMomentQuery = MomentsDetailsFields.document(operation, field: field, arguments: ["userID: ID!"],
                                                               optional: .pagingFromMoment)
    /// The same without the optional arguments, for BFFs that do not take them.
    static let unpaginatedQuery = MomentsDetailsFields.document(operation, field: field, arguments: ["userID: ID!"], optional: .none)

    private let apiSession: APISession
    private let togglesDataStore: any TogglesDataStoreType
    private let pagination: BFFPagination

    public init(apiSession: APISession, togglesDataStore: any TogglesDataStoreType, pagination: BFFPagination) {
        self.apiSession = apiSession
        self.togglesDataStore = togglesDataStore
        self.pagination = pagination
    }

    public func getMoments(userID: String, first: Int?, after: String?) async throws(APISessionError) -> MomentsDetails? {
        let withLikes = togglesDataStore.isToggleOn(InternalToggle.isLikeButtonForMomentEnabled)
        return try await pagination.send { arguments async throws(APISessionError) in
            guard arguments == .none else {
                return try await post(Self.query, Variables(userID: userID, withLikes: withLikes, first: first, after: after))
            }
            let whole = try await post(Self.unpaginatedQuery, Variables(userID: userID, withLikes: withLikes, first: nil, after: nil))
            return whole.slice(after: after, first: first)
        }
    }

    public func getMoment(userID: String, momentID: String) async throws(APISessionError) -> MomentsDetails? {
        guard await pagination.startsAtMoment() else { return nil }
        let withLikes = togglesDataStore.isToggleOn(InternalToggle.isLikeButtonForMomentEnabled)
        return try await post(Self.fromMomentQuery, Variables(userID: userID, withLikes: withLikes, first: 1, after: nil, from: momentID))
    }

    /// The details answered, a partial answer's field errors put on the moments they name.
    private func post(_ document: String, _ variables: Variables) async throws(APISessionError) -> MomentsDetails {
        let answer = try await apiSession.post(query: document, variables: variables, operationName: "getMomentsDetailsByUserID",
                                               as: Payload.self)
        return answer.data.getMomentsDetailsByUserID.marking(answer.errors, root: Self.field)
    }
}
