import Foundation
import Locking
import Logging
import PostgresNIO

/// The BFF's data in a PostgreSQL database that several BFF processes share: users, moments,
/// photos, likes and the remote config, through a pool of connections.
///
/// Each change is one transaction, so what one process committed is what every process reads
/// next. Each gives up after its `deadlines`, so that a database that is down answers
/// DATABASE_UNAVAILABLE in seconds; the pool keeps reconnecting, so the BFF answers again when the
/// database is back, with no restart.
final class PostgresMomentsStore: MomentsStore, RemoteConfigStorage {
    private let client: PostgresClient
    private let runTask: Task<Void, Never>
    /// Listens for every process's like changes (`NOTIFY` on `likesChannel`).
    private let listenTask: Task<Void, Never>
    let likeChanges: Broadcaster<String>
    private let logger: Logger
    private let deadlines: PostgresDeadlines

    /// How long a request waits before DATABASE_UNAVAILABLE: each part shorter than a dashboard's
    /// 5-second BFF timeout, so that a dashboard hears the BFF's 503 rather than timing out itself.
    static let requestDeadlines = PostgresDeadlines(connectionWait: .seconds(3), operation: .seconds(4))

    /// The channel likes are announced on, each notification's payload a moment's ID.
    static let likesChannel = "moment_likes"

    /// Connects to the database `configuration` names with a pool of at most `poolSize`
    /// connections, migrates it, and fills it with `demoData` when it has no users yet.
    init(configuration: PostgresClient.Configuration, poolSize: Int, demoData: DemoData,
         deadlines: PostgresDeadlines = requestDeadlines,
         logger: Logger) async throws(PostgresStoreError) {
        var configuration = configuration
        // One connection more than the requests' pool: the listener for likes holds it.
        configuration.options.maximumConnections = poolSize + 1
        configuration.options.connectTimeout = deadlines.connectionWait
        // The pool logs each failed attempt to connect at info, one line a second or so while the
        // database is down; the requests that fail meanwhile say so themselves, once each. Its
        // lines are shown from `--log-level debug` on.
        var backgroundLogger = logger
        if logger.logLevel > .debug {
            backgroundLogger.logLevel = max(logger.logLevel, .notice)
        }
        let client = PostgresClient(configuration: configuration, backgroundLogger: backgroundLogger)
        self.client = client
        runTask = Task { await client.run() }
        self.logger = logger
        self.deadlines = deadlines
        do {
            // Opening waits longer than a request: the first BFF on an empty database migrates and seeds it.
            let seeded = try await PostgresDeadlines(connectionWait: .seconds(60), operation: .seconds(60)).run(on: client) { connection in
                try await connection.withTransaction(logger: logger) { connection in
                    try await PostgresMigrations.migrate(connection, logger: logger)
                    let empty = try await connection.query("SELECT 1 FROM users LIMIT 1", logger: logger)
                        .collect().isEmpty
                    if empty {
                        try await demoData.rows(now: Date()).insert(on: connection, logger: logger)
                    }
                    return empty
                }
            }
            if seeded {
                try await Self.analyze(client, logger: logger)
            }
        } catch {
            runTask.cancel()
            throw Self.unwrapped(error) as? PostgresStoreError ?? .unreachable(error)
        }
        let likeChanges = Broadcaster<String>()
        self.likeChanges = likeChanges
        listenTask = Task { await Self.forwardLikeNotifications(from: client, to: likeChanges, logger: logger) }
    }

    deinit {
        listenTask.cancel()
        runTask.cancel()
    }

    /// Announces through the database (`NOTIFY`), which tells every process's listener, this one's
    /// too; when the database cannot be told, this process's subscriptions at least hear of it.
    func announceLikeChanges(of momentIDs: [String]) async {
        guard !momentIDs.isEmpty else { return }
        do {
            _ = try await run { connection, logger in
                try await connection.query("SELECT pg_notify(\(Self.likesChannel), id) FROM unnest(\(momentIDs)::text[]) AS id",
                                           logger: logger)
            }
        } catch {
            for momentID in momentIDs {
                likeChanges.send(momentID)
            }
        }
    }

