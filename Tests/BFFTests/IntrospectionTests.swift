import Foundation
import GraphQL
import Logging
import Testing
import TestSupport
@testable import BFF

/// Standard clients (gql 4, GraphiQL, Apollo's sandbox) load the schema with the full introspection
/// query; it must answer with data and no error. These tests fail if `InputValueDeprecation` is
/// removed while GraphQLSwift still lacks a resolver for `__InputValue.isDeprecated`.
@Suite struct IntrospectionTests {
    @Test(arguments: StoreKind.allCases)
    func fullIntrospectionOverHTTP_answersTheSchemaWithoutErrors(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let (status, _, body) = try await server.send(
            "POST", "/graphql", headers: ["Content-Type": "application/json"],
            body: try JSON.body(["query": IntrospectionQuery.full, "operationName": "IntrospectionQuery"]))
        await server.stop()
        let json = try JSON.object(body)
        #expect(status == 200)
        #expect(json["errors"] == nil, "\(JSON.errorMessages(json))")
        let types = try #require(JSON.path(json, "data", "__schema", "types") as? [[String: Any]])
        let query = try #require(types.first { $0["name"] as? String == "Query" })
        let field = try #require((query["fields"] as? [[String: Any]])?.first)
        let arguments = try #require(field["args"] as? [[String: Any]])
        #expect(arguments.map { $0["name"] as? String } == ["userID", "first", "after", "from"])
        #expect(arguments.allSatisfy { $0["isDeprecated"] as? Bool == false && $0["deprecationReason"] is NSNull })
    }

    @Test(arguments: StoreKind.allCases)
    func directiveArguments_sayTheyAreNotDeprecated(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (status, json) = try await fixture.graphQL(
            #"{ __schema { directives { name args(includeDeprecated: true) { name isDeprecated deprecationReason } } } }"#)
        #expect(status == 200)
        #expect(json["errors"] == nil, "\(JSON.errorMessages(json))")
        let directives = try #require(JSON.path(json, "data", "__schema", "directives") as? [[String: Any]])
        let include = try #require(directives.first { $0["name"] as? String == "include" })
        let arguments = try #require(include["args"] as? [[String: Any]])
        #expect(arguments.map { $0["name"] as? String } == ["if"])
        #expect(arguments.first?["isDeprecated"] as? Bool == false)
    }

    /// The embedded schema deprecates nothing, so a schema of the test's own shows the `true` side.
    /// Introspection types are shared by every schema in the process: making the BFF's schema is
    /// what fixes them, for this one too.
    @Test func deprecatedArgumentsAndInputFields_sayTheyAreDeprecated() async throws {
        _ = try MomentsSchema.make()
        let input = try GraphQLInputObjectType(name: "Filter", fields: [
            "kept": InputObjectField(type: GraphQLString),
            "old": InputObjectField(type: GraphQLString, deprecationReason: "Use kept."),
        ])
        let query = try GraphQLObjectType(name: "Query", fields: [
            "search": GraphQLField(type: GraphQLString, args: [
                "filter": GraphQLArgument(type: input),
                "legacy": GraphQLArgument(type: GraphQLString, deprecationReason: "Use filter."),
            ], resolve: { _, _, _, _ in nil }),
        ])
        let schema = try GraphQLSchema(query: query)
        let result = try await graphql(schema: schema, request: """
            {
              __type(name: "Query") { fields { args(includeDeprecated: true) { name isDeprecated deprecationReason } } }
              filter: __type(name: "Filter") { inputFields(includeDeprecated: true) { name isDeprecated deprecationReason } }
            }
            """)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let arguments = result.data?["__type"]["fields"][0]["args"].array ?? []
        #expect(arguments.map { $0["name"] } == ["filter", "legacy"])
        #expect(arguments.map { $0["isDeprecated"] } == [false, true])
        #expect(arguments.map { $0["deprecationReason"] } == [.null, "Use filter."])
        let fields = result.data?["filter"]["inputFields"].array ?? []
        #expect(fields.map { $0["name"] } == ["kept", "old"])
        #expect(fields.map { $0["isDeprecated"] } == [false, true])
    }

    /// A document that reads the schema alone runs once and is answered the same after; one that
    /// reads data beside it, or takes variables, runs each time.
    @Test func schemaOnlyQueries_areKeptFromTheirFirstRun_othersRunEachTime() async throws {
        let store = try CountingMomentsStore()
        let endpoint = GraphQLEndpoint(schema: try MomentsSchema.make(),
                                       resolver: MomentsResolver(store: store, logger: Logger(label: "moments.tests.introspection")))
        let full = GraphQLRequest(query: IntrospectionQuery.full, operationName: "IntrospectionQuery")
        let first = await endpoint.answer(full, allowsMutations: false)
        #expect(first.status == .ok)
        #expect(first.result.errors.isEmpty)
        #expect(endpoint.introspectionAnswers[.init(query: full.query, operationName: full.operationName)] == first.result)
        #expect(await endpoint.answer(full, allowsMutations: false).result == first.result)

        let mixed = GraphQLRequest(query: #"{ __typename getMomentsDetailsByUserID(userID: "0") { userDetails { id } } }"#)
        for _ in 1...2 { #expect(await endpoint.answer(mixed, allowsMutations: false).status == .ok) }
        #expect(store.operationCount == 2)
        #expect(endpoint.introspectionAnswers[.init(query: mixed.query, operationName: nil)] == nil)

        let withVariables = GraphQLRequest(query: "query($name: String!) { __type(name: $name) { name } }", variables: ["name": "Moment"])
        #expect(await endpoint.answer(withVariables, allowsMutations: false).result.data?["__type"]["name"] == "Moment")
        #expect(endpoint.introspectionAnswers[.init(query: withVariables.query, operationName: nil)] == nil)
    }
}
