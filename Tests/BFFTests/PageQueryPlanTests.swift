import Foundation
import GRDB
import GRDBSQLite
import Testing
@testable import BFF

/// A page's cost must not grow with the timeline: SQLite's plans for the page's queries walk an
/// index from where the page starts and sort nothing, and the steps they take are the same for 30
/// moments and for thousands.
@Suite struct PageQueryPlanTests {
    @Test func pageOfMoments_walksTheCreatedAtIndexFromTheCursor_withoutSorting() throws {
        let database = try Self.database(moments: 30)
        let plan = try database.read { db in
            let start = try #require(try MomentsPageQueries.position(ofMomentID: "10").fetchOne(db))
            return try Self.queryPlan(MomentsPageQueries.moments(after: start, limit: 11), in: db)
        }
        #expect(plan.contains("SEARCH moments USING INDEX moments_on_createdAt (createdAt<?)"), "\(plan)")
        #expect(plan.contains("SEARCH users USING INDEX sqlite_autoindex_users_1 (id=?)"), "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    @Test func firstPageOfMoments_scansTheCreatedAtIndex_withoutSorting() throws {
        let database = try Self.database(moments: 30)
        let plan = try database.read { db in
            try Self.queryPlan(MomentsPageQueries.moments(after: nil, limit: 11), in: db)
        }
        #expect(plan.contains("SCAN moments USING INDEX moments_on_createdAt"), "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    @Test func pageStart_photosAndLikes_areLookedUpByPrimaryKey() throws {
        let database = try Self.database(moments: 30)
        let ids = ["1", "2", "3"]
        let plans = try database.read { db in
            (position: try Self.queryPlan(MomentsPageQueries.position(ofMomentID: "1"), in: db),
             photos: try Self.queryPlan(try MomentsPageQueries.photos(ofMomentIDs: ids), in: db),
             likes: try Self.queryPlan(try MomentsPageQueries.likes(ofMomentIDs: ids), in: db))
        }
        #expect(plans.position == ["SEARCH moments USING INDEX sqlite_autoindex_moments_1 (id=?)"])
        #expect(plans.photos.contains("SEARCH photos USING INDEX sqlite_autoindex_photos_1 (momentID=?)"), "\(plans.photos)")
        #expect(!plans.photos.contains { $0.hasPrefix("SCAN photos") }, "\(plans.photos)")
        #expect(plans.likes.contains("SEARCH likes USING INDEX sqlite_autoindex_likes_1 (momentID=?)"), "\(plans.likes)")
        #expect(plans.likes.contains("SEARCH users USING INDEX sqlite_autoindex_users_1 (id=?)"), "\(plans.likes)")
        #expect(!plans.likes.contains { $0.hasPrefix("SCAN likes") }, "\(plans.likes)")
    }

    @Test func pageOfMoments_andAPageFromAMoment_takeTheSameStepsFor30MomentsAsFor3000() throws {
        let small = try Self.database(moments: 30)
        let large = try Self.database(moments: 3000)
        // The same place in both timelines: after the 10th moment, as the next page would ask.
        let smallSteps = try Self.steps(ofPageAfter: "10", in: small)
        let largeSteps = try Self.steps(ofPageAfter: "10", in: large)
        #expect(smallSteps.sorts == 0 && largeSteps.sorts == 0)
        #expect(smallSteps.fullScanSteps == 0 && largeSteps.fullScanSteps == 0)
        #expect(smallSteps.virtualMachine > 0)
        #expect(largeSteps.virtualMachine == smallSteps.virtualMachine, "\(largeSteps) vs \(smallSteps)")
        // A page that starts at a moment (`from`, one moment read by its ID): the same steps near
        // the top of a short timeline and deep in a long one. (Its statement is another one, so
        // SQLite's counters, which add up over a statement's runs, start afresh.)
        let near = try Self.steps(ofPageAfter: "10", including: true, limit: 1, in: small)
        let deep = try Self.steps(ofPageAfter: "2900", including: true, limit: 1, in: large)
        #expect(near.sorts == 0 && deep.sorts == 0)
        #expect(near.fullScanSteps == 0 && deep.fullScanSteps == 0)
        #expect(near.virtualMachine > 0)
        #expect(deep.virtualMachine == near.virtualMachine, "\(deep) vs \(near)")
    }

    private struct Steps: CustomStringConvertible {
        var virtualMachine: Int32
        var sorts: Int32
        var fullScanSteps: Int32
        var description: String { "\(virtualMachine) VM steps, \(sorts) sorts, \(fullScanSteps) full scan steps" }
    }

    /// What SQLite counted while reading the `limit` moments after `momentID` (from it, when
    /// `including`).
    private static func steps(ofPageAfter momentID: String, including: Bool = false, limit: Int = 11,
                              in database: DatabaseQueue) throws -> Steps {
        try database.read { db in
            let start = try #require(try MomentsPageQueries.position(ofMomentID: momentID).fetchOne(db))
            let prepared = try MomentsPageQueries.moments(after: start, including: including, limit: limit).makePreparedRequest(db)
            let rows = try Row.fetchAll(prepared.statement)
            #expect(rows.count == limit)
            if including { #expect(rows.first?["id"] == momentID) }
            let statement = prepared.statement.sqliteStatement
            return Steps(virtualMachine: sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_VM_STEP, 0),
                         sorts: sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_SORT, 0),
                         fullScanSteps: sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_FULLSCAN_STEP, 0))
        }
    }

    /// The `detail` lines of EXPLAIN QUERY PLAN for `request`, with its arguments.
    private static func queryPlan<T>(_ request: SQLRequest<T>, in db: Database) throws -> [String] {
        let statement = try request.makePreparedRequest(db).statement
        return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + statement.sql, arguments: statement.arguments)
            .map { $0["detail"] }
    }

    /// The BFF's schema with a generated timeline, in memory: the plans are those of the file.
    private static func database(moments: Int) throws -> DatabaseQueue {
        let database = try DatabaseQueue()
        try MomentsStoreMigrations.migrator.migrate(database)
        try database.write { db in
            try DemoData.generated(users: 100, moments: moments, seed: 1).rows(now: Date()).insert(into: db)
        }
        return database
    }
}
