import BFF
import Foundation

/// A `POST /graphql` body as the embedded BFF reads it: the GraphQL request's JSON, the document
/// limits, GraphQLSwift's parser and validator, and the executor against demo data in SQLite.
/// Every body is answered with a status GraphQL over HTTP allows and a JSON object.
final class GraphQLHarness: Sendable {
    static let shared = GraphQLHarness()
    private let bff: EmbeddedBFF

    private init() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moments-fuzz-graphql-\(getpid())")
        bff = try! EmbeddedBFF(dataDirectory: folder)
    }

    func run(_ data: Data) {
        let bff = bff
        let (status, body) = runBlocking { await bff.execute(body: data) }
        require([200, 400, 405, 415, 503].contains(status.code), "status \(status.code) for a GraphQL request")
        require((try? JSONSerialization.jsonObject(with: body)) is [String: Any], "the answer is not a JSON object")
    }
}
