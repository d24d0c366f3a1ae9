import Graphiti
import Logging

/// The root fields of the BFF schema: one query and one mutation, both answered by the store.
struct MomentsResolver: Sendable {
    let store: MomentsStore
    let logger: Logger

    struct UserArguments: Codable, Sendable {
        let userID: Identifier
    }

    struct UpdateMomentLikeArguments: Codable, Sendable {
        let momentID: Identifier
        let userID: Identifier
        let isLiked: Bool
    }

    func getMomentsDetailsByUserID(context _: NoContext, arguments: UserArguments) async throws -> MomentsDetails {
        try await logged { () async throws(MomentsStoreError) in
            try await store.momentsDetails(forUserID: arguments.userID.rawValue)
        }
    }

    func updateMomentLike(context _: NoContext, arguments: UpdateMomentLikeArguments) async throws -> MomentsDetails {
        try await logged { () async throws(MomentsStoreError) in
            try await store.updateLike(momentID: arguments.momentID.rawValue, userID: arguments.userID.rawValue,
                                       isLiked: arguments.isLiked)
        }
    }

    /// Lets the store's errors through to `errors` (their description is the client's message),
    /// logging the SQLite ones whose details clients must not see.
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
