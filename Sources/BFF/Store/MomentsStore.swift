import Locking

/// Where the BFF keeps its users, moments, photos and likes: SQLite in a data folder
/// (`SQLiteMomentsStore`, the default) or a PostgreSQL database several BFF processes share
/// (`PostgresMomentsStore`). The schema's resolvers see only this.
///
/// Every change is one transaction and every read one snapshot; a failure of the database itself
/// is `.storage`.
protocol MomentsStore: Sendable {
    /// The IDs of the moments whose likes change from now on, as `announceLikeChanges` tells them:
    /// in this process, and on a database several processes share, in every one of them.
    var likeChanges: Broadcaster<String> { get }

    /// Tells `likeChanges`, of every process that shares the database, that the likes of
    /// `momentIDs` changed (each once).
    func announceLikeChanges(of momentIDs: [String]) async

    /// Every user, by ID: who the dashboard can act as.
    func users() async throws(MomentsStoreError) -> [(id: String, name: String, avatar: String)]

    /// The profile of `userID` and the moments of `page`, newest first, with `isLiked` relative
    /// to them.
    func momentsDetails(forUserID userID: String, page: MomentsPage) async throws(MomentsStoreError) -> MomentsDetails

    /// Likes or unlikes `momentID` as `userID` and answers that user's details and the moments of
    /// `page` read after the change (a store may read them in the change's transaction, or commit
    /// the change first so that it locks no more than its own row). Liking twice is liking once;
    /// unliking what was not liked changes nothing; an error (an unknown page start too) changes
    /// nothing. Answers once the like is committed.
    func updateLike(momentID: String, userID: String, isLiked: Bool, page: MomentsPage)
        async throws(MomentsStoreError) -> MomentsDetails

    /// Applies `changes` in order, each as `updateLike` would and each on its own (one that fails
    /// changes nothing, and the others are applied all the same), and answers, for each change in
    /// order, its moment as the change's user sees it once every change is applied, or the
    /// change's error. The moments are read together, once, whatever the number of changes; the
    /// batch is answered once its changes are committed. A failure of the database itself fails
    /// the whole batch.
    func updateLikes(_ changes: [LikeChange]) async throws(MomentsStoreError) -> [Result<Moment, MomentsStoreError>]

    /// Deletes every user, moment and like, puts `demoData` in their place, dated from now, and
    /// answers how many rows of each kind the database then holds.
    @discardableResult
    func replaceAll(with demoData: DemoData) async throws(MomentsStoreError) -> BFFDataCounts
}
