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
        (#"{"isOn": true, "inner": {"count": "two"}}"#, #""inner.count" must be a whole number."#),
        (#"{"isOn": tru"#, "The body is not valid JSON."),
        ("", "The request has no body; send one as JSON."),
        (#"{"isOn": true, "isOn": false}"#, #""isOn" is given more than once; give each key once."#),
        (#"{"isOn": true, "inner": {"count": 1, "c\u006funt": 2}}"#, #""inner.count" is given more than once; give each key once."#),
        (#"{"isOn": true, "inner": {"count": 1.5}}"#, "A value in the body is not of the type its field takes."),
        (String(repeating: "[", count: 100_000), "The body is not valid JSON."),
    ])
    func badBody_is400NamingTheField(json: String, message: String) {
        #expect(throws: HTTPError(.badRequest, code: "invalid_json", message: message)) { try decode(json) }
    }

    @Test func sameKeyInDifferentObjects_isNoDuplicate() throws {
        struct Pair: Decodable { let a: Body; let b: Body }
        let json = #"{"a": {"isOn": true}, "b": {"isOn": false, "inner": {"count": 1}}}"#
        #expect(try Request(method: .put, path: "/", body: Data(json.utf8)).decode(Pair.self).b.isOn == false)
    }

    @Test func duplicateInsideAnArray_namesItsIndex() {
        struct List: Decodable { let items: [Body] }
        let json = #"{"items": [{"isOn": true}, {"isOn": true, "isOn": false}]}"#
        #expect(throws: HTTPError(.badRequest, code: "invalid_json", message: #""items[1].isOn" is given more than once; give each key once."#)) {
            try Request(method: .put, path: "/", body: Data(json.utf8)).decode(List.self)
        }
    }
}
