import Graphiti
import Logging

/// The root fields of the BFF schema: one query and two mutations (a like, and likes in a batch),
/// all answered by the store.
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

    func getMomentsDetailsByUserID(context _: NoContext, arguments: GetMomentsDetailsArguments) async throws
        -> MomentsDetails {
        try await logged { () async throws(MomentsStoreError) in
            try await store.momentsDetails(forUserID: arguments.userID.rawValue, page: arguments.page())
        }
    }

    func updateMomentLike(context _: NoContext, arguments: UpdateMomentLikeArguments) async throws -> MomentsDetails {
        try await logged { () async throws(MomentsStoreError) in
            // The page is checked before the write, so that a bad `first` changes nothing.
            let page = try arguments.page()
            return try await store.updateLike(momentID: arguments.momentID.rawValue, userID: arguments.userID.rawValue,
                                              isLiked: arguments.isLiked, page: page)
        }
    }

    /// Applies every change at once, so the store writes them together (`CoalescingWriter`: one
    /// transaction for the batch, each change in its own savepoint), and answers each changed
    /// moment as its change's user sees it, in the order of `changes`. When a change fails, the
    /// field fails with the first failure's error; the changes that did not fail are applied,
    /// and since a like is idempotent, a client may send them again one by one to learn which.
    func updateMomentLikes(context _: NoContext, arguments: UpdateMomentLikesArguments) async throws -> [Moment] {
        let changes = arguments.changes
        guard changes.count <= MomentLikeChange.maximumCount else { throw TooManyLikeChanges(count: changes.count) }
        let store = store
        return try await logged { () async throws(MomentsStoreError) in
            do {
                return try await withThrowingTaskGroup(of: (Int, Moment).self) { group in
                    for (index, change) in changes.enumerated() {
                        group.addTask {
                            let momentID = change.momentID.rawValue
                            let details = try await store.updateLike(momentID: momentID, userID: change.userID.rawValue,
                                                                     isLiked: change.isLiked,
                                                                     page: MomentsPage(first: 1, afterMomentID: nil, fromMomentID: momentID))
                            guard let moment = details.moments.first else { throw MomentsStoreError.unknownMoment(momentID) }
                            return (index, moment)
                        }
                    }
                    var moments = [Moment?](repeating: nil, count: changes.count)
                    for try await (index, moment) in group {
                        moments[index] = moment
                    }
                    return moments.compactMap(\.self)
                }
            } catch let error as MomentsStoreError {
                throw error
            } catch {
                throw MomentsStoreError.storage(error)
            }
        }
    }

    /// Lets the store's errors through to `errors` (their description is the client's message),
    /// logging the database's ones whose details clients must not see.
    private func logged<T>(_ body: () async throws(MomentsStoreError) -> T) async throws(MomentsStoreError) -> T {
        do {
            return try await body()
        } catch {
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
