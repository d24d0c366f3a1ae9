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
    }

    private let getMomentsSession: any GetMomentsByUserIDSessionType
    private let updateMomentLikeSession: any UpdateMomentLikeSessionType
    private let persistentDataStore: any PersistentDataStoreType
    private let togglesDataStore: any TogglesDataStoreType
    private let maxAge: Duration
    private let latest = Mutex<Latest?>(nil)
    /// Only grows, even across Clear Cache, so a version never names two different timelines.
    private let lastVersion = Mutex(0)
    public let momentsDetailsUpdates = Broadcaster<MomentsDetails>()
    public let likeChanges = Broadcaster<LikeChange>()

    /// - Parameter maxAge: how long an answer is shown again without asking the BFF; a
    ///   refresh (`?refresh=1`) or a change of the like toggle asks at once.
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
        if !refresh, let cached = latest.withLock({ $0 }), cached.userID == userID, cached.withLikes == withLikes,
           ContinuousClock.now - cached.fetchedAt < maxAge {
            return MomentsSnapshot(momentsDetails: cached.details, version: cached.version, staleBecause: nil)
        }
        do {
            let details = try await getMomentsSession.getMoments(userID: userID)
            let version = store(details, userID: userID, withLikes: withLikes)
            return MomentsSnapshot(momentsDetails: details, version: version, staleBecause: nil)
        } catch {
            if let cached = latest.withLock({ $0 }), cached.userID == userID {
                return MomentsSnapshot(momentsDetails: cached.details, version: cached.version, staleBecause: error)
            }
            if let saved = try? persistentDataStore.load(MomentsDetails.self, forKey: key(userID)) {
                return MomentsSnapshot(momentsDetails: saved.value, version: -1, staleBecause: error)
            }
            throw .unavailable(error)
        }
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

    /// Keeps `details` as the latest and saves them; answers their version.
    @discardableResult
    private func store(_ details: MomentsDetails, userID: String, withLikes: Bool) -> Int {
        // A failed save costs only the offline copy; the answer itself is good to show.
        try? persistentDataStore.save(details, forKey: key(userID))
        let version = latest.withLock { latest in
            let previous = latest
            let version = previous.flatMap { $0.details == details && $0.userID == userID ? $0.version : nil }
                ?? lastVersion.withLock { $0 += 1; return $0 }
            latest = Latest(userID: userID, version: version, details: details, fetchedAt: .now, withLikes: withLikes)
            return version
        }
        momentsDetailsUpdates.send(details)
        return version
    }

    private func key(_ userID: String) -> String { "momentsDetails.\(userID)" }
}
