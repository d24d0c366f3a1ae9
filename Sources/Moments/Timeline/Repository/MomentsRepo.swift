import Foundation
import Foundations
import Synchronization

/// What the timeline shows: the latest details and whether they are fresh from the BFF.
public struct MomentsSnapshot: Sendable {
    public let momentsDetails: MomentsDetails
    /// Changes whenever the details do, so what was drawn from them can be reused until then.
    public let version: Int
    /// Set when the BFF could not answer and these are the saved details.
    public let staleBecause: APISessionError?
}

/// A like or unlike the BFF accepted, for pages that stay open.
public struct LikeChange: Encodable, Sendable, Equatable {
    public let momentID: String
    public let userID: String
    public let isLiked: Bool
}

/// Why the repository has nothing to show or could not change anything.
public enum MomentsRepoError: Error, Equatable, Sendable {
    /// The BFF could not answer and nothing was saved before.
    case unavailable(APISessionError)
}

/// The timeline's repository, as in the seed: reads and writes through the BFF sessions,
/// saves every good answer, and serves the saved answer when the BFF is slow or down.
public protocol MomentsRepoType: Sendable {
    /// The latest details any call produced; new ones are sent to `momentsDetailsUpdates`.
    var momentsDetails: MomentsDetails? { get }
    var momentsDetailsUpdates: Broadcaster<MomentsDetails> { get }
    /// Every like change the BFF accepted.
    var likeChanges: Broadcaster<LikeChange> { get }
    func getMoments(userID: String, refresh: Bool) async throws(MomentsRepoError) -> MomentsSnapshot
    func updateLike(isLiked: Bool, momentID: String, fromUserID userID: String) async throws(MomentsRepoError) -> MomentsDetails
    /// Forgets the saved timeline (Area 51's Clear Cache).
    func clearSaved() throws
}

public final class MomentsRepo: MomentsRepoType {
    private struct Latest {
        var userID: String
        var version: Int
        var details: MomentsDetails
        var fetchedAt: ContinuousClock.Instant
        var withLikes: Bool
        /// Set when the last try to refresh these failed.
        var staleBecause: APISessionError?
    }

    private typealias Fetch = Task<Result<MomentsSnapshot, MomentsRepoError>, Never>

    private let getMomentsSession: any GetMomentsByUserIDSessionType
    private let updateMomentLikeSession: any UpdateMomentLikeSessionType
    private let persistentDataStore: any PersistentDataStoreType
    private let togglesDataStore: any TogglesDataStoreType
    private let maxAge: Duration
    private let latest = Mutex<Latest?>(nil)
    /// Only grows, even across Clear Cache, so a version never names two different timelines.
    private let lastVersion = Mutex(0)
    /// The BFF call under way per user and like setting: callers who come while it runs wait
    /// for it instead of sending their own.
    private let fetches = Mutex<[String: Fetch]>([:])
    public let momentsDetailsUpdates = Broadcaster<MomentsDetails>()
    public let likeChanges = Broadcaster<LikeChange>()

    /// - Parameter maxAge: how long an answer is shown without asking the BFF again; past it the
    ///   answer is still shown while one call in the background brings a new one. A refresh
    ///   (`?refresh=1`) or a change of the like toggle waits for the BFF.
    public init(
        getMomentsSession: any GetMomentsByUserIDSessionType,
        updateMomentLikeSession: any UpdateMomentLikeSessionType,
        persistentDataStore: any PersistentDataStoreType,
        togglesDataStore: any TogglesDataStoreType,
        maxAge: Duration = .seconds(10)
    ) {
        self.getMomentsSession = getMomentsSession
        self.updateMomentLikeSession = updateMomentLikeSession
        self.persistentDataStore = persistentDataStore
        self.togglesDataStore = togglesDataStore
        self.maxAge = maxAge
    }

    public var momentsDetails: MomentsDetails? { latest.withLock { $0?.details } }

