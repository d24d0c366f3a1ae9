import Foundation
import HTTPServer
import Testing

/// `Request.decode` turns every decoding failure into a 400 that names the field at fault.
@Suite struct DecodeTests {
    struct Body: Decodable, Equatable {
        struct Inner: Decodable, Equatable { let count: Int }
        let isOn: Bool
        let inner: Inner?
    }

    private func decode(_ json: String) throws -> Body {
        try Request(method: .put, path: "/", body: Data(json.utf8)).decode(Body.self)
    }

    @Test func validBody_decodes() throws {
        #expect(try decode(#"{"isOn": true, "inner": {"count": 2}}"#) == Body(isOn: true, inner: .init(count: 2)))
    }

    @Test(arguments: [
        (#"{"inner": null}"#, #""isOn" is missing."#),
        (#"{"isOn": "yes"}"#, #""isOn" must be true or false."#),
        (#"{"isOn": true, "inner": {"count": "two"}}"#, #""inner.count" must be a number."#),
        (#"{"isOn": tru"#, "The body is not valid JSON."),
        ("", "The body is not valid JSON."),
    ])
    func badBody_is400NamingTheField(json: String, message: String) {
        #expect(throws: HTTPError(.badRequest, code: "invalid_json", message: message)) { try decode(json) }
    }
}
