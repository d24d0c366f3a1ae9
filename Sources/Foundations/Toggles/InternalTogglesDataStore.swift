import Foundation
import GRDB
import Locking

/// Internal toggles kept in SQLite, with the registered defaults of `InternalToggle`, and an
/// audit of every change.
///
/// Reads come from memory (every page asks), writes go to the database first and only then
/// change what readers see, so an acknowledged change survives a crash.
public final class InternalTogglesDataStore: TogglesDataStoreType {
    private let writer: any DatabaseWriter
    private let values: Locked<[String: Bool]>
    /// Where every change is announced as it is committed: `ToggleCatalog.changes`.
    private let changes: Broadcaster<ToggleChange>

    public init(database: AppDatabase, changes: Broadcaster<ToggleChange> = Broadcaster()) throws {
        writer = database.writer
        self.changes = changes
        let stored = try database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT name, isOn FROM internalToggle")
                .reduce(into: [String: Bool]()) { $0[$1["name"]] = $1["isOn"] }
        }
        values = Locked(stored)
    }

    public func isToggleOn(_ toggle: ToggleType) -> Bool {
        guard let internalToggle = InternalToggle(rawValue: toggle.name) else { return false }
        return values.withLock { $0[toggle.name] } ?? internalToggle.defaultValue
    }

    public func update(toggle: ToggleType, value: Bool) async throws {
        try await update(toggle: toggle, value: value, source: .app)
    }

    /// Sets `toggle` and records who changed it; a write of the value it already has is kept
    /// out of the audit.
    ///
    /// The old value is read, the new one written and memory changed in one write transaction
    /// (memory on commit, in commit order), so concurrent writes leave memory, disk and the
    /// audit in agreement.
    public func update(toggle: ToggleType, value: Bool, source: ToggleChangeSource) async throws(TogglesDataStoreError) {
        guard InternalToggle(rawValue: toggle.name) != nil else {
            throw .unknownToggle(toggle.name)
        }
        let change = try await ToggleAudit.transaction(writer) { [self] db -> ToggleChange? in
            let oldValue = isToggleOn(toggle)
            let change = ToggleChange(name: toggle.name, oldValue: oldValue, newValue: value, source: source, changedAt: Date())
            try db.execute(
                sql: "INSERT INTO internalToggle (name, isOn, updatedAt) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET isOn = excluded.isOn, updatedAt = excluded.updatedAt",
                arguments: [toggle.name, value, change.changedAt]
            )
            if oldValue != value { try ToggleAudit.record(change, in: db) }
            db.afterNextTransaction { _ in self.values.withLock { $0[toggle.name] = value } }
            return oldValue != value ? change : nil
        }
        if let change { changes.send(change) }
    }

    /// Puts every internal toggle back to its registered default, recording what that changed.
    public func reset() async throws(TogglesDataStoreError) {
        let resetChanges = try await ToggleAudit.transaction(writer) { [self] db -> [ToggleChange] in
            let now = Date()
            let resetChanges = InternalToggle.allCases.filter { isToggleOn($0) != $0.defaultValue }.map {
                ToggleChange(name: $0.name, oldValue: !$0.defaultValue, newValue: $0.defaultValue, source: .reset, changedAt: now)
            }
            try db.execute(sql: "DELETE FROM internalToggle")
            for change in resetChanges { try ToggleAudit.record(change, in: db) }
            db.afterNextTransaction { _ in self.values.withLock { $0.removeAll() } }
            return resetChanges
        }
        resetChanges.forEach(changes.send)
    }

    /// The latest changes of every toggle and override, newest first.
    public func audit(limit: Int = 50) async throws(TogglesDataStoreError) -> [ToggleChange] {
        try await ToggleAudit.latest(limit: limit, in: writer)
    }
}
