import Foundation
import Foundations
import Locking

/// The users the BFF is known to have: the profile users and likers seen in its answers, and,
/// with the embedded BFF, every user of its store (`listAll`).
public final class UserDirectory: Sendable {
    private let seen = Locked<[String: KnownUser]>([:])
    private let listAll: (@Sendable () async throws -> [KnownUser])?

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
        for user in (try? await listAll?()) ?? [] {
            users[user.id] = user
        }
        return users.values.sorted { ($0.id.count, $0.id) < ($1.id.count, $1.id) }
    }
}
