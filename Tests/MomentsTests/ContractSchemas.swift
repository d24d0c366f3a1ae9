import Foundation
import Foundations
import GraphQL
import Locking
@testable import BFF
@testable import Moments

/// The embedded BFF's schema as SDL, schemas changed from it, and each introspected by the GraphQL
/// library as the contract watch reads a BFF's.
enum ContractSchemas {
    static var embedded: String {
        get throws { printSchema(schema: try MomentsSchema.make().schema) }
    }

    /// `embedded` with each of `replacements` made; each must match, so a test cannot pass on a
    /// change it did not make.
    static func changed(_ replacements: [(String, String)]) throws -> String {
        try replacements.reduce(try embedded) { sdl, replacement in
            guard sdl.contains(replacement.0) else { throw ReplacementMissing(text: replacement.0) }
            return sdl.replacingOccurrences(of: replacement.0, with: replacement.1)
        }
    }

    struct ReplacementMissing: Error {
        let text: String
    }

    static func introspect(_ sdl: String) async throws -> IntrospectedSchema {
        struct Answer: Decodable {
            struct Payload: Decodable { let __schema: IntrospectedSchema }
            let data: Payload
        }
        let result = try await graphql(schema: try buildSchema(source: sdl), request: IntrospectedSchema.query)
        return try JSONDecoder().decode(Answer.self, from: JSONEncoder().encode(result)).data.__schema
    }
}

/// A BFF in this process that answers any document from the schema a test sets (introspection
/// included; fields resolve to `null`), through the GraphQL library.
final class ChangingSchemaBFF: Sendable {
    private let sdl: Locked<String>

    init(_ sdl: String) {
        self.sdl = Locked(sdl)
    }

    func serve(_ sdl: String) {
        self.sdl.withLock { $0 = sdl }
    }

    var transport: InProcessGraphQLTransport {
        InProcessGraphQLTransport { [self] body in
            struct Request: Decodable {
                let query: String
                let operationName: String?
            }
            do {
                let request = try JSONDecoder().decode(Request.self, from: body)
                let schema = try buildSchema(source: self.sdl.withLock { $0 })
                let result = try await graphql(schema: schema, request: request.query, operationName: request.operationName)
                return (200, try JSONEncoder().encode(result))
            } catch {
                return (400, Data(#"{"errors":[{"message":"bad request"}]}"#.utf8))
            }
        }
    }
}
