/// A GraphQL request's body (GraphQL over HTTP): what a test sends a BFF, and what the fake BFF
/// reads of what it receives, with `Variables` of the test's choosing.
public struct GraphQLRequestBody<Variables> {
    public var query: String
    public var operationName: String?
    public var variables: Variables?

    public init(query: String, operationName: String? = nil, variables: Variables? = nil) {
        self.query = query
        self.operationName = operationName
        self.variables = variables
    }
}

extension GraphQLRequestBody: Encodable where Variables: Encodable {}
extension GraphQLRequestBody: Decodable where Variables: Decodable {}
extension GraphQLRequestBody: Sendable where Variables: Sendable {}
