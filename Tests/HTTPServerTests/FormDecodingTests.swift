import Foundation
import Testing
@testable import HTTPServer

/// A form and a JSON body decode into the same `Decodable`; a form that does not is a 400 that
/// names its field.
@Suite struct FormDecodingTests {
    private struct Like: Decodable, Equatable {
        let isLiked: Bool
        let count: Int?
        let note: String?
    }

    private func request(_ contentType: String, _ body: String) -> Request {
        Request(method: .post, path: "/", headers: ["Content-Type": contentType], body: Data(body.utf8))
    }

    @Test func formAndJSON_decodeIntoTheSameValue() throws {
        let form = try request("application/x-www-form-urlencoded", "isLiked=true&count=3&note=two+words&_csrf=x").decode(Like.self)
        let json = try request("application/json", #"{"isLiked": true, "count": 3, "note": "two words"}"#).decode(Like.self)
        #expect(form == json)
    }

    @Test func emptyFormField_isAnAbsentOne() throws {
        let like = try request("application/x-www-form-urlencoded", "isLiked=false&count=&note=").decode(Like.self)
        #expect(like == Like(isLiked: false, count: nil, note: nil))
    }

    @Test(arguments: [("isLiked=maybe", "isLiked=true|false"), ("note=x", "isLiked=…"), ("isLiked=true&count=many", "count=<a whole number>")])
    func formThatDoesNotDecode_isInvalidForm_namingTheField(body: String, expected: String) throws {
        #expect(throws: InvalidFormError(expected: expected)) {
            try request("application/x-www-form-urlencoded", body).decode(Like.self)
        }
    }
}
