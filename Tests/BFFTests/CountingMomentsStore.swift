import Foundation
import Locking
@testable import BFF

/// A real SQLite store in a temporary folder, deleted when the store goes away, that counts the
/// operations asked of it: a test learns whether a request reached the store at all.
final class CountingMomentsStore: MomentsStore {
    let directory: URL
    private let store: SQLiteMomentsStore
    private let operations = Locked(0)

    init(demoData: DemoData = .standard) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("bff-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try SQLiteMomentsStore(url: EmbeddedBFF.databaseURL(in: directory), demoData: demoData)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The reads and writes asked of the store so far.
    var operationCount: Int { operations.withLock { $0 } }

    var likeChanges: Broadcaster<String> { store.likeChanges }

    func announceLikeChanges(of momentIDs: [String]) async {
        await store.announceLikeChanges(of: momentIDs)
    }

    func users() async throws(MomentsStoreError) -> [(id: String, name: String, avatar: String)] {
        count()
        return try await store.users()
    }

    func momentsDetails(forUserID userID: String, page: MomentsPage) async throws(MomentsStoreError) -> MomentsDetails {
        count()
        return try await store.momentsDetails(forUserID: userID, page: page)
    }

    func updateLike(momentID: String, userID: String, isLiked: Bool, page: MomentsPage)
        async throws(MomentsStoreError) -> MomentsDetails {
        count()
        return try await store.updateLike(momentID: momentID, userID: userID, isLiked: isLiked, page: page)
    }

    func updateLikes(_ changes: [LikeChange]) async throws(MomentsStoreError) -> [Result<Moment, MomentsStoreError>] {
        count()
        return try await store.updateLikes(changes)
    }

    @discardableResult
    func replaceAll(with demoData: DemoData) async throws(MomentsStoreError) -> BFFDataCounts {
        count()
        return try await store.replaceAll(with: demoData)
    }

    private func count() {
        operations.withLock { $0 += 1 }
    }
}
