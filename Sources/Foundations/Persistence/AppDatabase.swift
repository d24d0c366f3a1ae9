import Foundation
import GRDB
import SQLiteFiles

/// The dashboard's own SQLite file (`dashboard.sqlite` in the data dir), in WAL mode, with the
/// schema every store of the dashboard shares. The BFF keeps its data in a file of its own.
public struct AppDatabase: Sendable {
    /// The connection pool every store writes through; GRDB serializes writes.
    public let writer: any DatabaseWriter

    /// The dashboard's database, as start-up errors name it.
    public static let kind = DatabaseKind(
        name: "the dashboard's database",
        afterMovingAway: "toggles go back to their defaults and the saved timeline is forgotten"
    )

    /// Opens (creating if needed) the database in `directory` and migrates it; throws a
    /// `DataFolderError` or a `DatabaseOpenError` that says what went wrong and what to do.
    public init(directory: URL) throws {
        try DataFolder.prepare(directory)
        var configuration = Configuration()
        // One reader per core: more only wait for a core, each with its own page cache.
        configuration.maximumReaderCount = ProcessInfo.processInfo.activeProcessorCount
        configuration.prepareDatabase { db in
            // In WAL mode NORMAL loses nothing when the process crashes or is killed, only on
            // power loss, and spares a disk sync per write.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Toggles, their audit and one saved page: 256 KiB of cache per connection is plenty.
            try db.execute(sql: "PRAGMA cache_size = -256")
        }
        writer = try DatabaseFile.openPool(path: directory.appendingPathComponent("dashboard.sqlite").path,
                                           configuration: configuration, migrator: AppDatabase.migrator, kind: AppDatabase.kind)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: toggles and saved values") { db in
            try db.create(table: "internalToggle") { table in
                table.primaryKey("name", .text)
                table.column("isOn", .boolean).notNull()
                table.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "persistentValue") { table in
                table.primaryKey("key", .text)
                table.column("json", .blob).notNull()
                table.column("savedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2: toggle audit") { db in
            try db.create(table: "toggleChange") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull()
                table.column("oldValue", .boolean).notNull()
                table.column("newValue", .boolean).notNull()
                table.column("source", .text).notNull()
                table.column("changedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v3: fault audit") { db in
            try db.create(table: "faultChange") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("operation", .text).notNull()
                table.column("fault", .text)
                table.column("source", .text).notNull()
                table.column("changedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v4: local overrides, audited with the toggles") { db in
            try db.create(table: "toggleOverride") { table in
                table.primaryKey("name", .text)
                table.column("value", .text).notNull()
                // The remote value when the override was set: a different one now is worth a note.
                table.column("remoteValueAtSet", .text).notNull()
                table.column("source", .text).notNull()
                table.column("setBy", .text).notNull()
                table.column("setAt", .datetime).notNull()
            }
            // Values become text (`true`, `heart`) and may be null (no override).
            try db.create(table: "toggleChangeAsText") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull()
                table.column("oldValue", .text)
                table.column("newValue", .text)
                table.column("isOverride", .boolean).notNull().defaults(to: false)
                table.column("source", .text).notNull()
                table.column("changedAt", .datetime).notNull()
            }
            try db.execute(sql: """
                INSERT INTO toggleChangeAsText (id, name, oldValue, newValue, source, changedAt)
                SELECT id, name, CASE oldValue WHEN 0 THEN 'false' ELSE 'true' END,
                       CASE newValue WHEN 0 THEN 'false' ELSE 'true' END, source, changedAt FROM toggleChange
                """)
            try db.drop(table: "toggleChange")
            try db.rename(table: "toggleChangeAsText", to: "toggleChange")
        }
        migrator.registerMigration("v5: mock audit") { db in
            try db.create(table: "mockChange") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("operation", .text).notNull()
                table.column("mock", .text)
                table.column("source", .text).notNull()
                table.column("changedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v6: breakpoint audit") { db in
            try db.create(table: "breakpointChange") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("operation", .text).notNull()
                table.column("entry", .text)
                table.column("source", .text).notNull()
                table.column("changedAt", .datetime).notNull()
            }
        }
        return migrator
    }
}