    /// Hands every process's like notifications to `likeChanges`, listening again on a new
    /// connection whenever the database goes away. Notifications sent meanwhile are lost: the
    /// dashboards' reads make up for them.
    private static func forwardLikeNotifications(from client: PostgresClient, to likeChanges: Broadcaster<String>,
                                                 logger: Logger) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: likesChannel) { notifications in
                        for try await notification in notifications {
                            likeChanges.send(notification.payload)
                        }
                    }
                }
            } catch {
                logger.debug("Listening for likes stopped", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    func users() async throws(MomentsStoreError) -> [(id: String, name: String, avatar: String)] {
        try await run { connection, logger in
            var users: [(id: String, name: String, avatar: String)] = []
            for try await user in try await connection.query("SELECT id, name, avatar FROM users ORDER BY id COLLATE \"C\"", logger: logger)
                .decode((String, String, String).self) {
                users.append(user)
            }
            return users
        }
    }

    func momentsDetails(forUserID userID: String, page: MomentsPage) async throws(MomentsStoreError) -> MomentsDetails {
        try await transaction { connection, logger in
            // One snapshot for the page's five reads, as SQLite's read transaction gives.
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
            return try await PostgresPageQueries.details(forUserID: userID, page: page, on: connection, logger: logger)
        }
    }

    func updateLike(momentID: String, userID: String, isLiked: Bool, page: MomentsPage)
        async throws(MomentsStoreError) -> MomentsDetails {
        try await changeLike(momentID: momentID, userID: userID, isLiked: isLiked, page: page)
        // Read after the change is committed: the like's row is locked only for its one statement, not
        // for the page's five reads, which another process liking the same moment would wait behind.
        return try await momentsDetails(forUserID: userID, page: page)
    }

    /// Likes or unlikes in one statement, which changes nothing unless the user, the moment and
    /// the page's start are all known. Two processes liking at once: the primary key keeps one row,
    /// the other does nothing.
    private func changeLike(momentID: String, userID: String, isLiked: Bool, page: MomentsPage)
        async throws(MomentsStoreError) {
        let start = page.startMomentID
        let known = try await run { connection, logger in
            var known = (user: false, moment: false, start: false)
            for try await row in try await connection.query("""
                WITH checked AS (
                    SELECT EXISTS (SELECT 1 FROM users WHERE id = \(userID)) AS user_known,
                           EXISTS (SELECT 1 FROM moments WHERE id = \(momentID)) AS moment_known,
                           (\(start)::text IS NULL OR EXISTS (SELECT 1 FROM moments WHERE id = \(start))) AS start_known
                ), liked AS (
                    INSERT INTO likes (moment_id, user_id, liked_at)
                    SELECT \(momentID), \(userID), \(Date().timeIntervalSince1970) FROM checked
                    WHERE \(isLiked) AND user_known AND moment_known AND start_known
                    ON CONFLICT (moment_id, user_id) DO NOTHING
                ), unliked AS (
                    DELETE FROM likes USING checked
                    WHERE NOT \(isLiked) AND user_known AND moment_known AND start_known
                      AND moment_id = \(momentID) AND user_id = \(userID)
                )
                SELECT user_known, moment_known, start_known FROM checked
                """, logger: logger).decode((Bool, Bool, Bool).self) {
                known = row
            }
            return known
        }
        guard known.user else { throw .unknownUser(userID) }
        guard known.moment else { throw .unknownMoment(momentID) }
        if !known.start, let unknownStart = page.unknownStart { throw unknownStart }
    }

    func updateLikes(_ changes: [LikeChange]) async throws(MomentsStoreError) -> [Result<Moment, MomentsStoreError>] {
        let known = try await changeLikes(changes)
        let outcomes = zip(changes, known).map { change, known -> (change: LikeChange, error: MomentsStoreError?) in
            if !known.user { return (change, .unknownUser(change.userID)) }
            if !known.moment { return (change, .unknownMoment(change.momentID)) }
            return (change, nil)
        }
        let momentIDs = Array(Set(outcomes.filter { $0.error == nil }.map(\.change.momentID)))
        guard !momentIDs.isEmpty else { return Moment.answers(to: outcomes, moments: [], photos: [], likes: []) }
        // Read after the changes are committed, as for one like.
        return try await transaction { connection, logger in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
            let moments = try await PostgresPageQueries.moments(withIDs: momentIDs, on: connection, logger: logger)
            let (photos, likes) = try await PostgresPageQueries.photosAndLikes(ofMomentIDs: momentIDs, on: connection,
                                                                              logger: logger)
            return Moment.answers(to: outcomes, moments: moments, photos: photos, likes: likes)
        }
    }

    /// Applies `changes` in one statement and answers, for each in order, whether its user and its
    /// moment are known; a change with either unknown changes nothing. What several changes of one
    /// moment and user come to is their last one's, as if each were applied in turn.
    private func changeLikes(_ changes: [LikeChange]) async throws(MomentsStoreError) -> [(user: Bool, moment: Bool)] {
        let momentIDs = changes.map(\.momentID), userIDs = changes.map(\.userID), isLiked = changes.map(\.isLiked)
        return try await run { connection, logger in
            var known: [(user: Bool, moment: Bool)] = []
            for try await row in try await connection.query("""
                WITH changes AS (
                    SELECT c.moment_id, c.user_id, c.is_liked, c.n,
                           EXISTS (SELECT 1 FROM users WHERE id = c.user_id) AS user_known,
                           EXISTS (SELECT 1 FROM moments WHERE id = c.moment_id) AS moment_known
                    FROM unnest(\(momentIDs)::text[], \(userIDs)::text[], \(isLiked)::boolean[])
                         WITH ORDINALITY AS c(moment_id, user_id, is_liked, n)
                ), outcome AS (
                    SELECT DISTINCT ON (moment_id, user_id) moment_id, user_id, is_liked FROM changes
                    WHERE user_known AND moment_known
                    ORDER BY moment_id, user_id, n DESC
                ), liked AS (
                    INSERT INTO likes (moment_id, user_id, liked_at)
                    SELECT moment_id, user_id, \(Date().timeIntervalSince1970) FROM outcome WHERE is_liked
                    ON CONFLICT (moment_id, user_id) DO NOTHING
                ), unliked AS (
                    DELETE FROM likes USING outcome
                    WHERE NOT outcome.is_liked AND likes.moment_id = outcome.moment_id AND likes.user_id = outcome.user_id
                )
                SELECT user_known, moment_known FROM changes ORDER BY n
                """, logger: logger).decode((Bool, Bool).self) {
                known.append(row)
            }
            return known
        }
    }

    @discardableResult
    func replaceAll(with demoData: DemoData) async throws(MomentsStoreError) -> BFFDataCounts {
        let rows = demoData.rows(now: Date())
        do {
            // A generated timeline takes longer than one request may.
            let counts = try await client.withTransaction(logger: logger) { [logger] connection in
                try await connection.query("TRUNCATE likes, photos, moments, users", logger: logger)
                try await rows.insert(on: connection, logger: logger)
                var counts = BFFDataCounts(users: 0, moments: 0, photos: 0, likes: 0)
                for try await (users, moments, photos, likes) in try await connection.query("""
                    SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM moments),
                           (SELECT count(*) FROM photos), (SELECT count(*) FROM likes)
                    """, logger: logger).decode((Int, Int, Int, Int).self) {
                    counts = BFFDataCounts(users: users, moments: moments, photos: photos, likes: likes)
                }
                return counts
            }
            try await Self.analyze(client, logger: logger)
            return counts
        } catch {
            throw MomentsStoreError(Self.unwrapped(error))
        }
    }

    /// Gathers the planner's statistics of the tables a bulk load has just filled. Until then
    /// (autovacuum comes by a minute later) PostgreSQL knows no row counts, and it read the likes of
    /// a page by scanning every like: 68 ms instead of 0.9 at 100,000 moments and a million likes.
    private static func analyze(_ client: PostgresClient, logger: Logger) async throws {
        try await client.query("ANALYZE users, moments, photos, likes", logger: logger)
    }

    func load() async throws(RemoteConfigError) -> RemoteConfig {
        let document: String?
        do {
            document = try await storedDocument()
        } catch {
            throw .databaseUnavailable
        }
        return try Self.config(from: document)
    }

    /// The stored document itself: every process writes it in its own transaction.
    func revision() async throws -> String {
        try await storedDocument() ?? ""
    }

    /// The remote config's row as stored; nil before the first change.
    private func storedDocument() async throws -> String? {
        try await deadlines.run(on: client) { [logger] connection in
            var document: String?
            for try await stored in try await connection.query(
                "SELECT document FROM remote_config WHERE id = 1", logger: logger).decode(String.self) {
                document = stored
            }
            return document
        }
    }

    func update(_ patch: RemoteConfigPatch) async throws(RemoteConfigError) -> RemoteConfig {
        do {
            return try await deadlines.run(on: client) { [logger] connection in
                try await connection.withTransaction(logger: logger) { connection in
                    // The row exists and is locked: two processes changing it at once apply one after the other.
                    try await connection.query("""
                        INSERT INTO remote_config (id, document) VALUES (1, '{}') ON CONFLICT (id) DO NOTHING
                        """, logger: logger)
                    var document: String?
                    for try await stored in try await connection.query(
                        "SELECT document FROM remote_config WHERE id = 1 FOR UPDATE", logger: logger).decode(String.self) {
                        document = stored
                    }
                    let config = patch.applied(to: try Self.config(from: document))
                    let json = String(decoding: try config.storedJSON(), as: UTF8.self)
                    try await connection.query("UPDATE remote_config SET document = \(json) WHERE id = 1", logger: logger)
                    return config
                }
            }
        } catch {
            throw Self.unwrapped(error) as? RemoteConfigError ?? .databaseUnavailable
        }
    }

    private static func config(from document: String?) throws(RemoteConfigError) -> RemoteConfig {
        guard let document else { return .defaults }
        do {
            return try RemoteConfigPatch(json: Data(document.utf8)).applied(to: .defaults)
        } catch {
            throw .unreadableFile(path: "the remote_config table", reason: error.description)
        }
    }

    /// Runs `body` in a transaction on a pooled connection, within `deadlines`.
    private func transaction<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws(MomentsStoreError) -> T {
        try await run { connection, logger in
            try await connection.withTransaction(logger: logger) { connection in try await body(connection, logger) }
        }
    }

    /// Runs `body` on a pooled connection, within `deadlines`.
    private func run<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws(MomentsStoreError) -> T {
        do {
            return try await deadlines.run(on: client) { [logger] connection in try await body(connection, logger) }
        } catch {
            throw MomentsStoreError(Self.unwrapped(error))
        }
    }

    /// What the closure of a transaction threw (an unknown user, a newer schema), which the
    /// library wraps with the rollback's outcome; other errors as they are.
    private static func unwrapped(_ error: any Error) -> any Error {
        (error as? PostgresTransactionError)?.closureError ?? error
    }
}
