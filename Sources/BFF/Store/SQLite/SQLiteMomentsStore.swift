import Foundation
import GRDB
import Locking
import SQLiteFiles

/// The BFF's data on SQLite in WAL mode: users, moments with their ordered photos, and likes.
///
/// Each read is one transaction. GRDB serializes writes, so concurrent likes lose none, and
/// reads run in parallel with them on the pool's snapshots; likes that come together share a
/// transaction (`CoalescingWriter`), each answered once it has committed.
final class SQLiteMomentsStore: MomentsStore {
    private let database: DatabasePool
    private let likeWriter: CoalescingWriter
    let likeChanges = Broadcaster<String>()

    /// The BFF's database, as start-up errors name it.
    static let kind = DatabaseKind(name: "the BFF's database", afterMovingAway: "a new one with demo data is made")

    /// Opens (creating if needed) and migrates the database at `url`, and fills it with
    /// `demoData` when it has no users yet.
    init(url: URL, demoData: DemoData) throws(DatabaseOpenError) {
        var configuration = Configuration()
        // `moments bff reset-demo-data` may write from another process while a server runs.
        configuration.busyMode = .timeout(5)
        // One reader per core: more only wait for a core, each with its own page cache.
        configuration.maximumReaderCount = ProcessInfo.processInfo.activeProcessorCount
        configuration.prepareDatabase { db in
            // WAL with NORMAL loses no committed like when the process crashes or is killed
            // (only on power loss), and spares a disk sync per like.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // A page reads a few dozen database pages; 1 MiB of cache per connection (SQLite's
            // default is 2) holds them and the index tops.
            try db.execute(sql: "PRAGMA cache_size = -1024")
        }
        database = try DatabaseFile.openPool(path: url.path, configuration: configuration,
                                             migrator: MomentsStoreMigrations.migrator, kind: Self.kind) { pool in
            try pool.write { db in
                if try UserRecord.fetchCount(db) == 0 {
                    try demoData.rows(now: Date()).insert(into: db)
                }
            }
        }
        likeWriter = CoalescingWriter(writer: database)
    }

    /// Only this process's subscriptions hear of likes: SQLite has no way to tell another.
    func announceLikeChanges(of momentIDs: [String]) async {
        for momentID in momentIDs {
            likeChanges.send(momentID)
        }
    }

    func users() async throws(MomentsStoreError) -> [(id: String, name: String, avatar: String)] {
        do {
            return try await database.read { db in
                try UserRecord.order(Column("id")).fetchAll(db).map { ($0.id, $0.name, $0.avatar) }
            }
        } catch {
            throw MomentsStoreError(error)
        }
    }

    func momentsDetails(forUserID userID: String, page: MomentsPage) async throws(MomentsStoreError)
        -> MomentsDetails {
        do {
            return try await database.read { db in try MomentsDetails.fetch(forUserID: userID, page: page, in: db) }
        } catch {
            throw MomentsStoreError(error)
        }
    }

    func updateLike(momentID: String, userID: String, isLiked: Bool, page: MomentsPage)
        async throws(MomentsStoreError) -> MomentsDetails {
        do {
            return try await likeWriter.write { db in
                try Self.apply(LikeChange(momentID: momentID, userID: userID, isLiked: isLiked), in: db)
                return try MomentsDetails.fetch(forUserID: userID, page: page, in: db)
            }
        } catch {
            throw MomentsStoreError(error)
        }
    }

    func updateLikes(_ changes: [LikeChange]) async throws(MomentsStoreError) -> [Result<Moment, MomentsStoreError>] {
        do {
            return try await likeWriter.write { db in
                // A change that throws has written nothing (`apply`): the others commit without it.
                let outcomes = try changes.map { change in
                    do {
                        try Self.apply(change, in: db)
                        return (change: change, error: nil as MomentsStoreError?)
                    } catch let error as MomentsStoreError {
                        return (change: change, error: error)
                    }
                }
                let momentIDs = Array(Set(outcomes.filter { $0.error == nil }.map(\.change.momentID)))
                guard !momentIDs.isEmpty else {
                    return Moment.answers(to: outcomes, moments: [], photos: [], likes: [])
                }
                let moments = try MomentsPageQueries.moments(withIDs: momentIDs).fetchAll(db).map(PageMomentRow.init(row:))
                let (photos, likes) = try MomentsDetails.photosAndLikes(ofMomentIDs: momentIDs, in: db)
                return Moment.answers(to: outcomes, moments: moments, photos: photos, likes: likes)
            }
        } catch {
            throw MomentsStoreError(error)
        }
    }

    /// Likes or unlikes as `change` says, after checking that its user and moment exist: one
    /// statement, which SQLite applies whole or not at all, after reads that write nothing, so a
    /// change that throws needs no savepoint to be undone. The statements are prepared once per
    /// connection: a record's `insert` and `deleteOne` build their SQL and encode the record
    /// for each change, and a savepoint per change parses two statements more.
    private static func apply(_ change: LikeChange, in db: Database) throws {
        guard try exists(table: UserRecord.databaseTableName, id: change.userID, in: db) else {
            throw MomentsStoreError.unknownUser(change.userID)
        }
        guard try exists(table: MomentRecord.databaseTableName, id: change.momentID, in: db) else {
            throw MomentsStoreError.unknownMoment(change.momentID)
        }
        if change.isLiked {
            try db.cachedStatement(sql: Self.insertLike)
                .execute(arguments: [change.momentID, change.userID, Date().timeIntervalSince1970])
        } else {
            try db.cachedStatement(sql: Self.deleteLike).execute(arguments: [change.momentID, change.userID])
        }
    }

    /// A like that is there already stays as it is, with its time.
    private static let insertLike = "INSERT OR IGNORE INTO \(LikeRecord.databaseTableName) (momentID, userID, likedAt) VALUES (?, ?, ?)"
    private static let deleteLike = "DELETE FROM \(LikeRecord.databaseTableName) WHERE momentID = ? AND userID = ?"

    /// Whether `table` has a row with `id`, by a statement prepared once per connection.
    private static func exists(table: String, id: String, in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE id = ?)"), arguments: [id]) ?? false
    }

    @discardableResult
    func replaceAll(with demoData: DemoData) async throws(MomentsStoreError) -> BFFDataCounts {
        do {
            return try await database.write { db in
                // A generated timeline's indexes outgrow SQLite's default 2 MB page cache, which
                // would then write pages out and read them back many times over.
                let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
                try db.execute(sql: "PRAGMA cache_size = -262144")
                defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
                // Children first: deleting the users alone would reach the likes and photos one
                // moment at a time through ON DELETE CASCADE, three times slower at a million likes.
                try LikeRecord.deleteAll(db)
                try PhotoRecord.deleteAll(db)
                try MomentRecord.deleteAll(db)
                try UserRecord.deleteAll(db)
                try demoData.rows(now: Date()).insert(into: db)
                return BFFDataCounts(users: try UserRecord.fetchCount(db), moments: try MomentRecord.fetchCount(db),
                                     photos: try PhotoRecord.fetchCount(db), likes: try LikeRecord.fetchCount(db))
            }
        } catch {
            throw MomentsStoreError(error)
        }
    }
}
