import Foundation
import GRDB
import Locking
import Testing
@testable import BFF

/// Writes that come together share transactions, and each is answered only after its own committed.
@Suite struct CoalescingWriterTests {
    /// A database file with one table of rows, a writer on it and a second connection to look
    /// from, as another process would.
    private final class Fixture: Sendable {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("coalescing-\(UUID().uuidString)")
        let pool: DatabasePool
        let writer: CoalescingWriter
        let commits = CommitCounter()

        init() throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            pool = try DatabasePool(path: directory.appendingPathComponent("rows.sqlite").path)
            try pool.write { db in try db.execute(sql: "CREATE TABLE rows (id INTEGER PRIMARY KEY)") }
            pool.add(transactionObserver: commits, extent: .databaseLifetime)
            writer = CoalescingWriter(writer: pool)
        }

        deinit {
            try? FileManager.default.removeItem(at: directory)
        }

        /// Whether a connection of its own sees row `id` (it sees only what was committed).
        func otherConnectionSees(_ id: Int) throws -> Bool {
            var configuration = Configuration()
            configuration.readonly = true
            // Opening reads the schema, which waits while the writer checkpoints the WAL.
            configuration.busyMode = .timeout(5)
            let other = try DatabaseQueue(path: directory.appendingPathComponent("rows.sqlite").path, configuration: configuration)
            return try other.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM rows WHERE id = ?)", arguments: [id]) } ?? false
        }

        func rowIDs() throws -> Set<Int> {
            Set(try pool.read { db in try Int.fetchAll(db, sql: "SELECT id FROM rows") })
        }
    }

    /// Counts the transactions that committed.
    private final class CommitCounter: TransactionObserver, Sendable {
        let count = Locked(0)
        func observes(eventsOfKind _: DatabaseEventKind) -> Bool { true }
        func databaseDidChange(with _: DatabaseEvent) {}
        func databaseDidCommit(_: Database) { count.withLock { $0 += 1 } }
        func databaseDidRollback(_: Database) {}
    }

    @Test func concurrentWrites_allCommit_inFewerTransactionsThanWrites() async throws {
        let fixture = try Fixture()
        let writes = 200
        await withThrowingTaskGroup(of: Void.self) { group in
            for id in 1...writes {
                group.addTask { try await fixture.writer.write { db in try db.execute(sql: "INSERT INTO rows VALUES (?)", arguments: [id]) } }
            }
        }
        #expect(try fixture.rowIDs() == Set(1...writes))
        let commits = fixture.commits.count.withLock { $0 }
        #expect(commits >= 1 && commits < writes, "\(commits) transactions for \(writes) writes")
    }

    @Test func eachWrite_isAnsweredOnlyOnceAnotherConnectionSeesIt() async throws {
        let fixture = try Fixture()
        let unseen = try await withThrowingTaskGroup(of: Int?.self) { group in
            for id in 1...50 {
                group.addTask {
                    try await fixture.writer.write { db in try db.execute(sql: "INSERT INTO rows VALUES (?)", arguments: [id]) }
                    return try fixture.otherConnectionSees(id) ? nil : id
                }
            }
            return try await group.reduce(into: [Int]()) { if let id = $1 { $0.append(id) } }
        }
        #expect(unseen.isEmpty, "answered before their commit: \(unseen.sorted())")
    }

    @Test func aWriteThatThrows_isUndoneAlone_andItsCallerGetsTheError() async throws {
        struct Refused: Error, Equatable { let id: Int }
        let fixture = try Fixture()
        // Every third write inserts its row and then throws: its row must go, the others' stay.
        let outcomes = await withTaskGroup(of: (Int, Result<Int, Refused>).self) { group in
            for id in 1...60 {
                group.addTask {
                    do {
                        let answer = try await fixture.writer.write { db in
                            try db.execute(sql: "INSERT INTO rows VALUES (?)", arguments: [id])
                            if id % 3 == 0 { throw Refused(id: id) }
                            return id * 10
                        }
                        return (id, .success(answer))
                    } catch {
                        return (id, .failure(error as! Refused))
                    }
                }
            }
            return await group.reduce(into: [Int: Result<Int, Refused>]()) { $0[$1.0] = $1.1 }
        }
        for id in 1...60 {
            #expect(outcomes[id] == (id % 3 == 0 ? .failure(Refused(id: id)) : .success(id * 10)), "write \(id)")
        }
        #expect(try fixture.rowIDs() == Set((1...60).filter { $0 % 3 != 0 }))
    }
}
