import Foundation
import GRDB

/// Opens the app's SQLite files so that every failure names the file, its cause and a remedy,
/// and the user's file is never rewritten on the way.
public enum DatabaseFile {
    /// Opens a pool on `path`, refuses a schema newer than `migrator`'s, migrates, then runs
    /// `setUp` (the owner's first writes, such as seeding); any failure becomes a
    /// `DatabaseOpenError` for a database of `kind`.
    public static func openPool(
        path: String,
        configuration: Configuration,
        migrator: DatabaseMigrator,
        kind: DatabaseKind,
        setUp: (DatabasePool) throws -> Void = { _ in }
    ) throws(DatabaseOpenError) -> DatabasePool {
        do {
            if FileManager.default.fileExists(atPath: path) {
                try checkReadingOnly(path: path, configuration: configuration, migrator: migrator, kind: kind)
            }
            let pool = try DatabasePool(path: path, configuration: configuration)
            try migrator.migrate(pool)
            try setUp(pool)
            return pool
        } catch let error as DatabaseOpenError {
            throw error
        } catch {
            throw DatabaseOpenError(path: path, cause: cause(of: error, at: path), kind: kind)
        }
    }

    /// Reads an existing file without writing a byte, and refuses a schema newer than
    /// `migrator`'s: opening a pool would switch a file to WAL mode, and GRDB's migrator would run
    /// this binary's migrations on top of a newer schema.
    private static func checkReadingOnly(path: String, configuration: Configuration, migrator: DatabaseMigrator,
                                         kind: DatabaseKind) throws {
        var readingOnly = configuration
        readingOnly.readonly = true
        let unknown = try DatabaseQueue(path: path, configuration: readingOnly).read { db in
            try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted()
        }
        guard unknown.isEmpty else {
            throw DatabaseOpenError(path: path, cause: .newerSchema(unknownMigrations: unknown), kind: kind)
        }
    }

    /// SQLite reports a folder in the file's place as an I/O error or "cannot open", and says
    /// only "cannot open" for a missing permission or a read-only folder; the file system says
    /// which.
    private static func cause(of error: any Error, at path: String) -> StorageCause {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return .isAFolder
        }
        let cause = StorageCause(classifying: error)
        guard cause == .cannotOpen else { return cause }
        return DataFolder.writeProblem(in: URL(fileURLWithPath: path).deletingLastPathComponent().path) ?? cause
    }
}
