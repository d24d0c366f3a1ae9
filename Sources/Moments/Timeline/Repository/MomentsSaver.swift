import Foundations
import Locking

/// The newest page of each user's timeline saved for offline use: written at once when read
/// from the BFF, and in the background (write-behind) when likes change it.
final class MomentsSaver: Sendable {
    /// What is saved of the newest page.
    struct SavedPage: Codable, Sendable {
        let details: MomentsDetails
        let hasMore: Bool
    }

    /// Pages changed by likes and not saved yet, by user, and the task saving them.
    private struct Unsaved {
        var pages: [String: SavedPage] = [:]
        /// The newest version given for each user, saved or not: an older one comes too late.
        var versions: [String: Int] = [:]
        var saving: Task<Void, Never>?
    }

    private let persistentDataStore: any PersistentDataStoreType
    private let unsaved = Locked(Unsaved())

    init(persistentDataStore: any PersistentDataStoreType) {
        self.persistentDataStore = persistentDataStore
    }

    /// `userID`'s saved page and when it was saved, `nil` when none is (or it cannot be read).
    func load(userID: String) async -> SavedValue<SavedPage>? {
        try? await persistentDataStore.load(SavedPage.self, forKey: storageKey(userID))
    }

    /// Saves `page` now. A failed save costs only the offline copy.
    func save(_ page: SavedPage, userID: String) async {
        try? await persistentDataStore.save(page, forKey: storageKey(userID))
    }

    /// Saves `page` in the background, one write at a time with a pause after each, the newest
    /// `version` winning, so a burst of likes costs a few writes instead of one each. Two likes
    /// change the page under the repository's lock and hand it here after, in either order: the
    /// version, not the order, says which is newer. A crash before it is written costs the offline
    /// copy that like; the BFF has it. `flush` writes it at shutdown.
    func saveSoon(_ page: SavedPage, version: Int, userID: String) {
        unsaved.withLock { state in
            guard version > state.versions[userID, default: Int.min] else { return }
            state.versions[userID] = version
            state.pages[userID] = page
            guard state.saving == nil else { return }
            state.saving = Task { [self] in
                while let (userID, page) = nextUnsaved() {
                    await save(page, userID: userID)
                    // At most a few writes a second: the changes of the pause go in the next one.
                    try? await Task.sleep(for: .milliseconds(200))
                }
            }
        }
    }

    /// Returns once every page given to `saveSoon` so far, and since, is written.
    func flush() async {
        while let saving = unsaved.withLock({ $0.saving }) {
            await saving.value
        }
    }

    /// Drops the pages not written yet and waits for the write under way, if any, so that nothing
    /// is written after; then deletes every saved page.
    func removeAll() async throws {
        let saving = unsaved.withLock { state in
            state.pages.removeAll()
            return state.saving
        }
        await saving?.value
        try await persistentDataStore.removeAll()
    }

    /// The next page to save, or `nil` (and the saving task done) when all are saved.
    private func nextUnsaved() -> (String, SavedPage)? {
        unsaved.withLock { state in
            guard let next = state.pages.popFirst() else {
                state.saving = nil
                return nil
            }
            return next
        }
    }

    private func storageKey(_ userID: String) -> String { "momentsPage.\(userID)" }
}
