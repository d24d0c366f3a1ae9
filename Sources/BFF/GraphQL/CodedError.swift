import GraphQL

/// An error a resolver throws that names its kind with a stable code, sent to clients as the
/// error's `extensions.code` so that they tell errors apart without reading messages.
protocol CodedError: Error {
    /// Upper snake case, unchanged when the message is reworded: `UNKNOWN_MOMENT`.
    var code: String { get }
    /// Whether the BFF cannot answer now (its database is down): the whole answer is then HTTP 503,
    /// so that a client tells "try again" from a GraphQL answer it can show.
    var isServiceUnavailable: Bool { get }
}

extension CodedError {
    var isServiceUnavailable: Bool { false }
}

extension GraphQLResult {
    /// The same result, with `extensions.code` on each error whose resolver threw a `CodedError`.
    ///
    /// The library keeps what a resolver threw as the error's `originalError` and adds the path and
    /// locations, but no extensions. Throwing a `GraphQLError` that carries extensions instead
    /// would lose the path and locations (4.3.0's `locatedError` passes such an error through
    /// untouched), so the code is added here, after execution.
    func addingErrorCodes() -> GraphQLResult {
        var result = self
        result.errors = errors.map { error in
            guard let coded = error.originalError as? any CodedError else { return error }
            var extensions = error.extensions
            extensions["code"] = .string(coded.code)
            return GraphQLError(message: error.message, locations: error.locations, path: error.path,
                                extensions: extensions)
        }
        return result
    }
}
