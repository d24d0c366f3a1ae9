import Foundation
import GRDB

/// Saves the last good answer of a repository so pages can show it when the BFF cannot answer,
/// as the seed's `PersistentDataStoreType`.
public protocol PersistentDataStoreType: Sendable {
    func save<Value: Encodable & Sendable>(_ value: Value, forKey key: String) async throws
    func load<Value: Decodable & Sendable>(_ type: Value.Type, forKey key: String) async throws -> SavedValue<Value>?
    func removeAll() async throws
}

/// A saved value and when it was saved.
public struct SavedValue<Value: Sendable>: Sendable {
    public let value: Value
    public let savedAt: Date
}

/// `PersistentDataStoreType` on the dashboard's SQLite file: one JSON document per key.
public struct PersistentDataStore: PersistentDataStoreType {
    private let writer: any DatabaseWriter

    public init(database: AppDatabase) {
        writer = database.writer
    }

    /// Waits for SQLite's one writer without holding a thread.
    public func save<Value: Encodable & Sendable>(_ value: Value, forKey key: String) async throws {
        let json = try JSONEncoder().encode(value)
        try await writer.write { db in
            try db.execute(
                sql: "INSERT INTO persistentValue (key, json, savedAt) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET json = excluded.json, savedAt = excluded.savedAt",
                // A timestamp, which GRDB reads back as a `Date`: a `Date` argument is written through a
                // DateFormatter, which loads ICU and its calendar data into the process.
                arguments: [key, json, Date().timeIntervalSince1970]
            )
        }
    }

    public func load<Value: Decodable & Sendable>(_ type: Value.Type, forKey key: String) async throws -> SavedValue<Value>? {
        let saved = try await writer.read { db -> (json: Data, savedAt: Date)? in
            try Row.fetchOne(db, sql: "SELECT json, savedAt FROM persistentValue WHERE key = ?", arguments: [key])
                .map { ($0["json"], $0["savedAt"]) }
        }
        guard let saved else { return nil }
        return SavedValue(value: try JSONDecoder().decode(type, from: saved.json), savedAt: saved.savedAt)
    }

    public func removeAll() async throws {
        try await writer.write { db in try db.execute(sql: "DELETE FROM persistentValue") }
    }
}
