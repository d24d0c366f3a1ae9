import Foundation
import Foundations
import Locking

/// The timeline's repository on the BFF sessions, with the pages kept in memory behind one lock
/// and the newest page saved by `MomentsSaver`.
public final class MomentsRepo: MomentsRepoType {
    private typealias PageKey = MomentsCache.PageKey
    private typealias CachedPage = MomentsCache.CachedPage
    private typealias Located = MomentsCache.Located
    private typealias SavedPage = MomentsSaver.SavedPage

    /// The pages and moments kept, and how many times they were cleared.
    private struct State {
        var cache: MomentsCache
        /// Counts Clear Cache presses: a BFF answer asked for before the last one is shown, not kept.
        var clearCount = 0
        /// This dashboard's likes, against which the BFF's live events are weighed.
        var ownLikes = OwnLikes()
    }

    /// The pages and moments kept in memory at most, in estimated bytes (docs/using.md, "Where data lives").
    public static let defaultCacheByteLimit = 8 << 20

    private let getMomentsSession: any GetMomentsByUserIDSessionType
    private let updateMomentLikeSession: any UpdateMomentLikeSessionType
    private let saver: MomentsSaver
    private let togglesDataStore: any TogglesDataStoreType
    private let maxAge: Duration
    /// Told the pictures of every answer received, so `/media` fetches them and nothing else.
    private let mediaURLRegistry: MediaURLRegistry?
    private let state: Locked<State>
    /// The cache's change count, read without the lock (`stateVersion`).
    private let cacheChanges: ChangeCount
    /// The BFF call under way per page: callers who come while it runs wait for it instead of
    /// sending their own.
    private let fetches = SingleFlight<PageKey, MomentsSnapshot, MomentsRepoError>()
    public let likeChanges = Broadcaster<LikeChange>()
    /// The BFF's live likes, followed for each user whose timeline is read; `nil` for a BFF in this
    /// process, every like of which is made here.
    private let likesSubscription: MomentLikesSubscription?

    /// - Parameter maxAge: how long a page is shown without asking the BFF again; past it the
    ///   page is still shown while one call in the background brings a new one. A refresh
    ///   (`?refresh=1`) or a change of the like toggle waits for the BFF.
    /// - Parameter cacheByteLimit: what the pages and moments kept in memory may take together.
    public init(
        getMomentsSession: any GetMomentsByUserIDSessionType,
        updateMomentLikeSession: any UpdateMomentLikeSessionType,
        persistentDataStore: any PersistentDataStoreType,
        togglesDataStore: any TogglesDataStoreType,
        maxAge: Duration = .seconds(10),
        mediaURLRegistry: MediaURLRegistry? = nil,
        cacheByteLimit: Int = MomentsRepo.defaultCacheByteLimit,
        likesSubscription: MomentLikesSubscription? = nil
    ) {
        self.getMomentsSession = getMomentsSession
        self.updateMomentLikeSession = updateMomentLikeSession
        saver = MomentsSaver(persistentDataStore: persistentDataStore)
        self.togglesDataStore = togglesDataStore
        self.maxAge = maxAge
        self.mediaURLRegistry = mediaURLRegistry
        let cache = MomentsCache(byteLimit: cacheByteLimit)
        cacheChanges = cache.changes
        state = Locked(State(cache: cache))
        self.likesSubscription = likesSubscription
    }

    /// What the pages and moments kept in memory take now, in estimated bytes, and at most.
    public var cacheUsage: (bytes: Int, limit: Int) {
        state.withLock { ($0.cache.bytes, $0.cache.byteLimit) }
    }

    public func getMoments(userID: String, page: MomentsPage, refresh: Bool) async throws(MomentsRepoError) -> MomentsSnapshot {
        let key = pageKey(userID: userID, page: page)
        likesSubscription?.follow(userID: userID) { [weak self] likes in self?.keepLive(likes, userID: userID) }
        if refresh {
            // Older pages may have moved under newer moments: they are read again when asked.
            state.withLock { $0.cache.removeAllButNewest(userID: userID) }
        } else if let cached = state.withLock({ $0.cache.page(key) }) {
            MomentsMetrics.timelineCacheHits.increment()
            if ContinuousClock.now - cached.fetchedAt >= maxAge {
                fetch(key)
            }
            var snapshot = cached.snapshot
            snapshot.refreshDue = cached.fetchedAt + maxAge
            return snapshot
        }
        MomentsMetrics.timelineCacheMisses.increment()
        var snapshot = try await fetch(key).value.get()
        snapshot.refreshDue = .now + maxAge
        return snapshot
    }

