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

    /// Pages not saved yet, by user, with their versions, and the task saving them.
    private struct Unsaved {
        var pages: [String: (page: SavedPage, version: Int)] = [:]
        /// The newest version given for each user, saved or not: an older one comes too late.
        var versions: [String: Int] = [:]
        /// The newest version written for each user.
        var written: [String: Int] = [:]
        /// Callers of `saveNow` waiting for a version of a user to be written, or a newer one.
        var waiting: [(userID: String, version: Int, resume: CheckedContinuation<Void, Never>)] = []
        var saving: Task<Void, Never>?

        /// The waits that `userID`'s newest written version ends, taken out.
        mutating func endedWaits(of userID: String) -> [CheckedContinuation<Void, Never>] {
            let written = written[userID, default: Int.min]
            let ended = waiting.filter { $0.userID == userID && $0.version <= written }
            waiting.removeAll { $0.userID == userID && $0.version <= written }
            return ended.map(\.resume)
        }
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

    /// Saves `page` as `saveSoon` does and returns once it, or a newer version, is written: a page
    /// read from the BFF is saved before it is shown, in the one order of every save.
    func saveNow(_ page: SavedPage, version: Int, userID: String) async {
        saveSoon(page, version: version, userID: userID)
        await withCheckedContinuation { resume in
            let ended = unsaved.withLock { state in
                state.waiting.append((userID, version, resume))
                return state.endedWaits(of: userID)
            }
            ended.forEach { $0.resume() }
        }
    }

    /// Saves `page` in the background, one write at a time with a pause before the next, the newest
    /// `version` winning, so a burst of likes costs a few writes instead of one each. Two likes
    /// change the page under the repository's lock and hand it here after, in either order: the
    /// version, not the order, says which is newer. A crash before it is written costs the offline
    /// copy that like; the BFF has it. `flush` writes it at shutdown. A failed write costs only
    /// the offline copy.
    func saveSoon(_ page: SavedPage, version: Int, userID: String) {
        unsaved.withLock { state in
            guard version > state.versions[userID, default: Int.min] else { return }
            state.versions[userID] = version
            state.pages[userID] = (page, version)
            guard state.saving == nil else { return }
            state.saving = Task { [self] in
                while let (userID, next) = nextUnsaved() {
                    try? await persistentDataStore.save(next.page, forKey: storageKey(userID))
                    let (ended, more) = unsaved.withLock { state in
                        state.written[userID] = max(state.written[userID, default: Int.min], next.version)
                        return (state.endedWaits(of: userID), !state.pages.isEmpty)
                    }
                    ended.forEach { $0.resume() }
                    // At most a few writes a second: the changes of the pause go in the next one.
                    if more { try? await Task.sleep(for: .milliseconds(200)) }
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
        let (saving, waiting) = unsaved.withLock { state in
            state.pages.removeAll()
            // Versions given before the clear are not waited for.
            state.versions.removeAll()
            defer { state.waiting.removeAll() }
            return (state.saving, state.waiting.map(\.resume))
        }
        waiting.forEach { $0.resume() }
        await saving?.value
        try await persistentDataStore.removeAll()
    }

    /// The next page to save, or `nil` (and the saving task done) when all are saved.
    private func nextUnsaved() -> (String, (page: SavedPage, version: Int))? {
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
