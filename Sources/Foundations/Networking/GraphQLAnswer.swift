/// The `data` of a GraphQL answer and the field errors that came with it: none for a whole
/// answer; for a partial one, each names by its `path` the field it nulled.
public struct GraphQLAnswer<Payload> {
    public let data: Payload
    public let errors: [GraphQLErrorDetail]

    public init(data: Payload, errors: [GraphQLErrorDetail] = []) {
        self.data = data
        self.errors = errors
    }

    /// Whether some fields failed: `data` holds `null` where they were.
    public var isPartial: Bool { !errors.isEmpty }
}

extension GraphQLAnswer: Sendable where Payload: Sendable {}
