import GraphQL
import Locking

/// Answers to documents that read the schema alone, by their text.
///
/// Such an answer depends on nothing but the schema, which does not change while the process
/// runs, and running one costs the executor a task for every field of every type it lists: the
/// dashboard's contract watch reads the whole schema every few seconds, whatever else the process
/// is doing. Only queries without variables are kept, so a document's text is its whole question.
typealias IntrospectionAnswers = BoundedMemo<IntrospectionQueryKey, GraphQLResult>

/// A query that reads the schema alone, as `IntrospectionAnswers` keeps its answer.
struct IntrospectionQueryKey: Hashable, Sendable {
    let query: String
    let operationName: String?
}

extension IntrospectionQueryKey {
    /// The key of `request` when `operation`, its operation, reads the schema alone: a query
    /// without variables whose every root selection is `__schema`, `__type` or `__typename`.
    init?(_ request: GraphQLRequest, operation: OperationDefinition) {
        guard operation.operation == .query, request.variables.isEmpty, operation.variableDefinitions.isEmpty,
              operation.selectionSet.selections.allSatisfy({ selection in
                  (selection as? Field).map { Self.schemaFields.contains($0.name.value) } ?? false
              }) else { return nil }
        self.init(query: request.query, operationName: request.operationName)
    }

    private static let schemaFields: Set<String> = ["__schema", "__type", "__typename"]
}
