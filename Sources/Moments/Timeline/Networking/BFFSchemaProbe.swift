import Foundations

/// Asks a BFF's schema, by introspection, whether its timeline fields take the optional paging
/// arguments: `first: Int` and `after: ID` on both root fields, and `Int` in the schema at all
/// (graphql-js and graphql-core leave out built-in scalars a schema never uses, and then refuse
/// any document that declares `$first: Int`); and whether they also take `from: ID`, a page that
/// starts at a moment (the embedded BFF's addition), which reads one moment by its ID; and whether
/// it takes likes in batches (`updateMomentLikes(changes:)`, another addition of the embedded BFF);
/// and whether it tells of like changes as they happen (`Subscription.momentLikesChanged(userID:)`).
public struct BFFSchemaProbe: Sendable {
    /// What the schema shows of the optional arguments.
    struct Capabilities: Equatable {
        /// `first` and `after` on both root fields, and `Int`.
        var paging: Bool
        /// Paging, and `from` on both root fields.
        var startsAtMoment: Bool
        /// `updateMomentLikes` with `changes` on the mutation type.
        var batchesLikes = false
        /// `momentLikesChanged` with `userID` on the subscription type.
        var subscribesToLikes = false
    }

    /// One small introspection document rather than the whole schema.
    static let document = """
        query BFFCapabilities {
          query: __type(name: "Query") { fields { name args { name } } }
          mutation: __type(name: "Mutation") { fields { name args { name } } }
          subscription: __type(name: "Subscription") { fields { name args { name } } }
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
        let subscription: TypeInfo?
        let int: Named?

        /// Each of the four must be in the answer (a missing type is `null`), so an answer to
        /// some other document is never read as "no paging".
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            query = try container.decode(TypeInfo?.self, forKey: .query)
            mutation = try container.decode(TypeInfo?.self, forKey: .mutation)
            subscription = try container.decode(TypeInfo?.self, forKey: .subscription)
            int = try container.decode(Named?.self, forKey: .int)
        }

        private enum CodingKeys: String, CodingKey {
            case query, mutation, subscription, int
        }

        /// Whether every piece the paging documents use is there, and `from` beside them.
        var capabilities: Capabilities {
            func takes(_ names: Set<String>, _ type: TypeInfo?, _ field: String) -> Bool {
                let arguments = Set(type?.fields?.first { $0.name == field }?.args.map(\.name) ?? [])
                return arguments.isSuperset(of: names)
            }
            func takesOnBoth(_ names: Set<String>) -> Bool {
                takes(names, query, "getMomentsDetailsByUserID") && takes(names, mutation, "updateMomentLike")
            }
            let paging = int != nil && takesOnBoth(["first", "after"])
            func offers(_ type: TypeInfo?, _ field: String, taking arguments: [String]) -> Bool {
                type?.fields?.contains { $0.name == field && $0.args.map(\.name) == arguments } ?? false
            }
            return Capabilities(paging: paging, startsAtMoment: paging && takesOnBoth(["from"]),
                                batchesLikes: offers(mutation, "updateMomentLikes", taking: ["changes"]),
                                subscribesToLikes: offers(subscription, "momentLikesChanged", taking: ["userID"]))
        }
    }

    private let apiSession: APISession

    public init(apiSession: APISession) {
        self.apiSession = apiSession
    }

    /// What the BFF's schema offers; `nil` when it does not answer introspection (many
    /// production BFFs turn it off) or cannot be reached.
    func capabilities() async -> Capabilities? {
        struct NoVariables: Encodable, Sendable {}
        let payload = try? await apiSession.post(query: Self.document, variables: NoVariables(),
                                                 operationName: "BFFCapabilities", as: Payload.self)
        return payload?.data.capabilities
    }
}
