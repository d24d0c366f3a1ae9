import Foundation

/// An answer QA writes for an operation (Area 51, `PUT /api/area51/mocks/{operation}`): the
/// next calls of that operation, or only those whose variables match, get `body` as the BFF's
/// answer, or fail as `failure` says, and the BFF is not asked. `skipCalls` lets that many
/// matching calls through first, so one mock says "the third like fails".
public struct Mock: Codable, Sendable, Equatable {
    /// The GraphQL answer to give: an object with `data`, `errors` or both; `nil` with a `failure`.
    public var body: JSONValue?
    /// The failure to answer with instead of a body: no connection, a reset, no answer in time.
    public var failure: TransportFailure?
    /// Only calls whose variables have these values (others are free) are mocked; `nil`: every call.
    public var variables: [String: JSONValue]?
    /// How many matching calls still go to the BFF before the mock answers; `nil`: none.
    public var skipCalls: Int?
    /// How many calls it still answers; `nil` until cleared.
    public var remainingCalls: Int?

    public init(body: JSONValue? = nil, failure: TransportFailure? = nil, variables: [String: JSONValue]? = nil,
                skipCalls: Int? = nil, remainingCalls: Int? = nil) {
        self.body = body
        self.failure = failure
        self.variables = variables
        self.skipCalls = skipCalls
        self.remainingCalls = remainingCalls
    }

    /// Whether a call sent with `sent` (its `variables`) is one this mock answers.
    func matches(_ sent: JSONValue?) -> Bool {
        JSONValue.object(variables ?? [:]).isSubset(of: sent)
    }

    /// Refuses a mock with both a body and a failure, a body that is no GraphQL answer, and counts
    /// below one.
    public func check() throws(MockError) {
        if failure != nil {
            guard body == nil else { throw .invalidField("failure", expected: .insteadOfBody) }
        } else {
            guard case .object(let members) = body, members["data"] != nil || members["errors"] != nil else {
                throw .invalidField("body", expected: .graphQLAnswer)
            }
        }
        if let skipCalls, skipCalls < 1 { throw .invalidField("skipCalls", expected: .wholeNumberFromOne) }
        if let remainingCalls, remainingCalls < 1 { throw .invalidField("remainingCalls", expected: .wholeNumberFromOne) }
    }

    /// The mock in a few words, for lists and the audit: `every call, 2 more calls`,
    /// `fails: reset, variables {"userID":"3"}, lets 2 through first, until cleared`.
    public var summary: String {
        var parts = [variables.map { "variables " + JSONValue.object($0).compactText } ?? "every call"]
        if let failure { parts.insert("fails: \(failure.rawValue)", at: 0) }
        if let skipCalls { parts.append("lets \(skipCalls) through first") }
        parts.append(remainingCalls.map { "\($0) more calls" } ?? "until cleared")
        return parts.joined(separator: ", ")
    }

    /// Lets one matching call through while calls are left to skip; answers whether it did.
    mutating func skipsCall() -> Bool {
        guard let skipCalls else { return false }
        self.skipCalls = skipCalls > 1 ? skipCalls - 1 : nil
        return true
    }

    /// One call's answer, as the transport to `endpoint` would have given it: the body's bytes,
    /// or the failure thrown.
    func answer(reaching endpoint: String, timeout: Duration) async throws -> (status: Int, body: Data) {
        if let failure { try await failure.fail(reaching: endpoint, timeout: timeout) }
        return (200, Data((body ?? .null).compactText.utf8))
    }
}
