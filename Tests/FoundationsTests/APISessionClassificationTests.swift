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
        (500, #"{"errors": [{"message": "x", "extensions": {"code": "DATABASE_UNAVAILABLE"}}]}"#, .httpStatus(500)),
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
        (200, #"{"data": {"field": null}, "errors": [{"message": "m", "extensions": {"code": "UNKNOWN_USER"}}]}"#,
         .graphQL([GraphQLErrorDetail(message: "m", code: "UNKNOWN_USER")], hasData: true)),
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
        #expect(try APISession.classify(status: 200, body: Data(#"{"data": {"field": {"id": "1"}}}"#.utf8), as: Payload.self)
            == Payload(field: .init(id: "1")))
    }
}
