import GraphQL
import Locking

/// Answers to documents that read the schema alone, by their text.
///
/// Such an answer depends on nothing but the schema, which does not change while the process
/// runs, and running one costs the executor a task for every field of every type it lists: the
/// dashboard's contract watch reads the whole schema every few seconds, whatever else the process
/// is doing. Only queries without variables are kept, so a document's text is its whole question.
final class IntrospectionAnswers: Sendable {
    struct Key: Hashable, Sendable {
        let query: String
        let operationName: String?
    }

    private let capacity: Int
    private let answers = Locked<[Key: GraphQLResult]>([:])

    /// - Parameter capacity: answers kept at most; past it the store starts over, so a client that
    ///   sends a new introspection each time cannot grow it.
    init(capacity: Int = 8) {
        self.capacity = capacity
    }

    /// The key of `request` when `operation`, its operation, reads the schema alone: a query
    /// without variables whose every root selection is `__schema`, `__type` or `__typename`.
    static func key(for request: GraphQLRequest, operation: OperationDefinition) -> Key? {
        guard operation.operation == .query, request.variables.isEmpty, operation.variableDefinitions.isEmpty,
              operation.selectionSet.selections.allSatisfy({ selection in
                  (selection as? Field).map { schemaFields.contains($0.name.value) } ?? false
              }) else { return nil }
        return Key(query: request.query, operationName: request.operationName)
    }

    private static let schemaFields: Set<String> = ["__schema", "__type", "__typename"]

    subscript(key: Key) -> GraphQLResult? {
        answers.withLock { $0[key] }
    }

    func keep(_ answer: GraphQLResult, for key: Key) {
        answers.withLock { answers in
            if answers.count >= capacity { answers.removeAll() }
            answers[key] = answer
        }
    }
}
