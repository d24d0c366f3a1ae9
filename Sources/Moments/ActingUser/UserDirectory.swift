import Foundation
import Foundations
import Locking

/// The users the BFF is known to have: the profile users and likers seen in its answers, and,
/// with the embedded BFF, every user of its store (`listAll`).
public final class UserDirectory: Sendable {
    private let seen = Locked<[String: KnownUser]>([:])
    private let listAll: (@Sendable () async throws -> [KnownUser])?
    /// `listAll`'s last answer and when it came. Area 51 lists the users at every opening, and a
    /// store's users change only when its data is replaced: they are read again once it is
    /// `listAge` old.
    private let listed = Locked<(at: ContinuousClock.Instant, users: [KnownUser])?>(nil)
    static let listAge: Duration = .seconds(1)

    /// - Parameter listAll: every user of a BFF that can say (the embedded one, read directly).
    public init(listAll: (@Sendable () async throws -> [KnownUser])? = nil) {
        self.listAll = listAll
    }

    /// Notes the users `details` names.
    public func record(_ details: MomentsDetails) {
        let profile = details.userDetails
        seen.withLock { seen in
            seen[profile.id] = KnownUser(id: profile.id, name: profile.name, avatar: profile.avatar)
            for liker in details.moments.flatMap({ $0.likes ?? [] }) where seen[liker.id] == nil {
                seen[liker.id] = KnownUser(id: liker.id, name: nil, avatar: liker.avatar)
            }
        }
    }

    /// Every known user, numeric IDs in number order: those seen, and all of `listAll`'s.
    public func users() async -> [KnownUser] {
        var users = seen.withLock { $0 }
        for user in await listedUsers() {
            users[user.id] = user
        }
        return users.values.sorted { ($0.id.count, $0.id) < ($1.id.count, $1.id) }
    }

    private func listedUsers() async -> [KnownUser] {
        guard let listAll else { return [] }
        let now = ContinuousClock.now
        if let listed = listed.withLock({ $0 }), now - listed.at < Self.listAge { return listed.users }
        guard let users = try? await listAll() else { return [] }
        listed.withLock { $0 = (now, users) }
        return users
    }
}
