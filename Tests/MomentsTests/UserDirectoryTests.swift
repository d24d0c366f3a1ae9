import Foundation
import Locking
@testable import Moments
import Testing

/// The store's users are read once per `UserDirectory.listAge`, not at every opening of Area 51;
/// the users seen in answers show at once.
@Suite struct UserDirectoryTests {
    @Test func storeUsers_areReadAgainOnlyOnceTheListAges() async throws {
        let reads = Locked(0)
        let directory = UserDirectory(listAll: {
            let read = reads.withLock { $0 += 1; return $0 }
            return (0..<read).map { KnownUser(id: "\($0)", name: "user \($0)", avatar: nil) }
        })
        #expect(await directory.users().map(\.id) == ["0"])
        #expect(await directory.users().map(\.id) == ["0"], "the list read a moment ago")
        #expect(reads.withLock { $0 } == 1)

        let deadline = ContinuousClock.now + UserDirectory.listAge * 10
        var users = await directory.users()
        while users.count == 1, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            users = await directory.users()
        }
        #expect(users.map(\.id) == ["0", "1"], "read again once the list is older than listAge")
        #expect(reads.withLock { $0 } == 2)
    }
}