    public var stateVersion: Int { cacheChanges.current }

    public func moment(id momentID: String, userID: String) async throws(MomentsRepoError) -> MomentsDetails.Moment {
        try await locate(momentID, userID: userID).moment
    }

    public func updateLike(isLiked: Bool, momentID: String, fromUserID userID: String) async throws(MomentsRepoError) -> MomentsDetails.Moment {
        let target = MomentLikeChange.Target(momentID: momentID, userID: userID)
        state.withLock { $0.ownLikes.sent(target) }
        defer {
            if state.withLock({ $0.ownLikes.ended(target) }) { readAgainLater(target) }
        }
        do {
            let moment = try await likeAndKeep(isLiked, momentID: momentID, userID: userID)
            MomentsMetrics.likes(isLiked: isLiked, saved: true).increment()
            return moment
        } catch .unavailable(let cause) {
            MomentsMetrics.likes(isLiked: isLiked, saved: false).increment()
            throw .likeNotSaved(cause)
        } catch {
            MomentsMetrics.likes(isLiked: isLiked, saved: false).increment()
            throw error
        }
    }

    /// Likes or unlikes the moment, keeps the answer in place of the moment held and tells the
    /// live pages.
    private func likeAndKeep(_ isLiked: Bool, momentID: String, userID: String) async throws(MomentsRepoError) -> MomentsDetails.Moment {
        let key = momentKey(momentID, userID: userID)
        let (held, liker) = state.withLock { ($0.cache.located(key), $0.cache.liker(userID)) }
        // A like answered without its likers is drawn from the moment held and this user's avatar:
        // without them, the moment is read with the like.
        let avatarNeeded = isLiked && liker == nil && !(held?.moment.likes ?? []).contains { $0.id == userID }
        var updated: Located
        if held == nil || avatarNeeded, let read = try await likeReadingMoment(isLiked, momentID: momentID, userID: userID) {
            updated = read
        } else {
            updated = try await likeLocated(isLiked, momentID: momentID, userID: userID)
        }
        // The mutation's field came back: the like was made, whatever failed in reading it back.
        updated.moment.isLiked = updated.moment.isLiked ?? isLiked
        let newest = state.withLock { state in
            if updated.moment.likes == nil {
                // The likers held now (a page read again meanwhile brings the likes since), changed by this like.
                let likes = (state.cache.located(key) ?? held)?.moment.likes ?? []
                updated.moment.likes = likes.changed(byLikeOf: userID, isLiked: isLiked, liker: liker)
                if updated.moment.likesFailed { updated.moment.hasSavedLikes = true }
            }
            return state.cache.replace(updated, userID: userID)
        }
        for page in newest {
            saver.saveSoon(SavedPage(details: page.details, hasMore: page.hasMore), version: page.version, userID: userID)
        }
        likeChanges.send(LikeChange(momentID: momentID, userID: userID, isLiked: isLiked))
        return updated.moment
    }

    /// Keeps the likes the BFF's live subscription says `userID` sees now in the moment held, and
    /// tells the live pages when that changes what they show: once, however many dashboards or
    /// tabs made the like. A moment no page of theirs holds is no page's to redraw. A moment this
    /// dashboard liked is read again instead (`OwnLikes`): the event may be older than its like.
    private func keepLive(_ likes: MomentLikes, userID: String) {
        let key = momentKey(likes.id, userID: userID)
        guard key.withLikes else { return }
        let target = MomentLikeChange.Target(momentID: likes.id, userID: userID)
        var readAgain = false
        let newest = state.withLock { state -> [CachedPage]? in
            guard let held = state.cache.located(key) else { return nil }
            let updated = held.changed(by: likes)
            guard updated.moment != held.moment else { return nil }
            switch state.ownLikes.verdict(on: target) {
            case .keep: return state.cache.replace(updated, userID: userID)
            case .readAgain: readAgain = true
            case .wait: break
            }
            return nil
        }
        if let newest { announce(likes, userID: userID, changing: newest) }
        if readAgain { readAgainLater(target) }
    }

    /// Saves the newest pages a change of likes made and tells the live pages.
    private func announce(_ likes: MomentLikes, userID: String, changing newest: [CachedPage]) {
        mediaURLRegistry?.record(pictures: (likes.likes ?? []).map(\.avatar))
        for page in newest {
            saver.saveSoon(SavedPage(details: page.details, hasMore: page.hasMore), version: page.version, userID: userID)
        }
        likeChanges.send(LikeChange(momentID: likes.id, userID: userID, isLiked: likes.isLiked ?? false))
    }

