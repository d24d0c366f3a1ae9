import Foundation
import Testing
import TestSupport
@testable import BFF

/// Each error of the embedded BFF carries `extensions.code`, which clients decide on instead of
/// the message, and keeps its path.
@Suite struct ErrorCodeTests {
    @Test(arguments: StoreKind.allCases)
    func like_unknownMoment_isUNKNOWN_MOMENT(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (_, json) = try await fixture.graphQL(Documents.updateLike,
                                                  variables: ["momentID": "999", "userID": "0", "isLiked": true])
        #expect(JSON.errorCodes(json) == ["UNKNOWN_MOMENT"])
        #expect(Self.paths(json) == [["updateMomentLike"]])
    }

    @Test(arguments: StoreKind.allCases)
    func like_unknownUser_isUNKNOWN_USER(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (_, json) = try await fixture.graphQL(Documents.updateLike,
                                                  variables: ["momentID": "4", "userID": "404", "isLiked": true])
        #expect(JSON.errorCodes(json) == ["UNKNOWN_USER"])
    }

    @Test(arguments: StoreKind.allCases)
    func timeline_unknownUser_isUNKNOWN_USER(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (_, json) = try await fixture.graphQL(Documents.timeline, variables: ["userID": "404", "withLikes": true])
        #expect(JSON.errorCodes(json) == ["UNKNOWN_USER"])
        #expect(Self.paths(json) == [["getMomentsDetailsByUserID"]])
    }

    @Test(arguments: StoreKind.allCases)
    func timeline_unknownAfter_isBAD_PAGE_ARGUMENTS(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (_, json) = try await fixture.graphQL(Documents.timelinePage,
                                                  variables: ["userID": "0", "first": 5, "after": "nope"])
        #expect(JSON.errorCodes(json) == ["BAD_PAGE_ARGUMENTS"])
    }

    @Test(arguments: StoreKind.allCases, [-1, 1001])
    func timeline_firstOutOfRange_isBAD_PAGE_ARGUMENTS(store: StoreKind, first: Int) async throws {
        let fixture = try await BFFFixture(store)
        let (_, json) = try await fixture.graphQL(Documents.timelinePage, variables: ["userID": "0", "first": first])
        #expect(JSON.errorCodes(json) == ["BAD_PAGE_ARGUMENTS"])
    }

    @Test(arguments: StoreKind.allCases)
    func like_withFirstOutOfRange_isBAD_PAGE_ARGUMENTS(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (_, json) = try await fixture.graphQL(
            Documents.updateLikePage, variables: ["momentID": "4", "userID": "0", "isLiked": true, "first": 1001])
        #expect(JSON.errorCodes(json) == ["BAD_PAGE_ARGUMENTS"])
    }

    @Test(arguments: StoreKind.allCases)
    func timeline_whenTheDatabaseFails_isDATABASE_UNAVAILABLE_with503(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        // Another connection drops a table under the running BFF: every read of it then fails.
        try await fixture.dropTable(LikeRecord.databaseTableName)
        let server = try fixture.startServer()
        let (status, _, body) = try await server.send(
            "POST", "/graphql", headers: ["Content-Type": "application/json"],
            body: try JSON.body(["query": Documents.timeline, "variables": ["userID": "0", "withLikes": true]]))
        await server.stop()
        let json = try JSON.object(body)
        #expect(status == 503)
        #expect(JSON.errorCodes(json) == ["DATABASE_UNAVAILABLE"])
        #expect(JSON.errorMessages(json) == ["The BFF could not reach its database."])
    }

    @Test(arguments: StoreKind.allCases)
    func validationErrors_carryNoCode(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (status, json) = try await fixture.graphQL(#"{ getMomentsDetailsByUserID(userID: "0") { password } }"#)
        #expect(status == 400)
        #expect(JSON.errorCodes(json) == [nil])
    }

    private static func errors(_ json: [String: Any]) -> [[String: Any]] {
        json["errors"] as? [[String: Any]] ?? []
    }

    private static func paths(_ json: [String: Any]) -> [[String]] {
        errors(json).map { $0["path"] as? [String] ?? [] }
    }
}
