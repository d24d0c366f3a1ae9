import Foundation
import GraphQL
import Testing
@testable import BFF

/// `VariableValue` reads a request's variables into the `Map` the library's own decoding makes.
@Suite struct VariableValueTests {
    @Test(arguments: [
        #"{"changes": [{"momentID": "4", "userID": "0", "isLiked": true}, {"momentID": "5", "userID": "0", "isLiked": false}]}"#,
        #"{"first": 10, "after": null, "ratio": -2.5e3, "big": 12345678901234567890, "zero": 0}"#,
        #"{"z": 1, "a": {"y": [1, "two", false, null, [], {}], "b": {"c": {"d": "林小雨 ✓ \u00e9\n"}}}, "m": ""}"#,
        #"{"nested": [[[{"k": [true]}]]], "empty": {}, "list": []}"#,
    ])
    func variables_areTheMapOfTheLibrarysDecoding(json: String) throws {
        let data = Data(json.utf8)
        let library = try JSONDecoder().decode([String: Map].self, from: data)
        let ours = VariableValue.variables(try JSONDecoder().decode([String: VariableValue].self, from: data))
        // The decoder lists an object's keys in no set order, for the library as for us.
        #expect(try canonical(ours) == canonical(library))
    }

    private func canonical(_ variables: [String: Map]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(variables), as: UTF8.self)
    }

    @Test func aRequestWhoseVariablesAreNotAnObject_isRefusedForThem() {
        do {
            _ = try GraphQLHTTPRequest.decode(body: Data(#"{"query": "{ __typename }", "variables": [1, 2]}"#.utf8))
            Issue.record("an array of variables was taken")
        } catch {
            guard case .invalidParameter(name: "variables", expected: _) = error else {
                Issue.record("refused as \(error), not for its variables")
                return
            }
        }
    }
}
