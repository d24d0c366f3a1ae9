import Foundations

/// Asks a BFF's schema, by introspection, whether its timeline fields take the optional paging
/// arguments: `first: Int` and `after: ID` on both root fields, and `Int` in the schema at all
/// (graphql-js and graphql-core leave out built-in scalars a schema never uses, and then refuse
/// any document that declares `$first: Int`).
public struct BFFSchemaProbe: Sendable {
    /// One small introspection document rather than the whole schema.
    static let document = """
        query BFFCapabilities {
          query: __type(name: "Query") { fields { name args { name } } }
          mutation: __type(name: "Mutation") { fields { name args { name } } }
          int: __type(name: "Int") { name }
        }
        """

    struct Payload: Decodable {
        struct TypeInfo: Decodable {
            struct Field: Decodable {
                struct Argument: Decodable { let name: String }
                let name: String
                let args: [Argument]
            }
            let fields: [Field]?
        }

        struct Named: Decodable { let name: String }

        let query: TypeInfo?
        let mutation: TypeInfo?
        let int: Named?

        /// Each of the three must be in the answer (a missing type is `null`), so an answer to
        /// some other document is never read as "no paging".
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            query = try container.decode(TypeInfo?.self, forKey: .query)
            mutation = try container.decode(TypeInfo?.self, forKey: .mutation)
            int = try container.decode(Named?.self, forKey: .int)
        }

        private enum CodingKeys: String, CodingKey {
            case query, mutation, int
        }

        /// Whether every piece the paging documents use is there.
        var supportsPaging: Bool {
            func takesPaging(_ type: TypeInfo?, _ field: String) -> Bool {
                let arguments = Set(type?.fields?.first { $0.name == field }?.args.map(\.name) ?? [])
                return arguments.isSuperset(of: ["first", "after"])
            }
            return int != nil && takesPaging(query, "getMomentsDetailsByUserID") && takesPaging(mutation, "updateMomentLike")
        }
    }

    private let apiSession: APISession

    public init(apiSession: APISession) {
        self.apiSession = apiSession
    }

    /// Whether the BFF pages, from its schema; `nil` when it does not answer introspection
    /// (many production BFFs turn it off) or cannot be reached.
    func supportsPaging() async -> Bool? {
        struct NoVariables: Encodable, Sendable {}
        let payload = try? await apiSession.post(query: Self.document, variables: NoVariables(),
                                                 operationName: "BFFCapabilities", as: Payload.self)
        return payload?.supportsPaging
    }
}