    /// Reads `target`'s moment again in the background and keeps its likes, unless a like of this
    /// dashboard's was sent meanwhile (its answer is newer); again while events came meanwhile.
    private func readAgainLater(_ target: MomentLikeChange.Target) {
        let key = momentKey(target.momentID, userID: target.userID)
        Task { [self] in
            var readAgain = true
            while readAgain {
                let sentBefore = state.withLock { $0.ownLikes.sentCount(target) }
                let fresh = try? await readLikes(of: target.momentID, userID: target.userID)
                let newest = state.withLock { state -> [CachedPage]? in
                    let ended = state.ownLikes.readAgainEnded(target, sentBefore: sentBefore)
                    readAgain = ended.readAgain
                    guard ended.keep, let fresh, let held = state.cache.located(key) else { return nil }
                    let updated = held.changed(by: fresh)
                    guard updated.moment != held.moment else { return nil }
                    return state.cache.replace(updated, userID: target.userID)
                }
                if let newest, let fresh { announce(fresh, userID: target.userID, changing: newest) }
            }
        }
    }

    /// `userID`'s likes of the moment as the BFF has them now: read by the moment's ID, else as the
    /// one after the moment before it; `nil` when neither finds it or its likes failed.
    private func readLikes(of momentID: String, userID: String) async throws(APISessionError) -> MomentLikes? {
        var answer = try await getMomentsSession.getMoment(userID: userID, momentID: momentID)
        if answer == nil {
            let previous = state.withLock { $0.cache.located(momentKey(momentID, userID: userID))?.previous }
            answer = try await getMomentsSession.getMoments(userID: userID, first: 1, after: previous)
        }
        guard let moment = answer?.moments.first(where: { $0.id == momentID }), !moment.likesFailed else { return nil }
        return MomentLikes(id: moment.id, isLiked: moment.isLiked, likes: moment.likes, fieldErrors: moment.fieldErrors)
    }

    /// A moment not read before, liked and read in one call, when the BFF starts a page at a
    /// moment; `nil` (nothing sent) when it does not.
    private func likeReadingMoment(_ isLiked: Bool, momentID: String, userID: String) async throws(MomentsRepoError) -> Located? {
        let answer: [MomentsDetails.Moment]?
        do {
            answer = try await updateMomentLikeSession.updateLikeReadingMoment(isLiked, momentID: momentID, fromUserID: userID)
        } catch {
            throw Self.readError(error, momentID: momentID, userID: userID)
        }
        guard let answer else { return nil }
        mediaURLRegistry?.record(pictures: answer.flatMap(\.pictureURLs))
        guard let moment = answer.first, moment.id == momentID else { throw .unknownMoment(momentID) }
        return Located(moment: moment, previous: nil)
    }

    /// The moment found (kept, read by its ID, or in one whole read), liked, and changed by the
    /// likes the BFF answers: `likes` is `nil` when it answers `isLiked` alone.
    private func likeLocated(_ isLiked: Bool, momentID: String, userID: String) async throws(MomentsRepoError) -> Located {
        let located = try await locate(momentID, userID: userID)
        let answer: [MomentLikes]
        do {
            // Only the likes come back, of that one moment when the BFF pages.
            answer = try await updateMomentLikeSession.updateLike(isLiked, momentID: momentID, fromUserID: userID,
                                                                  previous: located.previous)
        } catch {
            // A moment the dashboard holds may be gone from the BFF since (its data replaced).
            throw Self.readError(error, momentID: momentID, userID: userID)
        }
        if let likes = answer.first(where: { $0.id == momentID }) {
            mediaURLRegistry?.record(pictures: (likes.likes ?? []).map(\.avatar))
            return located.changed(by: likes)
        } else {
            // The timeline moved since the moment was found: one read of it finds the moment afresh.
            return try await readWhole(findingMoment: momentID, userID: userID)
        }
    }

    public func clearSaved() async throws {
        state.withLock { $0.clearCount += 1 }
        try await saver.removeAll()
        state.withLock { $0.cache.removeAll() }
    }

    public func flush() async {
        // A like answered now changes a page: the saver's last write comes after.
        await updateMomentLikeSession.drained()
        await saver.flush()
    }

    /// The BFF call for `key`, joined if one is under way.
    @discardableResult
    private func fetch(_ key: PageKey) -> SingleFlight<PageKey, MomentsSnapshot, MomentsRepoError>.Run {
        fetches.start(key) { [self] () throws(MomentsRepoError) in try await load(key).get() }
    }

