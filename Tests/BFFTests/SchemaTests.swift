import Foundation
import GraphQL
import Testing
@testable import BFF

@Suite struct SchemaTests {
    /// The contract of docs/bff.md ("The BFF schema"), with the optional page arguments `first` and
    /// `after` on both root fields, and this BFF's additions: `from` (a page that starts at a
    /// moment), `updateMomentLikes` (likes in a batch) and `momentLikesChanged` (live likes).
    static let designSDL = """
        type Query {
          getMomentsDetailsByUserID(userID: ID!, first: Int, after: ID, from: ID): MomentsDetails!
        }
        type Mutation {
          updateMomentLike(momentID: ID!, userID: ID!, isLiked: Boolean!, first: Int, after: ID, from: ID): MomentsDetails!
          updateMomentLikes(changes: [MomentLikeChange!]!): [Moment!]!
        }
        type Subscription {
          momentLikesChanged(userID: ID!): Moment!
        }
        input MomentLikeChange { momentID: ID!  userID: ID!  isLiked: Boolean! }
        type MomentsDetails { userDetails: UserDetails!  moments: [Moment!]! }
        type UserDetails { id: ID!  name: String!  avatar: String!  backgroundImage: String! }
        type Moment {
          id: ID!
          userDetails: MomentUserDetails!
          type: MomentType!
          title: String
          url: String
          photos: [String!]!
          createdDate: String!          # seconds since 1970, as a string
          isLiked: Boolean              # whether the user asked about liked it
          likes: [LikedUserDetails!]    # who liked it
        }
        type MomentUserDetails { name: String!  avatar: String! }
        type LikedUserDetails { id: ID!  avatar: String! }
        enum MomentType { URL PHOTOS }
        """

    static let introspection = """
        {
          __schema {
            queryType { name }
            mutationType { name }
            subscriptionType { name }
            types {
              kind name
              fields { name type { ...TypeRef } args { name type { ...TypeRef } } }
              inputFields { name type { ...TypeRef } }
              enumValues { name }
            }
          }
        }
        fragment TypeRef on __Type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }
        """

    @Test(arguments: StoreKind.allCases)
    func introspection_matchesTheDesignSDL_typeByTypeAndFieldByField(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let (status, _, body) = try await server.send("POST", "/graphql", headers: ["Content-Type": "application/json"],
                                                      body: try JSON.body(["query": Self.introspection]))
        await server.stop()
        #expect(status == 200)
        let served = try SchemaShape(introspection: try JSON.object(body))

        let designSchema = try buildSchema(source: Self.designSDL)
        let designResult = try await graphql(schema: designSchema, request: Self.introspection)
        let design = try SchemaShape(introspection: try JSON.object(try GraphQLJSONEncoder().encode(designResult)))

        #expect(served.roots == design.roots)
        #expect(served.types.keys.sorted() == design.types.keys.sorted())
        for name in design.types.keys.sorted() {
            #expect(served.types[name] == design.types[name], "type \(name)")
        }
    }
}

/// What a schema's introspection says, reduced to what the contract fixes: names, kinds, fields
/// with their arguments and wrapped types (`[Moment!]!`), enum values. Descriptions are left out.
private struct SchemaShape {
    struct TypeShape: Equatable {
        var kind: String
        /// `name(arg: Type): Type`, sorted.
        var fields: [String]
        var enumValues: [String]
    }

    var roots: [String?]
    var types: [String: TypeShape] = [:]

    init(introspection json: [String: Any]) throws {
        let schema = try #require(JSON.path(json, "data", "__schema") as? [String: Any])
        roots = ["queryType", "mutationType", "subscriptionType"].map { JSON.path(schema, $0, "name") as? String }
        for type in try #require(schema["types"] as? [[String: Any]]) {
            let name = try #require(type["name"] as? String)
            guard !name.hasPrefix("__") else { continue }
            let fields = (type["fields"] as? [[String: Any]] ?? []) + (type["inputFields"] as? [[String: Any]] ?? [])
            types[name] = TypeShape(
                kind: type["kind"] as? String ?? "?",
                fields: fields.map(Self.signature).sorted(),
                enumValues: (type["enumValues"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }.sorted()
            )
        }
    }

    private static func signature(of field: [String: Any]) -> String {
        let arguments = (field["args"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "?"): \(typeName($0["type"]))" }
        let list = arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))"
        return "\(field["name"] ?? "?")\(list): \(typeName(field["type"]))"
    }

    /// `[Moment!]!` from the nested `kind`/`ofType` of a type reference.
    private static func typeName(_ reference: Any?) -> String {
        let reference = reference as? [String: Any] ?? [:]
        switch reference["kind"] as? String {
        case "NON_NULL": return typeName(reference["ofType"]) + "!"
        case "LIST": return "[" + typeName(reference["ofType"]) + "]"
        default: return reference["name"] as? String ?? "?"
        }
    }
}
