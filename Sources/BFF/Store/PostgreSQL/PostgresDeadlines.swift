import Logging
import PostgresNIO
import Locking

/// How long a PostgreSQL store waits before it answers DATABASE_UNAVAILABLE, in two parts.
///
/// Waiting for a pooled connection and using one are timed apart. Under a burst, many requests
/// wait their turn for the pool while the database serves one after the other; that wait is not
/// the database being down, so a request waiting for a connection gives up only when the pool
/// handed out none for `connectionWait`, however long its own wait. A database that is down shows
/// as a pool that hands out nothing (it keeps trying to connect, for a minute before it gives up
/// by itself) or as a connection that stops answering within `operation`.
struct PostgresDeadlines: Sendable {
    /// The longest time the pool may go without handing out a connection while a request waits.
    let connectionWait: Duration
    /// The longest use of a connection once it is ours: one transaction or one query.
    let operation: Duration
    /// When the pool last handed out a connection, shared by every request of one pool.
    private let lastLease = InstantBox()

    init(connectionWait: Duration, operation: Duration) {
        self.connectionWait = connectionWait
        self.operation = operation
    }

    /// Runs `body` on a connection of `client`'s pool, or throws `DeadlinePassed` once the pool
    /// stalled or using the connection took too long. `body` is then cancelled: a transaction not
    /// yet committed rolls back, and nothing was acknowledged.
    func run<T: Sendable>(on client: PostgresClient,
                          _ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let asked = ContinuousClock.now
        let leased = InstantBox()
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { [operation, lastLease] in
                try await client.withConnection { connection in
                    let now = ContinuousClock.now
                    leased.set(now)
                    lastLease.set(now)
                    return try await Self.answer(within: operation, waited: now - asked) { try await body(connection) }
                }
            }
            group.addTask { [connectionWait, lastLease] in
                var progress = ContinuousClock.now
                while true {
                    try await Task.sleep(until: progress + connectionWait)
                    if leased.value != nil { return nil }
                    guard let last = lastLease.value, last > progress else {
                        throw DeadlinePassed.connectionWait(limit: connectionWait, waited: .now - asked)
                    }
                    progress = last
                }
            }
            defer { group.cancelAll() }
            while let answer = try await group.next() {
                if let answer { return answer }
            }
            throw DeadlinePassed.connectionWait(limit: connectionWait, waited: .now - asked)
        }
    }

    /// `body`'s answer, or `DeadlinePassed.operation` once `limit` has passed (`body` is then
    /// cancelled); `waited` is how long the connection took to come, for the error.
    private static func answer<T: Sendable>(within limit: Duration, waited: Duration,
                                            _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit)
                throw DeadlinePassed.operation(limit: limit, waitedForConnection: waited)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw DeadlinePassed.operation(limit: limit, waitedForConnection: waited) }
            return first
        }
    }
}

/// An instant written by one task and read by another.
private final class InstantBox: Sendable {
    private let instant = Locked<ContinuousClock.Instant?>(nil)

    var value: ContinuousClock.Instant? { instant.withLock { $0 } }

    func set(_ value: ContinuousClock.Instant) {
        instant.withLock { $0 = value }
    }
}

/// The database did not answer within a store's deadlines: the pool handed out no connection, or
/// the connection did not answer. Each says where the time went, for the log: a deadline that
/// passes under a burst tells a database that stalled from a request that waited its turn.
enum DeadlinePassed: Error, CustomStringConvertible {
    /// The pool handed out no connection for `limit`; the request had waited `waited` in all.
    case connectionWait(limit: Duration, waited: Duration)
    /// The connection did not answer within `limit`, after `waitedForConnection` waiting for it.
    case operation(limit: Duration, waitedForConnection: Duration)

    var description: String {
        switch self {
        case .connectionWait(let limit, let waited):
            "the pool handed out no connection for \(limit) (the request waited \(waited) in all)"
        case .operation(let limit, let waited):
            "the database did not answer within \(limit) on a connection that came after \(waited)"
        }
    }
}
