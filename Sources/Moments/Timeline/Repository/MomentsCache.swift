import Foundation
import Foundations
import Locking

/// The pages and the moments the repository read, kept up to a budget in bytes (estimated from
/// their strings), the least recently used dropped first: the newest page, the older pages a
/// script walks (`?after=`), the moments read alone (a moment's page, a like) and the likers
/// remembered for drawing likes share it.
///
/// A plain value behind the repository's lock. A moment is found in a page that holds it, else
/// among the moments read alone, so a moment found once stays found until what it came with is
/// replaced or dropped.
struct MomentsCache {
    /// A page as asked for: whose, which part, and with likes or not.
    struct PageKey: Hashable {
        let userID: String
        let page: MomentsPage
        let withLikes: Bool
    }

    /// A moment as `userID` sees it, with likes or not.
    struct MomentKey: Hashable {
        let userID: String
        let momentID: String
        let withLikes: Bool
    }

    struct CachedPage {
        var version: Int
        var details: MomentsDetails
        var hasMore: Bool
        var fetchedAt: ContinuousClock.Instant
        /// When `details` came from the BFF, by the wall clock: the stale notice's "saved 3 minutes ago".
        var savedAt: Date
        /// Set when the last try to refresh it failed.
        var staleBecause: APISessionError?

        var snapshot: MomentsSnapshot {
            MomentsSnapshot(momentsDetails: details, version: version, staleBecause: staleBecause,
                            savedAt: staleBecause == nil ? nil : savedAt, nextCursor: hasMore ? details.moments.last?.id : nil)
        }
    }

    /// A moment and the ID of the one before it in the timeline (`nil` for the newest, or when
    /// it was read by its ID and the BFF needs no neighbour to like it).
    struct Located {
        var moment: MomentsDetails.Moment
        var previous: String?

        /// The moment with the likes an answer brought (a like's, a live change's): `isLiked`,
        /// `likes` and their errors as it says, saved likes no longer shown.
        func changed(by likes: MomentLikes) -> Located {
            var changed = self
            changed.moment.isLiked = likes.isLiked
            changed.moment.likes = likes.likes
            changed.moment.fieldErrors = likes.fieldErrors
            changed.moment.hasSavedLikes = nil
            return changed
        }
    }

    private enum Key: Hashable {
        case page(PageKey)
        case moment(MomentKey)
        /// A user who liked through this dashboard, by ID.
        case liker(String)
    }

    private enum Entry {
        case page(CachedPage)
        case moment(Located)
        /// The user as a like's answer listed them: one each.
        case liker(MomentsDetails.LikedUserDetails)
    }

    /// What the bookkeeping of one moment costs besides its strings.
    private static let overhead = 96

    private var entries: LeastRecentlyUsedCache<Key, Entry>
    /// The pages that hold each moment: where a moment is found, and where a like puts it.
    private var holders: [MomentKey: Set<PageKey>] = [:]
    /// Only grows, even across Clear Cache, so a version never names two different pages.
    private var lastVersion = 0
    /// Advanced with every change of what is kept (a read changes none): what was drawn from it
    /// is current while the count stays (`MomentsRepo.stateVersion`).
    let changes = ChangeCount()

    init(byteLimit: Int) {
        entries = LeastRecentlyUsedCache(costLimit: byteLimit)
    }

    /// What is kept, in estimated bytes; never above `byteLimit`.
    var bytes: Int { entries.totalCost }
    var byteLimit: Int { entries.costLimit }

    /// The page of `key`, now the most recently used.
    mutating func page(_ key: PageKey) -> CachedPage? {
        guard case .page(let page) = entries.value(for: .page(key)) else { return nil }
        return page
    }

    /// Marks the page of `key`, if kept, as shown while the BFF fails; answers it.
    mutating func markStale(_ key: PageKey, because error: APISessionError) -> CachedPage? {
        guard var page = page(key) else { return nil }
        page.staleBecause = error
        set(page, for: key)
        return page
    }

    mutating func set(_ page: CachedPage, for key: PageKey) {
        changes.advance()
        if case .page(let old) = entries.peek(.page(key)) { forgetHolders(of: old, key: key) }
        for moment in page.details.moments {
            holders[momentKey(moment.id, in: key), default: []].insert(key)
        }
        forget(entries.set(.page(page), cost: Self.cost(of: page), for: .page(key)))
    }

    /// The moment of `key` and the one before it, from a page that holds it or else as read alone.
    mutating func located(_ key: MomentKey) -> Located? {
        for pageKey in holders[key] ?? [] {
            guard let moments = page(pageKey)?.details.moments, let index = moments.firstIndex(where: { $0.id == key.momentID })
            else { continue }
            return Located(moment: moments[index], previous: index > moments.startIndex ? moments[index - 1].id : pageKey.page.after)
        }
        guard case .moment(let located) = entries.value(for: .moment(key)) else { return nil }
        return located
    }

