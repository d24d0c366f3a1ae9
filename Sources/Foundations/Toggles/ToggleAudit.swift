import Foundation
import GRDB

/// The one audit of toggle changes in `dashboard.sqlite`: internal toggles and local overrides
/// write it inside the transaction that makes the change, so the audit and the values agree.
enum ToggleAudit {
    static func record(_ change: ToggleChange, in db: Database) throws {
        try db.execute(
            sql: "INSERT INTO toggleChange (name, oldValue, newValue, isOverride, source, changedAt) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [change.name, change.oldValue?.description, change.newValue?.description, change.isOverride,
                        change.source.rawValue, change.changedAt]
        )
    }

    /// The latest `limit` changes, newest first.
    static func latest(limit: Int, in writer: any DatabaseWriter) async throws(TogglesDataStoreError) -> [ToggleChange] {
        do {
            return try await writer.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM toggleChange ORDER BY id DESC LIMIT ?", arguments: [limit]).map { row in
                    ToggleChange(name: row["name"], oldValue: (row["oldValue"] as String?).map(ToggleValue.init(text:)),
                                 newValue: (row["newValue"] as String?).map(ToggleValue.init(text:)), isOverride: row["isOverride"],
                                 source: ToggleChangeSource(rawValue: row["source"]) ?? .app, changedAt: row["changedAt"])
                }
            }
        } catch {
            throw .storage(String(describing: error))
        }
    }

    /// Runs `updates` in one write transaction; SQLite's refusal is a `storage` error, with
    /// nothing changed.
    static func transaction<T: Sendable>(_ writer: any DatabaseWriter, _ updates: @escaping @Sendable (Database) throws -> T)
        async throws(TogglesDataStoreError) -> T {
        do {
            return try await writer.write(updates)
        } catch {
            throw .storage(String(describing: error))
        }
    }
}
