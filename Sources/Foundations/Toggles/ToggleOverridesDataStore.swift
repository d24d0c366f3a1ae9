import Foundation
import GRDB
import Locking

/// A local override of a remote toggle or of an A/B value: what QA set on this machine in place
/// of what the BFF side says, and who set it when.
public struct ToggleOverride: Codable, Sendable, Equatable {
    public let name: String
    public let value: ToggleValue
    /// The remote value when it was set; a different one now is worth telling (`ToggleState.note`).
    public let remoteValueAtSet: ToggleValue
    public let source: ToggleChangeSource
    /// The user the dashboard acted as when it was set.
    public let setBy: String
    public let setAt: Date

    public init(name: String, value: ToggleValue, remoteValueAtSet: ToggleValue, source: ToggleChangeSource, setBy: String, setAt: Date) {
        self.name = name
        self.value = value
        self.remoteValueAtSet = remoteValueAtSet
        self.source = source
        self.setBy = setBy
        self.setAt = setAt
    }
}

/// Local overrides kept in `dashboard.sqlite`, each change audited in the transaction that
/// makes it, as internal toggles are. Reads come from memory; memory changes on commit.
public final class ToggleOverridesDataStore: Sendable {
    private let writer: any DatabaseWriter
    private let overrides: Locked<[String: ToggleOverride]>
    /// Where committed changes are announced: `ToggleCatalog.changes`.
    private let changes: Broadcaster<ToggleChange>

    public init(database: AppDatabase, changes: Broadcaster<ToggleChange>) throws {
        writer = database.writer
        self.changes = changes
        let stored = try database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM toggleOverride").reduce(into: [String: ToggleOverride]()) { overrides, row in
                overrides[row["name"]] = ToggleOverride(
                    name: row["name"], value: ToggleValue(text: row["value"]), remoteValueAtSet: ToggleValue(text: row["remoteValueAtSet"]),
                    source: ToggleChangeSource(rawValue: row["source"]) ?? .app, setBy: row["setBy"], setAt: row["setAt"])
            }
        }
        overrides = Locked(stored)
    }

    /// The override of `name`, if one is set.
    public func override(of name: String) -> ToggleOverride? {
        overrides.withLock { $0[name] }
    }

    /// Whether any override is set: every page says so while one is.
    public var isAnySet: Bool { overrides.withLock { !$0.isEmpty } }

    /// Sets (`value`) or clears (`nil`) the override of `name`; the caller has checked that the
    /// toggle takes overrides and the value. Setting the override it already has changes nothing.
    public func set(_ name: String, to value: ToggleValue?, remoteValue: ToggleValue, source: ToggleChangeSource,
                    setBy: String) async throws(TogglesDataStoreError) {
        let change = try await ToggleAudit.transaction(writer) { [self] db -> ToggleChange? in
            let old = override(of: name)
            guard old?.value != value else { return nil }
            let now = Date()
            if let value {
                try db.execute(
                    sql: """
                        INSERT INTO toggleOverride (name, value, remoteValueAtSet, source, setBy, setAt) VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT(name) DO UPDATE SET value = excluded.value, remoteValueAtSet = excluded.remoteValueAtSet,
                        source = excluded.source, setBy = excluded.setBy, setAt = excluded.setAt
                        """,
                    arguments: [name, value.description, remoteValue.description, source.rawValue, setBy, now])
            } else {
                try db.execute(sql: "DELETE FROM toggleOverride WHERE name = ?", arguments: [name])
            }
            let change = ToggleChange(name: name, oldValue: old?.value, newValue: value, isOverride: true, source: source, changedAt: now)
            try ToggleAudit.record(change, in: db)
            let new = value.map { ToggleOverride(name: name, value: $0, remoteValueAtSet: remoteValue, source: source, setBy: setBy, setAt: now) }
            db.afterNextTransaction { _ in self.overrides.withLock { $0[name] = new } }
            return change
        }
        if let change { changes.send(change) }
    }

    /// Clears every override (Area 51's Clear Overrides), recording each in the audit.
    public func clearAll() async throws(TogglesDataStoreError) {
        let cleared = try await ToggleAudit.transaction(writer) { [self] db -> [ToggleChange] in
            let now = Date()
            let cleared = overrides.withLock { Array($0.values) }.sorted { $0.name < $1.name }.map {
                ToggleChange(name: $0.name, oldValue: $0.value, newValue: nil, isOverride: true, source: .reset, changedAt: now)
            }
            try db.execute(sql: "DELETE FROM toggleOverride")
            for change in cleared { try ToggleAudit.record(change, in: db) }
            db.afterNextTransaction { _ in self.overrides.withLock { $0.removeAll() } }
            return cleared
        }
        cleared.forEach(changes.send)
    }
}
