/// The dashboard's own likes, by moment and user, and what they make of the BFF's live events.
///
/// The BFF reads an event's likes when it makes the event; the event may arrive after a like this
/// dashboard made and had answered since, however long after, and nothing in it says which came
/// first. So an event about a moment this dashboard liked is taken as a sign that the moment
/// changed, and the moment is read again once none of its own likes is on its way; a read begun
/// after every like was answered is newer than all of them. Events about other moments are kept
/// as they come. A plain value behind the repository's lock.
struct OwnLikes {
    /// What to do with a live event that changes a moment held.
    enum Verdict: Equatable {
        /// Keep the event's likes: no like of this dashboard's can be newer.
        case keep
        /// Keep nothing now: the moment is read again when its likes on their way are answered.
        case wait
        /// Read the moment again now (`readAgainEnded` says whether to keep what comes).
        case readAgain
    }

    private struct Entry {
        var onTheirWay = 0
        var sent = 0
        /// `OwnLikes.sentCount` when the last like of it was sent.
        var lastSent = 0
        var readingAgain = false
        /// An event came while likes were on their way or the moment was being read.
        var changedSince = false

        var isIdle: Bool { onTheirWay == 0 && !readingAgain && !changedSince }
    }

    /// Entries past which idle ones are forgotten: an event older than this many other likes
    /// of this dashboard is not waited for.
    static let capacity = 10_000

    private var entries: [MomentLikeChange.Target: Entry] = [:]
    /// Likes sent so far, of every moment: a page read from the BFF begun at this count lacks the
    /// likes `sentSince` names.
    private(set) var sentCount = 0

    /// A like of `target` is sent.
    mutating func sent(_ target: MomentLikeChange.Target) {
        if entries.count >= Self.capacity { entries = entries.filter { !$0.value.isIdle } }
        sentCount += 1
        entries[target, default: Entry()].onTheirWay += 1
        entries[target, default: Entry()].sent += 1
        entries[target, default: Entry()].lastSent = sentCount
    }

    /// Whether a like of `target` was sent after `sentCount` was `count`.
    func sentSince(_ target: MomentLikeChange.Target, count: Int) -> Bool {
        (entries[target]?.lastSent ?? 0) > count
    }

    /// A like of `target` was answered or failed; whether the moment is to be read again now.
    mutating func ended(_ target: MomentLikeChange.Target) -> Bool {
        guard var entry = entries[target] else { return false }
        entry.onTheirWay -= 1
        let readAgain = entry.onTheirWay == 0 && entry.changedSince && !entry.readingAgain
        if readAgain {
            entry.changedSince = false
            entry.readingAgain = true
        }
        entries[target] = entry
        return readAgain
    }

    /// What to do with a live event that changes `target` as held.
    mutating func verdict(on target: MomentLikeChange.Target) -> Verdict {
        guard var entry = entries[target] else { return .keep }
        defer { entries[target] = entry }
        if entry.onTheirWay > 0 || entry.readingAgain {
            entry.changedSince = true
            return .wait
        }
        entry.readingAgain = true
        return .readAgain
    }

    /// How many likes of `target` were sent so far: a read again is kept only if none is sent while it runs.
    func sentCount(_ target: MomentLikeChange.Target) -> Int {
        entries[target]?.sent ?? 0
    }

    /// A read again of `target` begun when `sentCount` was `sentBefore` has its answer: whether to
    /// keep it (no like sent since, none on its way), and whether to read again at once (an event
    /// came meanwhile).
    mutating func readAgainEnded(_ target: MomentLikeChange.Target, sentBefore: Int) -> (keep: Bool, readAgain: Bool) {
        guard var entry = entries[target] else { return (false, false) }
        let keep = entry.onTheirWay == 0 && entry.sent == sentBefore
        let readAgain = entry.onTheirWay == 0 && entry.changedSince
        entry.changedSince = entry.changedSince && !readAgain
        entry.readingAgain = readAgain
        entries[target] = entry
        return (keep, readAgain)
    }
}
