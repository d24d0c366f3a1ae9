import Foundation
@testable import Foundations
import Testing

/// Each failure is told by the exchange's structure: the status, then the body's shape.
@Suite struct APISessionClassificationTests {
    struct Payload: Decodable, Equatable {
        struct Field: Decodable, Equatable { let id: String }
        let field: Field
    }

    static let cases: [(Int, String, APISessionError)] = [
        (401, #"{"data": {"field": {"id": "1"}}}"#, .credentialsRefused(status: 401)),
        (403, "Forbidden", .credentialsRefused(status: 403)),
        (500, "oops", .httpStatus(500)),
        // A GraphQL body is read whatever the status (GraphQL over HTTP): a BFF saying why it cannot answer.
        (503, #"{"data": null, "errors": [{"message": "x", "path": ["f"], "extensions": {"code": "DATABASE_UNAVAILABLE"}}]}"#,
         .graphQL([GraphQLErrorDetail(message: "x", code: "DATABASE_UNAVAILABLE", path: [.field("f")])], hasData: false)),
        (500, #"{"errors": "oops"}"#, .httpStatus(500)),
        (404, "<html>", .httpStatus(404)),
        (200, "<html><body>Bad gateway</body></html>", .notJSON("37 bytes that do not parse as JSON")),
        (200, "", .notJSON("an empty body")),
        (200, #"{"result": 1}"#, .notGraphQL("neither data nor errors")),
        (200, #"[1, 2]"#, .notGraphQL("")),
        (200, #"{"data": 3}"#, .notGraphQL("")),
        (200, #"{"errors": "bad"}"#, .notGraphQL("")),
        (200, #"{"data": null}"#, .notGraphQL("data is null and there are no errors")),
        (200, #"{"data": {}}"#, .missingData("data.field")),
        (200, #"{"data": {"field": {"id": 7}}}"#, .missingData("data.field.id")),
        (400, #"{"errors": [{"message": "Unknown type Int"}]}"#, .graphQL([GraphQLErrorDetail(message: "Unknown type Int")], hasData: false)),
        (400, #"{"errors": [{"message": "too deep", "extensions": {"code": "QUERY_TOO_DEEP"}}]}"#,
         .graphQL([GraphQLErrorDetail(message: "too deep", code: "QUERY_TOO_DEEP")], hasData: false)),
        (200, #"{"data": {"field": null}, "errors": [{"message": "m", "extensions": {"code": "UNKNOWN_USER"}}]}"#,
         .graphQL([GraphQLErrorDetail(message: "m", code: "UNKNOWN_USER")], hasData: true)),
        // A root field that failed nulls `data` itself: a failure, with the error's path.
        (200, #"{"data": null, "errors": [{"message": "m", "path": ["field"]}]}"#,
         .graphQL([GraphQLErrorDetail(message: "m", path: [.field("field")])], hasData: false)),
        (200, #"{"errors": [{"message": "m"}]}"#, .graphQL([GraphQLErrorDetail(message: "m")], hasData: false)),
    ]

    @Test(arguments: cases)
    func classify_byStatusAndShape(status: Int, body: String, expected: APISessionError) {
        do {
            let payload = try APISession.classify(status: status, body: Data(body.utf8), as: Payload.self)
            Issue.record("answered \(payload)")
        } catch {
            switch (error, expected) {
            // The detail of a not-GraphQL answer is for people; the class is what counts.
            case (.notGraphQL, .notGraphQL("")): break
            default: #expect(error == expected)
            }
        }
    }

    @Test func classify_answersTheData() throws {
        let answer = try APISession.classify(status: 200, body: Data(#"{"data": {"field": {"id": "1"}}}"#.utf8), as: Payload.self)
        #expect(answer.data == Payload(field: .init(id: "1")))
        #expect(!answer.isPartial)
    }

    struct PartialPayload: Decodable, Equatable {
        struct Item: Decodable, Equatable {
            let id: String
            let likes: [String]?
        }

        let items: [Item]
    }

    @Test func classify_dataWithFieldErrors_isAPartialAnswer_withEachErrorsPathAndCode() throws {
        let body = #"""
            {"data": {"items": [{"id": "1", "likes": ["a"]}, {"id": "2", "likes": null}]},
             "errors": [{"message": "likes timed out", "path": ["items", 1, "likes"], "extensions": {"code": "LIKES_UNAVAILABLE"}}]}
            """#
        let answer = try APISession.classify(status: 200, body: Data(body.utf8), as: PartialPayload.self)
        #expect(answer.data.items.map(\.id) == ["1", "2"])
        #expect(answer.data.items[1].likes == nil)
        #expect(answer.isPartial)
        #expect(answer.errors == [GraphQLErrorDetail(message: "likes timed out", code: "LIKES_UNAVAILABLE",
                                                     path: [.field("items"), .index(1), .field("likes")])])
    }

    @Test func classify_partialAnswer_whoseDataIsNotWhatWasAsked_fails() {
        let body = #"{"data": {"items": [{"id": null}]}, "errors": [{"message": "m", "path": ["items", 0, "id"]}]}"#
        #expect(throws: APISessionError.graphQL([GraphQLErrorDetail(message: "m", path: [.field("items"), .index(0), .field("id")])],
                                                hasData: true)) {
            try APISession.classify(status: 200, body: Data(body.utf8), as: PartialPayload.self)
        }
    }

    @Test func errorDetail_keepsAPathOfAnotherShape_out_andEncodesItsPathFlat() throws {
        let odd = try JSONDecoder().decode(GraphQLErrorDetail.self, from: Data(#"{"message": "m", "path": {"a": 1}}"#.utf8))
        #expect(odd == GraphQLErrorDetail(message: "m"))
        let detail = GraphQLErrorDetail(message: "m", code: "C", path: [.field("a"), .index(2)])
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(detail)) as? [String: Any]
        #expect(encoded?["path"] as? [AnyHashable] == ["a", 2])
        #expect(encoded?["code"] as? String == "C")
    }
}
