import Foundation
import GRDB
import Synchronization

/// Internal toggles kept in SQLite, with the registered defaults of `InternalToggle`.
///
/// Reads come from memory (every page asks), writes go to the database first and only then
/// change what readers see, so an acknowledged change survives a crash.
public final class InternalTogglesDataStore: TogglesDataStoreType {
    private let writer: any DatabaseWriter
    private let values: Mutex<[String: Bool]>

    public init(database: AppDatabase) throws {
        writer = database.writer
        let stored = try database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT name, isOn FROM internalToggle")
                .reduce(into: [String: Bool]()) { $0[$1["name"]] = $1["isOn"] }
        }
        values = Mutex(stored)
    }

    public func isToggleOn(_ toggle: ToggleType) -> Bool {
        guard let internalToggle = InternalToggle(rawValue: toggle.name) else { return false }
        return values.withLock { $0[toggle.name] } ?? internalToggle.defaultValue
    }

    public func update(toggle: ToggleType, value: Bool) throws {
        guard InternalToggle(rawValue: toggle.name) != nil else {
            throw TogglesDataStoreError.unknownToggle(toggle.name)
        }
        try write { db in
            try db.execute(
                sql: "INSERT INTO internalToggle (name, isOn, updatedAt) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET isOn = excluded.isOn, updatedAt = excluded.updatedAt",
                arguments: [toggle.name, value, Date()]
            )
        }
        values.withLock { $0[toggle.name] = value }
    }

    /// Puts every internal toggle back to its registered default.
    public func reset() throws {
        try write { db in try db.execute(sql: "DELETE FROM internalToggle") }
        values.withLock { $0.removeAll() }
    }

    private func write(_ updates: (Database) throws -> Void) throws {
        do {
            try writer.write(updates)
        } catch {
            throw TogglesDataStoreError.storage(String(describing: error))
        }
    }
}
