import Foundations

/// What a like changes of a moment, as the like mutation answers it: `likes` is `nil` when the
/// document did not ask for them (likes in a batch answer `isLiked` alone), or when they failed
/// in a partial answer (`fieldErrors` says so).
public struct MomentLikes: Decodable, Sendable, Equatable, FieldErrorsCarrying {
    public var id: String
    public var isLiked: Bool?
    public var likes: [MomentsDetails.LikedUserDetails]?
    public var fieldErrors: [MomentsDetails.FieldError]?
}

/// Likes or unlikes a moment on the BFF, as in the seed.
public protocol UpdateMomentLikeSessionType: Sendable {
    /// Changes `userID`'s like of `momentID` and answers the likes of the moments the BFF sent
    /// back: that moment alone when the BFF starts a page at a moment (`first: 1, from:`), the one
    /// after `previous` when it pages (`first: 1, after:`), every moment when it does not.
    func updateLike(_ isLiked: Bool, momentID: String, fromUserID userID: String, previous: String?)
        async throws(APISessionError) -> [MomentLikes]
    /// Changes `userID`'s like of `momentID` and answers the moments the BFF sent back with the
    /// timeline's selection (that whole moment after the change), in one call, for a moment not
    /// read before, when the BFF's schema offers likes in batches or pages `from` a moment; `nil`
    /// when it offers neither, and nothing was sent.
    func updateLikeReadingMoment(_ isLiked: Bool, momentID: String, fromUserID userID: String)
        async throws(APISessionError) -> [MomentsDetails.Moment]?
    /// Returns once every like sent is answered: at shutdown, after the requests.
    func drained() async
}

extension UpdateMomentLikeSessionType {
    /// A session that cannot start a page at a moment: the moment is read, then liked.
    public func updateLikeReadingMoment(_: Bool, momentID _: String, fromUserID _: String)
        async throws(APISessionError) -> [MomentsDetails.Moment]? {
        nil
    }

    /// A session that sends each like in its caller's task holds none of its own.
    public func drained() async {}
}

/// Sends `updateMomentLike` with the smallest selection: the IDs and likes of the moments answered;
/// likes that arrive together in one `updateMomentLikes` document when the BFF's schema offers it,
/// answered with each moment's `isLiked` alone (the likers are the ones held, changed by the like).
public struct UpdateMomentLikeSession: UpdateMomentLikeSessionType {
    struct Variables: Encodable, Sendable {
        let momentID: String
        let userID: String
        let isLiked: Bool
        var first: Int?
        var after: String?
        var from: String?
        /// Only for the document with the timeline's selection.
        var withLikes: Bool?
    }

    struct Payload: Decodable {
        struct Answer: Decodable {
            let moments: [MomentLikes]
        }

        let updateMomentLike: Answer
    }

    struct MomentPayload: Decodable {
        let updateMomentLike: MomentsDetails
    }

    struct BatchVariables: Encodable, Sendable {
        let changes: [MomentLikeChange]
    }

    struct BatchPayload<Answer: Decodable>: Decodable {
        let updateMomentLikes: [Answer]
    }

    /// Many likes in one document, answered with each moment's `isLiked`: a liker's avatar costs
    /// the BFF three GraphQL fields, and the dashboard holds the likers already. The operation
    /// keeps the like's name, so faults and the network inspector treat it as the likes it carries.
    static let batchQuery = """
        mutation updateMomentLike($changes: [MomentLikeChange!]!) {
          updateMomentLikes(changes: $changes) { id isLiked }
        }
        """

    /// Likes in one document, each answered with its whole moment as the timeline shows it: the
    /// likes of moments not read before.
    static let readingBatchQuery = """
        mutation updateMomentLike($changes: [MomentLikeChange!]!) {
          updateMomentLikes(changes: $changes) {
            \(MomentsDetailsFields.momentFields) \(MomentsDetailsFields.likeFields)
          }
        }
        """

    private static let arguments = ["momentID: ID!", "userID: ID!", "isLiked: Boolean!"]
    private static func document(_ optional: BFFPagination.Arguments) -> String {
        MomentsDetailsFields.document("mutation updateMomentLike", field: "updateMomentLike", arguments: arguments,
                                      optional: optional, selection: MomentsDetailsFields.likeSelection)
    }

