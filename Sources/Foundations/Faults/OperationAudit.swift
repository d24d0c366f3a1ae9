import Foundation
import GRDB
import Logging

/// The audit of what QA sets per operation (faults, mocks) in `dashboard.sqlite`: each set, clear
/// and end of a count-down, with its source and time. One table per kind, the setting kept as
/// JSON in a column named after it (`fault`, `mock`).
struct OperationAudit<Setting: Codable & Sendable>: Sendable {
    /// One change as read back; `setting` is `nil` for a clear.
    struct Entry: Sendable {
        let operation: String
        let setting: Setting?
        let source: ToggleChangeSource
        let changedAt: Date
    }

    let writer: any DatabaseWriter
    let table: String
    let column: String

    func record(_ operation: String, _ setting: Setting?, source: ToggleChangeSource, changedAt: Date) async throws {
        let json = setting.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        let sql = "INSERT INTO \(table) (operation, \(column), source, changedAt) VALUES (?, ?, ?, ?)"
        try await writer.write { db in
            try db.execute(sql: sql, arguments: [operation, json, source.rawValue, changedAt])
        }
    }

    /// Records that `operation`'s setting ended with its last call (source `expired`). The setting
    /// has ended whatever the audit says, and the call it shaped goes on: a failure is logged.
    func recordExpiry(of operation: String, logger: Logger) async {
        do {
            try await record(operation, nil, source: .expired, changedAt: Date())
        } catch {
            logger.error("expiry not audited", metadata: ["table": "\(table)", "operation": "\(operation)", "error": "\(error)"])
        }
    }

    /// The latest changes, newest first.
    func latest(limit: Int) async throws -> [Entry] {
        let sql = "SELECT * FROM \(table) ORDER BY id DESC LIMIT ?"
        let settingColumn = column
        return try await writer.read { db in
            try Row.fetchAll(db, sql: sql, arguments: [limit]).map { row in
                let json: String? = row[settingColumn]
                return Entry(operation: row["operation"], setting: json.flatMap { try? JSONDecoder().decode(Setting.self, from: Data($0.utf8)) },
                             source: ToggleChangeSource(rawValue: row["source"]) ?? .app, changedAt: row["changedAt"])
            }
        }
    }
}
