import Foundation
import Testing
@testable import BFF

/// Documents GraphQLSwift's parser would recurse through until the stack overflows (found by a
/// fuzz campaign: each stopped the process that embeds the BFF) are refused before parsing, with
/// a GraphQL error and 400; documents clients really send still run.
@Suite struct DocumentLimitsTests {
    private func answer(_ query: String, variables: [String: Any] = [:]) async throws -> (status: Int, body: [String: Any]) {
        let fixture = try await BFFFixture(.sqlite)
        let (status, body) = await fixture.bff.execute(body: try JSON.body(["query": query, "variables": variables]))
        return (status.code, try JSON.object(body))
    }

    private func firstErrorCode(_ body: [String: Any]) -> String? {
        ((body["errors"] as? [[String: Any]])?.first?["extensions"] as? [String: Any])?["code"] as? String
    }

    @Test func nestedSelections_ofNineKilobytes_areRefusedAsTooDeep() async throws {
        let query = String(repeating: "{a", count: 4_500) + String(repeating: "}", count: 4_500)
        let (status, body) = try await answer(query)
        #expect(status == 400)
        #expect(firstErrorCode(body) == "DOCUMENT_TOO_DEEP")
        #expect(body["data"] == nil)
    }

    @Test func nestedInputObjects_areRefusedAsTooDeep() async throws {
        let value = String(repeating: "{a:", count: 3_000) + "1" + String(repeating: "}", count: 3_000)
        let (status, body) = try await answer(#"{ getMomentsDetailsByUserID(userID: "0", first: \#(value)) { userDetails { id } } }"#)
        #expect(status == 400)
        #expect(firstErrorCode(body) == "DOCUMENT_TOO_DEEP")
    }

    @Test func nestedLists_areRefusedAsTooDeep() async throws {
        let value = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        let (status, body) = try await answer(#"{ getMomentsDetailsByUserID(userID: \#(value)) { userDetails { id } } }"#)
        #expect(status == 400)
        #expect(firstErrorCode(body) == "DOCUMENT_TOO_DEEP")
    }

    @Test func moreAliasesThanAllowed_areRefused() async throws {
        let fields = (0...100).map { "a\($0): __typename" }.joined(separator: " ")
        let (status, body) = try await answer("{ \(fields) }")
        #expect(status == 400)
        #expect(firstErrorCode(body) == "TOO_MANY_ALIASES")
        let allowed = (0..<100).map { "a\($0): __typename" }.joined(separator: " ")
        #expect(try await answer("{ \(allowed) }").status == 200)
    }

    @Test func moreTokensThanAllowed_areRefused() async throws {
        let (status, body) = try await answer("{ " + String(repeating: "__typename ", count: 5_000) + "}")
        #expect(status == 400)
        #expect(firstErrorCode(body) == "DOCUMENT_TOO_LARGE")
    }

    @Test func bracketsInStringsAndComments_doNotCount() async throws {
        let deep = String(repeating: "{[(", count: 200)
        let query = """
            # \(deep)
            query getMomentsDetailsByUserID($userID: ID!) {
              getMomentsDetailsByUserID(userID: $userID) { userDetails { id } }
            }
            """
        let (status, body) = try await answer(query, variables: ["userID": "0"])
        #expect(status == 200, "\(body)")
        let inString = #"{ getMomentsDetailsByUserID(userID: "\#(deep)\"") { userDetails { id } } }"#
        let (stringStatus, stringBody) = try await answer(inString)
        #expect(stringStatus == 200, "\(stringBody)")
        #expect(firstErrorCode(stringBody) == "UNKNOWN_USER")
        let inBlockString = #"{ getMomentsDetailsByUserID(userID: """\#(deep) \""" """) { userDetails { id } } }"#
        #expect(firstErrorCode(try await answer(inBlockString).body) == "UNKNOWN_USER")
    }

    @Test func theStandardIntrospectionQuery_stillRuns() async throws {
        let (status, body) = try await answer(IntrospectionQuery.full)
        #expect(status == 200)
        #expect(JSON.path(body, "data", "__schema", "queryType", "name") as? String == "Query")
    }
}