    static let fromMomentQuery = document(.pagingFromMoment)
    /// The like that answers the whole moment, as the timeline shows it.
    static let readingMomentQuery = MomentsDetailsFields.document("mutation updateMomentLike", field: "updateMomentLike",
                                                                  arguments: arguments, optional: .pagingFromMoment)
    static let query = document(.paging)
    static let unpaginatedQuery = document(.none)

    private let apiSession: APISession
    private let pagination: BFFPagination
    private let batcher: LikeBatcher<MomentLikes>
    private let readingBatcher: LikeBatcher<MomentsDetails.Moment>

    public init(apiSession: APISession, pagination: BFFPagination) {
        self.apiSession = apiSession
        self.pagination = pagination
        batcher = LikeBatcher { changes async throws(APISessionError) in
            try await apiSession.post(query: Self.batchQuery, variables: BatchVariables(changes: changes),
                                      operationName: "updateMomentLike", as: BatchPayload<MomentLikes>.self).moments()
        }
        readingBatcher = LikeBatcher { changes async throws(APISessionError) in
            try await apiSession.post(query: Self.readingBatchQuery, variables: BatchVariables(changes: changes),
                                      operationName: "updateMomentLike", as: BatchPayload<MomentsDetails.Moment>.self).moments()
        }
    }

    public func drained() async {
        await batcher.drained()
        await readingBatcher.drained()
    }

    public func updateLike(_ isLiked: Bool, momentID: String, fromUserID userID: String, previous: String?)
        async throws(APISessionError) -> [MomentLikes] {
        if await pagination.batchesLikes() {
            switch await batcher.send(MomentLikeChange(momentID: momentID, userID: userID, isLiked: isLiked)) {
            case .answered(let likes): return likes.map { [$0] } ?? []
            case .failed(let error): throw error
            case .refusedInBatch: break // sent alone below, to learn this like's own outcome
            }
        }
        return try await pagination.send { arguments async throws(APISessionError) in
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
                                             as: Payload.self).moments()
        }
    }

    public func updateLikeReadingMoment(_ isLiked: Bool, momentID: String, fromUserID userID: String)
        async throws(APISessionError) -> [MomentsDetails.Moment]? {
        if await pagination.batchesLikes() {
            switch await readingBatcher.send(MomentLikeChange(momentID: momentID, userID: userID, isLiked: isLiked)) {
            case .answered(let moment): return moment.map { [$0] } ?? []
            case .failed(let error): throw error
            case .refusedInBatch: break // sent alone below, to learn this like's own outcome
            }
        }
        guard await pagination.startsAtMoment() else { return nil }
        // A like is sent only while the like feature is on: the moment comes with its likes.
        let variables = Variables(momentID: momentID, userID: userID, isLiked: isLiked, first: 1, from: momentID, withLikes: true)
        return try await apiSession.post(query: Self.readingMomentQuery, variables: variables, operationName: "updateMomentLike",
                                         as: MomentPayload.self).moments()
    }
}

// A like whose own field came back is a like, whatever else failed: the moments answered, each
// with the field errors that name it (its likes, when they failed after the like was made).
extension GraphQLAnswer<UpdateMomentLikeSession.Payload> {
    func moments() -> [MomentLikes] {
        var moments = data.updateMomentLike.moments
        moments.mark(errors, at: [.field("updateMomentLike"), .field("moments")])
        return moments
    }
}

extension GraphQLAnswer<UpdateMomentLikeSession.MomentPayload> {
    func moments() -> [MomentsDetails.Moment] {
        data.updateMomentLike.marking(errors, root: "updateMomentLike").moments
    }
}

extension GraphQLAnswer {
    /// The moments of a batch of likes, each with the field errors that name it.
    func moments<Answer: FieldErrorsCarrying>() -> [Answer] where Payload == UpdateMomentLikeSession.BatchPayload<Answer> {
        var moments = data.updateMomentLikes
        moments.mark(errors, at: [.field("updateMomentLikes")])
        return moments
    }
}
