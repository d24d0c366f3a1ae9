import Foundation
import GRDB
import Testing
import TestSupport
@testable import BFF

/// Each error of the embedded BFF carries `extensions.code`, which clients decide on instead of
/// the message, and keeps its path.
@Suite struct ErrorCodeTests {
    @Test func like_unknownMoment_isUNKNOWN_MOMENT() async throws {
        let fixture = try BFFFixture()
        let (_, json) = try await fixture.graphQL(Documents.updateLike,
                                                  variables: ["momentID": "999", "userID": "0", "isLiked": true])
        #expect(Self.codes(json) == ["UNKNOWN_MOMENT"])
        #expect(Self.paths(json) == [["updateMomentLike"]])
    }

    @Test func like_unknownUser_isUNKNOWN_USER() async throws {
        let fixture = try BFFFixture()
        let (_, json) = try await fixture.graphQL(Documents.updateLike,
                                                  variables: ["momentID": "4", "userID": "404", "isLiked": true])
        #expect(Self.codes(json) == ["UNKNOWN_USER"])
    }

    @Test func timeline_unknownUser_isUNKNOWN_USER() async throws {
        let fixture = try BFFFixture()
        let (_, json) = try await fixture.graphQL(Documents.timeline, variables: ["userID": "404", "withLikes": true])
        #expect(Self.codes(json) == ["UNKNOWN_USER"])
        #expect(Self.paths(json) == [["getMomentsDetailsByUserID"]])
    }

    @Test func timeline_unknownAfter_isBAD_PAGE_ARGUMENTS() async throws {
        let fixture = try BFFFixture()
        let (_, json) = try await fixture.graphQL(Documents.timelinePage,
                                                  variables: ["userID": "0", "first": 5, "after": "nope"])
        #expect(Self.codes(json) == ["BAD_PAGE_ARGUMENTS"])
    }

    @Test(arguments: [-1, 1001])
    func timeline_firstOutOfRange_isBAD_PAGE_ARGUMENTS(first: Int) async throws {
        let fixture = try BFFFixture()
        let (_, json) = try await fixture.graphQL(Documents.timelinePage, variables: ["userID": "0", "first": first])
        #expect(Self.codes(json) == ["BAD_PAGE_ARGUMENTS"])
    }

    @Test func like_withFirstOutOfRange_isBAD_PAGE_ARGUMENTS() async throws {
        let fixture = try BFFFixture()
        let (_, json) = try await fixture.graphQL(
            Documents.updateLikePage, variables: ["momentID": "4", "userID": "0", "isLiked": true, "first": 1001])
        #expect(Self.codes(json) == ["BAD_PAGE_ARGUMENTS"])
    }

    @Test func timeline_whenTheDatabaseFails_isDATABASE_UNAVAILABLE_overHTTP() async throws {
        let fixture = try BFFFixture()
        // Another connection drops a table under the running BFF: every read of it then fails.
        let other = try DatabaseQueue(path: EmbeddedBFF.databaseURL(in: fixture.directory).path)
        try await other.write { try $0.drop(table: LikeRecord.databaseTableName) }
        let server = try fixture.startServer()
        let (status, _, body) = try await server.send(
            "POST", "/graphql", headers: ["Content-Type": "application/json"],
            body: try JSON.body(["query": Documents.timeline, "variables": ["userID": "0", "withLikes": true]]))
        await server.stop()
        let json = try JSON.object(body)
        #expect(status == 200)
        #expect(Self.codes(json) == ["DATABASE_UNAVAILABLE"])
        #expect(JSON.errorMessages(json) == ["The BFF could not reach its database."])
    }

    @Test func validationErrors_carryNoCode() async throws {
        let fixture = try BFFFixture()
        let (status, json) = try await fixture.graphQL(#"{ getMomentsDetailsByUserID(userID: "0") { password } }"#)
        #expect(status == 400)
        #expect(Self.codes(json) == [nil])
    }

    private static func errors(_ json: [String: Any]) -> [[String: Any]] {
        json["errors"] as? [[String: Any]] ?? []
    }

    private static func codes(_ json: [String: Any]) -> [String?] {
        errors(json).map { JSON.path($0, "extensions", "code") as? String }
    }

    private static func paths(_ json: [String: Any]) -> [[String]] {
        errors(json).map { $0["path"] as? [String] ?? [] }
    }
}
