import Foundation
import Testing
@testable import BFF

/// Documents that define two operations or fragments of one name are refused with the spec's
/// validation error before GraphQLSwift's validator sees them: written alike, they stopped the
/// process that embeds the BFF (an input the `graphql` fuzz harness found).
@Suite struct DefinitionNamesTests {
    private func answer(_ query: String) async throws -> (status: Int, messages: [String], body: [String: Any]) {
        let fixture = try await BFFFixture(.sqlite)
        let (status, data) = await fixture.bff.execute(body: try JSON.body(["query": query]))
        let body = try JSON.object(data)
        let messages = (body["errors"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        return (status.code, messages, body)
    }

    @Test func sixtyOperationsWrittenAlike_areRefused_andTheBFFGoesOn() async throws {
        let fixture = try await BFFFixture(.sqlite)
        let query = Array(repeating: "query a { __typename }", count: 60).joined(separator: " ")
        let (status, data) = await fixture.bff.execute(body: try JSON.body(["query": query, "operationName": "a"]))
        let body = try JSON.object(data)
        #expect(status.code == 400)
        #expect(body["data"] == nil)
        let messages = (body["errors"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(messages.count == 59)
        #expect(Set(messages) == [#"There can be only one operation named "a"."#])
        let (after, _) = await fixture.bff.execute(body: try JSON.body(["query": "{ __typename }"]))
        #expect(after.code == 200)
    }

    @Test func fragmentsWrittenAlike_areRefused() async throws {
        let fragment = "fragment F on Query { __typename }"
        let (status, messages, _) = try await answer("query a { ...F } " + Array(repeating: fragment, count: 60).joined(separator: " "))
        #expect(status == 400)
        #expect(Set(messages) == [#"There can be only one fragment named "F"."#])
    }

    @Test func anAnonymousOperationBesideAnother_isRefused() async throws {
        let (status, messages, _) = try await answer("{ __typename } { __typename }")
        #expect(status == 400)
        #expect(messages == Array(repeating: "This anonymous operation must be the only defined operation.", count: 2))
    }

    @Test func operationsAndFragmentsOfDistinctNames_stillRun() async throws {
        let fixture = try await BFFFixture(.sqlite)
        let query = "query a { ...F } query b { ...G } fragment F on Query { __typename } fragment G on Query { __typename }"
        let (status, data) = await fixture.bff.execute(body: try JSON.body(["query": query, "operationName": "b"]))
        #expect(status.code == 200)
        #expect((try JSON.object(data)["data"] as? [String: Any])?["__typename"] as? String == "Query")
    }
}
