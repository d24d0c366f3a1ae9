import Foundations
import Locking

/// The timeline's repository, as in the seed: reads and writes through the BFF sessions, a
/// page at a time, keeps the pages it read, saves the newest page for offline use, and serves
/// what it has when the BFF is slow or down.
///
/// Its `stateVersion` changes with every page or moment it keeps or drops.
public protocol MomentsRepoType: StateVersioned {
    /// Every like change the BFF accepted from here, and those it tells of (live likes) that change
    /// what a page here shows: `userID` is the user whose page changed.
    var likeChanges: Broadcaster<LikeChange> { get }
    func getMoments(userID: String, page: MomentsPage, refresh: Bool) async throws(MomentsRepoError) -> MomentsSnapshot
    /// The moment `momentID` as `userID` sees it, from a page already read or else from the BFF.
    func moment(id momentID: String, userID: String) async throws(MomentsRepoError) -> MomentsDetails.Moment
    /// Changes `userID`'s like of `momentID` and answers the moment after the change.
    func updateLike(isLiked: Bool, momentID: String, fromUserID userID: String) async throws(MomentsRepoError) -> MomentsDetails.Moment
    /// Forgets every page read and the saved one (Area 51's Clear Cache); a save still pending
    /// from before is dropped or waited for, never written after.
    func clearSaved() async throws
    /// Returns once the likes on their way to the BFF are answered and the pages they changed are
    /// saved: at shutdown, after the requests, so that the saved timeline has every like the BFF took.
    func flush() async
}
