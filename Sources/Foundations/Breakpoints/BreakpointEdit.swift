import Foundation

/// What QA changed in a held call before it goes on: a request's variables and headers, or an
/// answer's status and body (`POST …/held/{id}/continue` with `variables`, `headers`, `status`, `response`).
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
