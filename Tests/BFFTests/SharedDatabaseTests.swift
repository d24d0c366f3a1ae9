import Foundation
import HTTPServer
import Testing
import TestSupport
@testable import BFF

/// Several BFF processes on one PostgreSQL database: one truth for likes and the remote config,
/// and a schema that only the binaries that know it may open.
@Suite struct SharedDatabaseTests {
    @Test func like_throughOneBFF_isSeenThroughTheOther_onTheNextRead() async throws {
        let fixture = try await BFFFixture(.postgres)
        let other = try await fixture.secondProcess()
        _ = try await fixture.setLike(momentID: "4", userID: "0", isLiked: true)
        let body = try JSON.body(["query": Documents.timeline, "variables": ["userID": "0", "withLikes": true]])
        let (status, answer) = await other.execute(body: body)
        let moments = JSON.path(try JSON.object(answer), "data", "getMomentsDetailsByUserID", "moments") as? [[String: Any]]
        #expect(status == .ok)
        #expect(moments?.first { $0["id"] as? String == "4" }?["isLiked"] as? Bool == true)
    }

    @Test func sameLike_throughTwoBFFsAtOnce_countsOnce_andEveryOtherLikeIsKept() async throws {
        let fixture = try await BFFFixture(.postgres)
        let bffs = [fixture.bff, try await fixture.secondProcess()]
        // Each of the demo's users likes moment "4" (which has no likes) through both BFFs at once.
        let users = DemoData.standard.users.map(\.id)
        let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
            for (index, userID) in (users + users).enumerated() {
                let bff = bffs[index % 2]
                group.addTask {
                    let body = try JSON.body(["query": Documents.updateLike,
                                              "variables": ["momentID": "4", "userID": userID, "isLiked": true]])
                    return await bff.execute(body: body).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: .ok, count: users.count * 2))
        let likers = try await fixture.moments(forUserID: "0").first { $0.id == "4" }?.likes
        #expect(likers?.map(\.id).sorted() == users.sorted())
    }

    @Test func remoteConfig_changedThroughOneBFF_isReadThroughTheOther() async throws {
        let fixture = try await BFFFixture(.postgres)
        let other = try await fixture.secondProcess()
        #expect(try await other.remoteConfig.current() == .defaults)
        try await fixture.bff.remoteConfig.update(json: Data(#"{"likeButtonStyle": "star"}"#.utf8))
        #expect(try await other.remoteConfig.current() == RemoteConfig(likeButtonStyle: .star))
    }

    @Test func database_ofANewerSchema_isRefused_withBothVersions() async throws {
        let fixture = try await BFFFixture(.postgres)
        let configuration = try #require(fixture.postgres)
        try await TestPostgres.execute("INSERT INTO moments_schema (version, name) VALUES (99, 'from the future')",
                                       in: configuration)
        await #expect {
            try await fixture.restart()
        } throws: { error in
            guard case .schemaNewer(let database, let binary) = error as? PostgresStoreError else { return false }
            return database == 99 && binary == PostgresMigrations.latestVersion
                && "\(error)".contains("newer than this moments binary knows")
        }
    }

    @Test func emptyDatabase_isMigratedToTheLatestVersion_once_byTwoBFFsOpeningItAtOnce() async throws {
        let configuration = try await TestPostgres.newDatabase()
        async let first = EmbeddedBFF.postgres(configuration: configuration, poolSize: 1, demoData: .standard)
        async let second = EmbeddedBFF.postgres(configuration: configuration, poolSize: 1, demoData: .standard)
        let bffs = try await [first, second]
        let body = try JSON.body(["query": Documents.timeline, "variables": ["userID": "0", "withLikes": false]])
        let moments = JSON.path(try JSON.object(await bffs[1].execute(body: body).body),
                                "data", "getMomentsDetailsByUserID", "moments") as? [Any]
        #expect(moments?.count == DemoData.standard.moments.count, "the demo data is written once")
    }
}
