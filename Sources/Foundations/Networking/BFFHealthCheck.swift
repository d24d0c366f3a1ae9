/// Asks the BFF the smallest question GraphQL allows, to tell whether it answers.
public struct BFFHealthCheck: Sendable {
    private let apiSession: APISession

    public init(apiSession: APISession) {
        self.apiSession = apiSession
    }

    private struct Payload: Decodable {
        let __typename: String
    }

    private struct NoVariables: Encodable, Sendable {}

    /// `nil` when the BFF answers, else why not.
    public func problem() async -> APISessionError? {
        do {
            _ = try await apiSession.post(query: "query bffHealth { __typename }", variables: NoVariables(),
                                          operationName: "bffHealth", as: Payload.self)
            return nil
        } catch {
            return error
        }
    }
}
