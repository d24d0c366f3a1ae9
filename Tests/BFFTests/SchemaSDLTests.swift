import Foundation
import GraphQL
import Testing
import TestSupport
@testable import BFF

/// `GET /graphql/schema.graphql` answers the running schema as SDL, for tools that read a file.
@Suite struct SchemaSDLTests {
    @Test(arguments: StoreKind.allCases)
    func schemaSDL_answersTheRunningSchemaAsPlainText(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let (status, headers, body) = try await server.send("GET", "/graphql/schema.graphql")
        await server.stop()
        #expect(status == 200)
        #expect(headers["content-type"] == "text/plain; charset=utf-8")
        let sdl = try #require(String(data: body, encoding: .utf8))
        #expect(sdl == printSchema(schema: try MomentsSchema.make().schema) + "\n")
        #expect(sdl.contains("type Query {\n  getMomentsDetailsByUserID("))
        #expect(sdl.contains("type Mutation {\n  updateMomentLike("))
    }

    /// What the SDL says is what introspection says: the library builds the same schema from it.
    @Test(arguments: StoreKind.allCases)
    func schemaSDL_buildsASchemaThatPrintsTheSame(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let (_, _, body) = try await server.send("GET", "/graphql/schema.graphql")
        await server.stop()
        let sdl = try #require(String(data: body, encoding: .utf8))
        let rebuilt = try buildSchema(source: sdl)
        #expect(printSchema(schema: rebuilt) + "\n" == sdl)
    }
}
