import GraphQL
import HTTPServer

/// Why an HTTP request does not carry a GraphQL request we can run; each has its status.
enum GraphQLRequestError: Error {
    case unsupportedMediaType(String?)
    /// An `Accept` that names neither media type a GraphQL answer can be sent in.
    case notAcceptable
    case bodyIsNotJSON
    case bodyIsNotAnObject
    case missingQuery
    /// A known parameter (`query`, `variables`, `operationName`) of the wrong JSON type.
    case invalidParameter(name: String, expected: String)
    /// A mutation sent with GET, which may only read.
    case mutationOverGET
    /// A subscription asked for without `Accept: text/event-stream`, the only way it is answered.
    case subscriptionWithoutEventStream

    var status: HTTPStatus {
        switch self {
        case .unsupportedMediaType: .unsupportedMediaType
        case .notAcceptable: .notAcceptable
        case .mutationOverGET: .methodNotAllowed
        case .bodyIsNotJSON, .bodyIsNotAnObject, .missingQuery, .invalidParameter, .subscriptionWithoutEventStream: .badRequest
        }
    }

    /// The answer that refuses the request: its status, and its message as the one GraphQL error.
    var refusal: (status: HTTPStatus, result: GraphQLResult) {
        (status, GraphQLResult(errors: [GraphQLError(message: message)]))
    }

    var message: String {
        switch self {
        case .unsupportedMediaType(let type):
            "Send GraphQL requests as application/json, not \(type ?? "a body without Content-Type")."
        case .notAcceptable:
            "GraphQL answers are sent as application/graphql-response+json or application/json; Accept allows neither."
        case .bodyIsNotJSON: "The body is not valid JSON."
        case .bodyIsNotAnObject: "The body must be a JSON object with a \"query\" string."
        case .missingQuery: "The request has no \"query\" string."
        case .invalidParameter(let name, let expected): "\"\(name)\" must be \(expected)."
        case .mutationOverGET: "Mutations cannot be sent with GET; use POST."
        case .subscriptionWithoutEventStream:
            "Subscriptions are answered as server-sent events: send them with Accept: text/event-stream."
        }
    }
}
