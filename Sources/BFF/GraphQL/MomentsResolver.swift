import CoreMetrics
import Graphiti
import Logging

/// The root fields of the BFF schema: one query, two mutations (a like, and likes in a batch) and
/// a subscription (the moments whose likes change), all answered by the store.
struct MomentsResolver: Sendable {
    let store: any MomentsStore
    let logger: Logger

    struct GetMomentsDetailsArguments: Codable, Sendable, PageArguments {
        let userID: Identifier
        let first: Int?
        let after: Identifier?
        let from: Identifier?
    }

    struct UpdateMomentLikeArguments: Codable, Sendable, PageArguments {
        let momentID: Identifier
        let userID: Identifier
        let isLiked: Bool
        let first: Int?
        let after: Identifier?
        let from: Identifier?
    }

    struct UpdateMomentLikesArguments: Codable, Sendable {
        let changes: [MomentLikeChange]
    }

    struct MomentLikesChangedArguments: Codable, Sendable {
        let userID: Identifier
    }

    func getMomentsDetailsByUserID(context _: NoContext, arguments: GetMomentsDetailsArguments) async throws
        -> MomentsDetails {
        try await logged("getMomentsDetailsByUserID") { () async throws(MomentsStoreError) in
            try await store.momentsDetails(forUserID: arguments.userID.rawValue, page: arguments.page())
        }
    }

    func updateMomentLike(context _: NoContext, arguments: UpdateMomentLikeArguments) async throws -> MomentsDetails {
        try await logged("updateMomentLike") { () async throws(MomentsStoreError) in
            // The page is checked before the write, so that a bad `first` changes nothing.
            let page = try arguments.page()
            let details = try await store.updateLike(momentID: arguments.momentID.rawValue, userID: arguments.userID.rawValue,
                                                     isLiked: arguments.isLiked, page: page)
            await store.announceLikeChanges(of: [arguments.momentID.rawValue])
            return details
        }
    }

    /// Applies the changes in one go (the store reads the changed moments once, whatever their
    /// number) and answers each changed moment as its change's user sees it, in the order of
    /// `changes`. When a change fails, the field fails with the first failing change's error; the
    /// changes that did not fail are applied, and since a like is idempotent, a client may send
    /// them again one by one to learn which.
    func updateMomentLikes(context _: NoContext, arguments: UpdateMomentLikesArguments) async throws -> [Moment] {
        let changes = arguments.changes
        guard changes.count <= MomentLikeChange.maximumCount else { throw TooManyLikeChanges(count: changes.count) }
        return try await logged("updateMomentLikes") { () async throws(MomentsStoreError) in
            let answers = try await store.updateLikes(changes.map {
                LikeChange(momentID: $0.momentID.rawValue, userID: $0.userID.rawValue, isLiked: $0.isLiked)
            })
            let changed = answers.compactMap { try? $0.get().id.rawValue }
            await store.announceLikeChanges(of: Array(Set(changed)))
            return try answers.map { answer throws(MomentsStoreError) in try answer.get() }
        }
    }

    /// The moments whose likes change from now on, in this process or (on a shared database) any,
    /// each read as `userID` sees it when its event is answered. An unknown user is refused before
    /// the first event.
    func momentLikesChanged(context _: NoContext, arguments: MomentLikesChangedArguments) async throws
        -> AsyncMapSequence<AsyncStream<String>, MomentLikesChange> {
        // Subscribed before the user is checked: no like made once the subscription stands is missed.
        let changes = store.likeChanges.subscribe()
        try await logged("momentLikesChanged") { () async throws(MomentsStoreError) in
            _ = try await store.momentsDetails(forUserID: arguments.userID.rawValue,
                                               page: MomentsPage(first: 0, afterMomentID: nil))
        }
        return changes.map { [store] momentID in MomentLikesChange(momentID: momentID, store: store) }
    }

    /// Lets the store's errors through to `errors` (their description is the client's message),
    /// logging the database's ones whose details clients must not see, and counts the store's
    /// operations by outcome (`moments_bff_store_operations_total`: `ok` or the error's code).
    private func logged<T>(_ operation: String, _ body: () async throws(MomentsStoreError) -> T) async throws(MomentsStoreError) -> T {
        do {
            let answer = try await body()
            Counter(label: "moments_bff_store_operations_total", dimensions: [("operation", operation), ("outcome", "ok")]).increment()
            return answer
        } catch {
            Counter(label: "moments_bff_store_operations_total", dimensions: [("operation", operation), ("outcome", error.code)]).increment()
            if case .storage(let underlying) = error {
                logger.error("BFF database failed", metadata: ["error": "\(String(reflecting: underlying))"])
            }
            throw error
        }
    }
}

/// The optional `first`, `after` and `from` arguments of a root field that answers `MomentsDetails`.
protocol PageArguments {
    var first: Int? { get }
    var after: Identifier? { get }
    var from: Identifier? { get }
}

extension PageArguments {
    /// The page asked for; every moment when neither argument is given.
    func page() throws(MomentsStoreError) -> MomentsPage {
        try MomentsPage(first: first, afterMomentID: after?.rawValue, fromMomentID: from?.rawValue)
    }
}