    /// Asks the BFF for one more moment than the page shows, to know whether older ones
    /// follow; when it cannot answer, falls back to the page read before or the saved one.
    private func load(_ key: PageKey) async -> Result<MomentsSnapshot, MomentsRepoError> {
        let (clearsBefore, likesBefore) = state.withLock { ($0.clearCount, $0.ownLikes.sentCount) }
        do {
            guard let answer = try await getMomentsSession.getMoments(userID: key.userID, first: key.page.size + 1, after: key.page.after) else {
                return .failure(.unknownMoment(key.page.after ?? ""))
            }
            mediaURLRegistry?.record(answer)
            let hasMore = answer.moments.count > key.page.size
            let details = MomentsDetails(userDetails: answer.userDetails, moments: Array(answer.moments.prefix(key.page.size)),
                                         fieldErrors: answer.fieldErrors)
            guard state.withLock({ $0.clearCount }) == clearsBefore else {
                return .success(MomentsSnapshot(momentsDetails: details, version: state.withLock { $0.cache.nextVersion() },
                                                staleBecause: nil,
                                                nextCursor: hasMore ? details.moments.last?.id : nil))
            }
            return .success(await store(details, hasMore: hasMore, for: key, likesSentBefore: likesBefore))
        } catch {
            if error.carries(.unknownUser) {
                return .failure(.unknownUser(key.userID))
            }
            if let after = key.page.after, isUnknown(after, userID: key.userID, error) {
                return .failure(.unknownMoment(after))
            }
            let cached = state.withLock { $0.cache.markStale(key, because: error) }
            if let cached {
                return .success(cached.snapshot)
            }
            if key.page.isNewest, let saved = await saver.load(userID: key.userID) {
                mediaURLRegistry?.record(saved.value.details)
                // Kept as read, so the next pages need neither the disk nor a wait.
                let page = state.withLock { state in
                    var page = CachedPage(version: state.cache.nextVersion(), details: saved.value.details,
                                          hasMore: saved.value.hasMore, fetchedAt: .now, savedAt: saved.savedAt)
                    page.staleBecause = error
                    state.cache.set(page, for: key)
                    return page
                }
                return .success(page.snapshot)
            }
            return .failure(.unavailable(error))
        }
    }

    /// Whether `error` says the page's `after` names no moment: by the BFF's code when it gives
    /// one, else, for a refusal without data, by whether any page read holds that moment.
    private func isUnknown(_ after: String, userID: String, _ error: APISessionError) -> Bool {
        if error.carries(.unknownMoment) || error.carries(.badPageArguments) { return true }
        guard case .graphQL(_, hasData: false) = error, error.graphQLCodes.isEmpty else { return false }
        let key = momentKey(after, userID: userID)
        return state.withLock { $0.cache.located(key) } == nil
    }

    /// Keeps `details` as the page of `key`, saving the newest page; answers its snapshot. The
    /// likes of a moment whose likes failed are the last known ones, never overwritten by nothing;
    /// those of a moment this dashboard liked since the read began (`likesSentBefore` likes had
    /// been sent) are the ones its like left, which the read may lack.
    private func store(_ answer: MomentsDetails, hasMore: Bool, for key: PageKey, likesSentBefore: Int) async -> MomentsSnapshot {
        var details = answer
        details.moments = await keepingKnownLikes(answer.moments, userID: key.userID, withLikes: key.withLikes)
        let page = state.withLock { state in
            for index in details.moments.indices {
                let momentID = details.moments[index].id
                guard state.ownLikes.sentSince(MomentLikeChange.Target(momentID: momentID, userID: key.userID), count: likesSentBefore),
                      let held = state.cache.located(MomentsCache.MomentKey(userID: key.userID, momentID: momentID, withLikes: key.withLikes))
                else { continue }
                details.moments[index].isLiked = held.moment.isLiked
                details.moments[index].likes = held.moment.likes
            }
            let old = state.cache.page(key)
            let unchanged = old.map { $0.details == details && $0.hasMore == hasMore } ?? false
            let page = CachedPage(version: unchanged ? old!.version : state.cache.nextVersion(), details: details,
                                  hasMore: hasMore, fetchedAt: .now, savedAt: Date())
            state.cache.set(page, for: key)
            return page
        }
        if key.page.isNewest {
            // Saved before it is shown, so a page seen once is there offline, even after a restart.
            await saver.saveNow(SavedPage(details: page.details, hasMore: hasMore), version: page.version, userID: key.userID)
        }
        return page.snapshot
    }

