import Foundation

/// The failure a held call ends with instead (`POST …/held/{id}/abort`): an HTTP status, or a
/// GraphQL error with `extensions.code`, answered as a BFF would and classified as its own are.
public struct BreakpointAbort: Codable, Sendable, Equatable {
    public struct GraphQLError: Codable, Sendable, Equatable {
        public var message: String
        public var code: String

        public init(message: String, code: String) {
            self.message = message
            self.code = code
        }
    }

    public var status: Int?
    public var graphQLError: GraphQLError?

    public init(status: Int? = nil, graphQLError: GraphQLError? = nil) {
        self.status = status
        self.graphQLError = graphQLError
    }

    /// Refuses none or both, an error status out of 400–599, and an empty code.
    public func check() throws(BreakpointError) {
        switch (status, graphQLError) {
        case (let status?, nil):
            guard (400...599).contains(status) else { throw .invalidField("status", expected: .errorStatus) }
        case (nil, let error?):
            guard !error.code.isEmpty else { throw .invalidField("graphQLError.code", expected: .errorCode) }
        default:
            throw .invalidField("status", expected: .statusOrGraphQLError)
        }
    }

    /// The answer a BFF failing so gives: the status with no body, or `errors` and no `data`.
    var answer: (status: Int, body: Data) {
        guard let graphQLError else { return (status ?? 500, Data()) }
        let body = JSONValue.object([
            "data": .null,
            "errors": .array([.object(["message": .string(graphQLError.message), "extensions": .object(["code": .string(graphQLError.code)])])]),
        ])
        return (200, Data(body.compactText.utf8))
    }

    var summary: String {
        graphQLError.map { "GraphQL error \($0.code)" } ?? "status \(status ?? 500)"
    }
}