    public func getMoments(userID: String, refresh: Bool) async throws(MomentsRepoError) -> MomentsSnapshot {
        let withLikes = togglesDataStore.isToggleOn(InternalToggle.isLikeButtonForMomentEnabled)
        if !refresh, let cached = latest.withLock({ $0 }), cached.userID == userID, cached.withLikes == withLikes {
            if ContinuousClock.now - cached.fetchedAt >= maxAge {
                _ = fetch(userID: userID, withLikes: withLikes)
            }
            return MomentsSnapshot(momentsDetails: cached.details, version: cached.version, staleBecause: cached.staleBecause)
        }
        return try await fetch(userID: userID, withLikes: withLikes).value.get()
    }

    public func updateLike(isLiked: Bool, momentID: String, fromUserID userID: String) async throws(MomentsRepoError) -> MomentsDetails {
        do {
            let details = try await updateMomentLikeSession.updateLike(isLiked, momentID: momentID, fromUserID: userID)
            store(details, userID: userID, withLikes: true)
            likeChanges.send(LikeChange(momentID: momentID, userID: userID, isLiked: isLiked))
            return details
        } catch {
            throw .unavailable(error)
        }
    }

    public func clearSaved() throws {
        try persistentDataStore.removeAll()
        latest.withLock { $0 = nil }
    }

    /// The BFF call for `userID`, joined if one is under way.
    private func fetch(userID: String, withLikes: Bool) -> Fetch {
        let key = "\(userID)|\(withLikes)"
        return fetches.withLock { fetches in
            if let running = fetches[key] { return running }
            let fetch = Fetch { [self] in
                defer { _ = self.fetches.withLock { $0.removeValue(forKey: key) } }
                return await self.load(userID: userID, withLikes: withLikes)
            }
            fetches[key] = fetch
            return fetch
        }
    }

    /// Asks the BFF; when it cannot answer, falls back to the latest or the saved details.
    private func load(userID: String, withLikes: Bool) async -> Result<MomentsSnapshot, MomentsRepoError> {
        do {
            let details = try await getMomentsSession.getMoments(userID: userID)
            let version = store(details, userID: userID, withLikes: withLikes)
            return .success(MomentsSnapshot(momentsDetails: details, version: version, staleBecause: nil))
        } catch {
            let cached = latest.withLock { latest -> Latest? in
                guard latest?.userID == userID else { return nil }
                latest?.staleBecause = error
                return latest
            }
            if let cached {
                return .success(MomentsSnapshot(momentsDetails: cached.details, version: cached.version, staleBecause: error))
            }
            if let saved = try? persistentDataStore.load(MomentsDetails.self, forKey: storageKey(userID)) {
                // Kept as the latest, so the next pages need neither the disk nor a wait.
                let version = lastVersion.withLock { $0 += 1; return $0 }
                latest.withLock {
                    $0 = Latest(userID: userID, version: version, details: saved.value, fetchedAt: .now, withLikes: withLikes, staleBecause: error)
                }
                return .success(MomentsSnapshot(momentsDetails: saved.value, version: version, staleBecause: error))
            }
            return .failure(.unavailable(error))
        }
    }

    /// Keeps `details` as the latest and saves them; answers their version.
    @discardableResult
    private func store(_ details: MomentsDetails, userID: String, withLikes: Bool) -> Int {
        // A failed save costs only the offline copy; the answer itself is good to show.
        try? persistentDataStore.save(details, forKey: storageKey(userID))
        let version = latest.withLock { latest in
            let version = latest.flatMap { $0.details == details && $0.userID == userID ? $0.version : nil }
                ?? lastVersion.withLock { $0 += 1; return $0 }
            latest = Latest(userID: userID, version: version, details: details, fetchedAt: .now, withLikes: withLikes)
            return version
        }
        momentsDetailsUpdates.send(details)
        return version
    }

    private func storageKey(_ userID: String) -> String { "momentsDetails.\(userID)" }
}
