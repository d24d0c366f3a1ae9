import Foundation

/// How a held call was let go: by QA (continued, edited, aborted, answered from a mock) or by
/// itself, unchanged (its timeout, its breakpoint removed, the dashboard stopping).
public enum BreakpointRelease: Sendable, Equatable {
    case continued
    case edited(BreakpointEdit)
    case aborted(BreakpointAbort)
    case mocked(Mock)
    case timedOut
    case removed
    case shutdown

    /// The release's name, as records and the audit keep it.
    public enum Kind: String, Codable, Sendable {
        case continued, edited, aborted, mocked, timedOut, removed, shutdown
    }

    public var kind: Kind {
        switch self {
        case .continued: .continued
        case .edited: .edited
        case .aborted: .aborted
        case .mocked: .mocked
        case .timedOut: .timedOut
        case .removed: .removed
        case .shutdown: .shutdown
        }
    }

    /// What QA chose, in a few words (`status 503`, `variables`); `nil` when nothing was chosen.
    var detail: String? {
        switch self {
        case .edited(let edit): edit.summary
        case .aborted(let abort): abort.summary
        case .mocked(let mock): mock.summary
        case .continued, .timedOut, .removed, .shutdown: nil
        }
    }
}

/// What QA changed in a held call before it goes on: a request's variables and headers, or an
/// answer's status and body (`PUT …/held/{id}/continue` with `variables`, `headers`, `status`, `response`).
public struct BreakpointEdit: Codable, Sendable, Equatable {
    public var variables: [String: JSONValue]?
    /// Every header but the credentials, which stay as configured.
    public var headers: [String: String]?
    public var status: Int?
    public var response: JSONValue?

    public init(variables: [String: JSONValue]? = nil, headers: [String: String]? = nil, status: Int? = nil, response: JSONValue? = nil) {
        self.variables = variables
        self.headers = headers
        self.status = status
        self.response = response
    }

    /// Whether it changes nothing: continuing with it is continuing.
    public var isEmpty: Bool { variables == nil && headers == nil && status == nil && response == nil }

    /// Refuses what does not fit the stage held at: an answer's parts on a request, a request's
    /// parts on an answer, a status that is none.
    func check(at stage: HeldExchange.Stage) throws(BreakpointError) {
        switch stage {
        case .request:
            if status != nil { throw .invalidField("status", expected: .answerOnly) }
            if response != nil { throw .invalidField("response", expected: .answerOnly) }
        case .response:
            if variables != nil { throw .invalidField("variables", expected: .requestOnly) }
            if headers != nil { throw .invalidField("headers", expected: .requestOnly) }
            if let status, !(100...599).contains(status) { throw .invalidField("status", expected: .httpStatus) }
        }
    }

    var summary: String {
        [variables.map { _ in "variables" }, headers.map { _ in "headers" }, status.map { "status \($0)" },
         response.map { _ in "body" }].compactMap { $0 }.joined(separator: ", ")
    }
}

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
