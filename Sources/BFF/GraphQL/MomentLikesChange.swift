import Graphiti

/// One event of the `momentLikesChanged` subscription: a moment whose likes changed, read as
/// the subscriber sees it when the event is answered (a like made meanwhile is in it).
struct MomentLikesChange: Sendable {
    let momentID: String
    let store: any MomentsStore

    /// The moment, with `isLiked` for the subscription's user and every like.
    func moment(context _: NoContext, arguments: MomentsResolver.MomentLikesChangedArguments) async throws -> Moment {
        let details = try await store.momentsDetails(forUserID: arguments.userID.rawValue,
                                                     page: MomentsPage(first: 1, afterMomentID: nil, fromMomentID: momentID))
        guard let moment = details.moments.first else { throw MomentsStoreError.unknownMoment(momentID) }
        return moment
    }
}