    /// `moments` of `userID` (with likes or not), each whose likes failed with the last known
    /// likes: as read before and kept, else as saved on disk with the newest page.
    private func keepingKnownLikes(_ moments: [MomentsDetails.Moment], userID: String, withLikes: Bool) async -> [MomentsDetails.Moment] {
        guard moments.contains(where: \.lacksLikes) else { return moments }
        let kept = state.withLock { state in
            moments.map { state.cache.located(MomentsCache.MomentKey(userID: userID, momentID: $0.id, withLikes: withLikes))?.moment }
        }
        let saved = await saver.load(userID: userID)?.value.details.moments
        return zip(moments, kept).map { moment, kept in moment.keepingLikes(of: kept ?? saved?.first { $0.id == moment.id }) }
    }

    /// The moment `momentID` (and the ID of the one before it, for a like on a BFF that pages but
    /// cannot start a page at a moment): kept from before, else read by its ID when the BFF's
    /// schema offers that, else found in one read of the whole timeline. Never a walk page by page.
    private func locate(_ momentID: String, userID: String) async throws(MomentsRepoError) -> Located {
        let key = momentKey(momentID, userID: userID)
        if let cached = state.withLock({ $0.cache.located(key) }) { return cached }
        let clearsBefore = state.withLock { $0.clearCount }
        let answer: MomentsDetails?
        do {
            answer = try await getMomentsSession.getMoment(userID: userID, momentID: momentID)
        } catch {
            throw Self.readError(error, momentID: momentID, userID: userID)
        }
        guard let answer else { return try await readWhole(findingMoment: momentID, userID: userID) }
        mediaURLRegistry?.record(answer)
        guard let read = answer.moments.first, read.id == momentID else { throw .unknownMoment(momentID) }
        let moment = await keepingKnownLikes([read], userID: userID, withLikes: key.withLikes)[0]
        let located = Located(moment: moment, previous: nil)
        state.withLock { state in
            if state.clearCount == clearsBefore { state.cache.set(located, for: key) }
        }
        return located
    }

    /// Reads the whole timeline once and keeps its moments (as many as the cache holds, the one
    /// looked for last, so it stays); answers `momentID`'s.
    private func readWhole(findingMoment momentID: String, userID: String) async throws(MomentsRepoError) -> Located {
        let clearsBefore = state.withLock { $0.clearCount }
        let answer: MomentsDetails?
        do {
            answer = try await getMomentsSession.getMoments(userID: userID, first: nil, after: nil)
        } catch {
            throw Self.readError(error, momentID: momentID, userID: userID)
        }
        guard let whole = answer else { throw .unknownMoment(momentID) }
        mediaURLRegistry?.record(whole)
        let moments = await keepingKnownLikes(whole.moments, userID: userID, withLikes: momentKey(momentID, userID: userID).withLikes)
        guard let index = moments.firstIndex(where: { $0.id == momentID }) else { throw .unknownMoment(momentID) }
        func located(_ index: Int) -> Located {
            Located(moment: moments[index], previous: index > moments.startIndex ? moments[index - 1].id : nil)
        }
        let keys = moments.map { momentKey($0.id, userID: userID) }
        state.withLock { state in
            guard state.clearCount == clearsBefore else { return }
            for other in moments.indices where other != index {
                state.cache.set(located(other), for: keys[other])
            }
            state.cache.set(located(index), for: keys[index])
        }
        return located(index)
    }

    /// Why reading (or liking and reading) `userID`'s moment `momentID` failed, by the BFF's
    /// codes: an unknown user or moment, else the BFF unavailable.
    private static func readError(_ error: APISessionError, momentID: String, userID: String) -> MomentsRepoError {
        if error.carries(.unknownUser) { return .unknownUser(userID) }
        return error.carries(.unknownMoment) ? .unknownMoment(momentID) : .unavailable(error)
    }

    private func momentKey(_ momentID: String, userID: String) -> MomentsCache.MomentKey {
        MomentsCache.MomentKey(userID: userID, momentID: momentID,
                               withLikes: togglesDataStore.isToggleOn(InternalToggle.isLikeButtonForMomentEnabled))
    }

    /// The page of `userID` as asked for now: with likes while the like feature is on.
    private func pageKey(userID: String, page: MomentsPage) -> PageKey {
        PageKey(userID: userID, page: page, withLikes: togglesDataStore.isToggleOn(InternalToggle.isLikeButtonForMomentEnabled))
    }

    /// Tells the media registry the pictures of `userID`'s saved timeline, so they are allowed
    /// from the start, before any page is asked for (after a restart with the BFF down).
    public func recordSavedPictures(userID: String) async {
        if let saved = await saver.load(userID: userID) {
            mediaURLRegistry?.record(saved.value.details)
        }
    }
}
