import Foundation

/// An answer QA writes for an operation (Area 51, `PUT /api/area51/mocks/{operation}`): the
/// next calls of that operation, or only those whose variables match, get `body` as the BFF's
/// answer, and the BFF is not asked.
public struct Mock: Codable, Sendable, Equatable {
    /// The GraphQL answer to give: an object with `data`, `errors` or both.
    public var body: JSONValue
    /// Only calls whose variables have these values (others are free) are mocked; `nil`: every call.
    public var variables: [String: JSONValue]?
    /// How many calls it still answers; `nil` until cleared.
    public var remainingCalls: Int?

    public init(body: JSONValue, variables: [String: JSONValue]? = nil, remainingCalls: Int? = nil) {
        self.body = body
        self.variables = variables
        self.remainingCalls = remainingCalls
    }

    /// Whether a call sent with `sent` (its `variables`) is one this mock answers.
    func matches(_ sent: JSONValue?) -> Bool {
        (variables ?? [:]).allSatisfy { name, value in sent?[name] == value }
    }

    /// Refuses a body that is no GraphQL answer and a count below one.
    public func check() throws(MockError) {
        guard case .object(let members) = body, members["data"] != nil || members["errors"] != nil else {
            throw .invalidField("body", expected: .graphQLAnswer)
        }
        if let remainingCalls, remainingCalls < 1 { throw .invalidField("remainingCalls", expected: .wholeNumberFromOne) }
    }

    /// The mock in a few words, for lists and the audit: `every call, 2 more calls`,
    /// `variables {"userID":"3"}, until cleared`.
    public var summary: String {
        let calls = variables.map { "variables " + String(decoding: Self.json(.object($0)), as: UTF8.self) } ?? "every call"
        return calls + (remainingCalls.map { ", \($0) more calls" } ?? ", until cleared")
    }

    /// The answer's bytes, as the transport would have given them.
    var answer: Data {
        Self.json(body)
    }

    /// `value` as JSON with sorted keys: the same mock always reads the same.
    private static func json(_ value: JSONValue) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data()
    }
}
