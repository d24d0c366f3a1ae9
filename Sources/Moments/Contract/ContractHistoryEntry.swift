import Foundation

/// One version of the BFF's schema as the watch first saw it, and what changed from the one
/// before: kept across restarts, with the schema itself so the next version can be compared.
public struct ContractHistoryEntry: Codable, Sendable, Equatable {
    /// A change and the dashboard's operations (GraphQL operation names) it affects.
    public struct Change: Codable, Sendable, Equatable {
        public let change: SchemaChange
        public let operations: [String]
    }

    public let at: Date
    public let schemaHash: String
    public let schema: IntrospectedSchema
    /// Empty for the first version seen.
    public let changes: [Change]
    /// The dashboard's documents that validate against `schema` (`DashboardDocument.name`).
    public let validDocuments: [String]
    /// Documents that validated against the version before and no longer do, with the paths of
    /// the breaking changes that affect them: what an open timeline is told.
    public let stoppedValidating: [ContractEvent.Document]

    /// `schema` read at `at`, compared with `previous`.
    init(schema: IntrospectedSchema, at: Date, previous: ContractHistoryEntry?) {
        self.at = at
        self.schema = schema
        schemaHash = schema.hash
        let statuses = DocumentStatus.check(DashboardContract.documents, against: schema)
        let validDocuments = statuses.filter(\.valid).map(\.operation)
        self.validDocuments = validDocuments
        guard let previous else {
            changes = []
            stoppedValidating = []
            return
        }
        // What a document used is read against the schema it was sent to: the one before.
        let usage = DashboardContract.documents.map { ($0, DocumentUsage.coordinates(of: $0.text, in: previous.schema)) }
        let changes = SchemaDiff.changes(from: previous.schema, to: schema).map { change in
            let operations = usage.filter { $0.1.contains(change.scope) }.map { $0.0.operationName }
            return Change(change: change, operations: Array(Set(operations)).sorted())
        }
        self.changes = changes
        stoppedValidating = usage.compactMap { document, used in
            guard previous.validDocuments.contains(document.name), !validDocuments.contains(document.name) else { return nil }
            let fields = changes.map(\.change).filter { $0.criticality == .breaking && used.contains($0.scope) }.map(\.path)
            let errors = statuses.first { $0.operation == document.name }?.errors ?? []
            return ContractEvent.Document(operation: document.name, operationName: document.operationName,
                                          fields: fields.isEmpty ? errors : fields)
        }
    }
}