    /// `userID` as a liker: from the profile of their newest page, or as an earlier like listed
    /// them; `nil` when neither is kept.
    mutating func liker(_ userID: String) -> MomentsDetails.LikedUserDetails? {
        if let profile = page(PageKey(userID: userID, page: .newest, withLikes: true))?.details.userDetails, profile.id == userID {
            return MomentsDetails.LikedUserDetails(id: profile.id, avatar: profile.avatar)
        }
        guard case .liker(let liker) = entries.value(for: .liker(userID)) else { return nil }
        return liker
    }

    /// Keeps `located`, read alone, under `key`.
    mutating func set(_ located: Located, for key: MomentKey) {
        changes.advance()
        forget(entries.set(.moment(located), cost: Self.overhead + located.moment.estimatedBytes, for: .moment(key)))
    }

    /// Puts `moment` in place of its old self everywhere `userID` has it with likes, each page
    /// changed under a new version; kept alone when no page holds it. Answers the newest pages
    /// changed, to save. Remembers `userID` as a liker when the moment lists them.
    mutating func replace(_ located: Located, userID: String) -> [CachedPage] {
        changes.advance()
        let key = MomentKey(userID: userID, momentID: located.moment.id, withLikes: true)
        if let liker = located.moment.likes?.first(where: { $0.id == userID }) {
            forget(entries.set(.liker(liker), cost: Self.overhead + liker.estimatedBytes, for: .liker(userID)))
        }
        var newest: [CachedPage] = []
        for pageKey in holders[key] ?? [] {
            guard var page = page(pageKey), let index = page.details.moments.firstIndex(where: { $0.id == key.momentID }),
                  page.details.moments[index] != located.moment else { continue }
            page.details.moments[index] = located.moment
            page.version = nextVersion()
            forget(entries.set(.page(page), cost: Self.cost(of: page), for: .page(pageKey)))
            if pageKey.page.isNewest { newest.append(page) }
        }
        if holders[key]?.isEmpty ?? true || entries.peek(.moment(key)) != nil {
            set(located, for: key)
        }
        return newest
    }

    /// A version no page had before.
    mutating func nextVersion() -> Int {
        lastVersion += 1
        return lastVersion
    }

    /// Forgets everything (Area 51's Clear Cache) but the versions given.
    mutating func removeAll() {
        changes.advance()
        entries.removeAll { _ in true }
        holders.removeAll()
    }

    /// Forgets `userID`'s older pages and the moments read alone, which may have moved under
    /// newer moments (a refresh); they are read again when asked.
    mutating func removeAllButNewest(userID: String) {
        changes.advance()
        forget(entries.removeAll { key in
            switch key {
            case .page(let pageKey): pageKey.userID == userID && !pageKey.page.isNewest
            case .moment(let momentKey): momentKey.userID == userID
            case .liker: false
            }
        })
    }

    private func momentKey(_ momentID: String, in key: PageKey) -> MomentKey {
        MomentKey(userID: key.userID, momentID: momentID, withLikes: key.withLikes)
    }

    private static func cost(of page: CachedPage) -> Int {
        page.details.moments.reduce(overhead + page.details.userDetails.estimatedBytes) { $0 + overhead + $1.estimatedBytes }
    }

    /// Drops the holders of the pages among `dropped`.
    private mutating func forget(_ dropped: [(key: Key, value: Entry)]) {
        for case (.page(let key), .page(let page)) in dropped {
            forgetHolders(of: page, key: key)
        }
    }

    private mutating func forgetHolders(of page: CachedPage, key: PageKey) {
        for moment in page.details.moments {
            let momentKey = momentKey(moment.id, in: key)
            holders[momentKey]?.remove(key)
            if holders[momentKey]?.isEmpty == true { holders.removeValue(forKey: momentKey) }
        }
    }
}

extension MomentsDetails.Moment {
    /// What the moment's strings take, roughly: the measure of the cache's budget. Summed in
    /// place, since a like counts its page again.
    var estimatedBytes: Int {
        let strings = [id, userDetails.name, userDetails.avatar, createdDate].reduce(0) { $0 + estimatedSize($1) }
        return strings + estimatedSize(title ?? "") + estimatedSize(url ?? "") + photos.reduce(0) { $0 + estimatedSize($1) }
            + (likes ?? []).reduce(0) { $0 + $1.estimatedBytes }
    }
}

extension MomentsDetails.LikedUserDetails {
    var estimatedBytes: Int {
        estimatedSize(id) + estimatedSize(avatar)
    }
}

extension MomentsDetails.UserDetails {
    var estimatedBytes: Int {
        estimatedSize(id) + estimatedSize(name) + estimatedSize(avatar) + estimatedSize(backgroundImage)
    }
}

/// A string's bytes and what Swift keeps beside them.
private func estimatedSize(_ string: String) -> Int {
    16 + string.utf8.count
}
