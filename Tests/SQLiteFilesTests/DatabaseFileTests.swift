import Foundation
import GRDB
import SQLiteFiles
import Testing

/// `DatabaseFile.openPool` on real files in a temporary folder: each failure is classified and
/// the user's file keeps its bytes.
@Suite struct DatabaseFileTests {
    static let kind = DatabaseKind(name: "the test database", afterMovingAway: "a new one is made")

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: notes") { db in
            try db.create(table: "note") { $0.autoIncrementedPrimaryKey("id") }
        }
        return migrator
    }

    private func open(_ path: String) throws(DatabaseOpenError) -> DatabasePool {
        try DatabaseFile.openPool(path: path, configuration: Configuration(), migrator: Self.migrator, kind: Self.kind)
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlitefiles-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func textFile_isNotADatabase_andKeepsItsBytes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("test.sqlite").path
        let bytes = Data(String(repeating: "not a database\n", count: 100).utf8)
        try bytes.write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: DatabaseOpenError.self) { try open(path) }
        #expect(error?.cause == .notADatabase)
        #expect(error?.path == path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    /// In both journal modes: a pool would turn a rollback-journal file into a WAL one.
    @Test(arguments: [false, true])
    func unknownAppliedMigration_isANewerSchema_andIsNotMigrated(wal: Bool) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("test.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            if wal {
                try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
            }
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v9: from the future')")
            }
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))

        let error = #expect(throws: DatabaseOpenError.self) { try open(path) }
        #expect(error?.cause == .newerSchema(unknownMigrations: ["v9: from the future"]))
        #expect(error?.description.contains("v9: from the future") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        let tables = try DatabaseQueue(path: path).read { try $0.tableExists("note") }
        #expect(!tables, "the binary's own migration ran on a newer schema")
    }

    @Test func folderInTheFilesPlace_isAFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("test.sqlite").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)

        let error = #expect(throws: DatabaseOpenError.self) { try open(path) }
        #expect(error?.cause == .isAFolder)
    }

    @Test func goodFile_opensAndMigrates() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pool = try open(folder.appendingPathComponent("test.sqlite").path)
        #expect(try pool.read { try $0.tableExists("note") })
    }
}
