import Foundation
import Foundations

/// `GET /api/area51/contract`: the schema's hash, when it was read, the history of versions with
/// their changes and the operations each affects (with how often the network inspector's kept log
/// saw them), each document's status, and skew. Absent values are `null`, never left out.
struct ContractReport: Encodable, Sendable {
    struct Usage: Encodable, Sendable {
        let name: String
        let seen: Int
        let lastSeenAt: Date?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(seen, forKey: .seen)
            try container.encode(lastSeenAt, forKey: .lastSeenAt)
        }

        private enum CodingKeys: String, CodingKey { case name, seen, lastSeenAt }
    }

    struct Change: Encodable, Sendable {
        let criticality: SchemaChange.Criticality
        let path: String
        let message: String
        let affectedOperations: [Usage]
    }

    struct Version: Encodable, Sendable {
        let at: Date
        let schemaHash: String
        let changes: [Change]
    }

    let schemaHash: String?
    let checkedAt: Date?
    let history: [Version]
    let documents: [DocumentStatus]
    let skew: [ContractWatch.SkewRead]

    init(_ snapshot: ContractWatch.Snapshot, exchanges: [NetworkExchange]) {
        schemaHash = snapshot.schemaHash
        checkedAt = snapshot.checkedAt
        let graphQL = exchanges.filter { $0.kind == .graphQL }
        history = snapshot.history.map { entry in
            Version(at: entry.at, schemaHash: entry.schemaHash, changes: entry.changes.map { recorded in
                Change(criticality: recorded.change.criticality, path: recorded.change.path, message: recorded.change.message,
                       affectedOperations: recorded.operations.map { name in
                           let seen = graphQL.filter { $0.operationName == name }
                           return Usage(name: name, seen: seen.count, lastSeenAt: seen.map(\.startedAt).max())
                       })
            })
        }
        documents = snapshot.documents
        skew = snapshot.skew
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaHash, forKey: .schemaHash)
        try container.encode(checkedAt, forKey: .checkedAt)
        try container.encode(history, forKey: .history)
        try container.encode(documents, forKey: .documents)
        try container.encode(skew, forKey: .skew)
    }

    private enum CodingKeys: String, CodingKey { case schemaHash, checkedAt, history, documents, skew }
}
