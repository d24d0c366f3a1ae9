import Foundation
import Testing
import TestSupport
@testable import BFF

/// `GET /remote-config` with `If-None-Match` and `Prefer: wait=N` is answered once the config
/// changes, through this BFF or elsewhere, so a dashboard that keeps one open hears of it at once.
@Suite struct RemoteConfigWaitTests {
    private static let star = Data(#"{"likeButtonStyle": "star"}"#.utf8)

    /// The `ETag` of the config in force.
    private static func version(on server: TestServer) async throws -> String {
        let (status, headers, _) = try await server.send("GET", "/remote-config")
        #expect(status == 200)
        return try #require(headers["etag"])
    }

    /// A GET that asks to wait `seconds` for a config other than `version`, and how long it took.
    private static func waitingGET(_ server: TestServer, version: String, seconds: Int) async throws
        -> (status: Int, headers: [String: String], config: RemoteConfig?, took: Duration) {
        let started = ContinuousClock.now
        let (status, headers, body) = try await server.send("GET", "/remote-config",
                                                            headers: ["If-None-Match": version, "Prefer": "wait=\(seconds)"])
        return (status, headers, try? JSONDecoder().decode(RemoteConfig.self, from: body), ContinuousClock.now - started)
    }

    @Test(arguments: StoreKind.allCases)
    func waitingGET_isAnsweredOnceTheConfigChangesThroughThisBFF(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let version = try await Self.version(on: server)
        async let waited = Self.waitingGET(server, version: version, seconds: 8)
        try await eventually("the GET to wait") { fixture.bff.remoteConfig.waitingCount == 1 }
        let (status, _, _) = try await server.send("PUT", "/remote-config", headers: ["Content-Type": "application/json"],
                                                   body: Self.star)
        let answer = try await waited
        await server.stop()
        #expect(status == 200)
        #expect(answer.status == 200)
        #expect(answer.config == RemoteConfig(likeButtonStyle: .star))
        #expect(answer.headers["preference-applied"] == "wait=8")
        #expect(answer.headers["etag"] != version)
        #expect(answer.took < .seconds(5))
    }

    @Test(arguments: StoreKind.allCases)
    func waitingGET_isAnsweredOnceTheConfigChangesElsewhere(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let remoteConfig = fixture.bff.remoteConfig
        let watching = Task { await remoteConfig.watchStorage() }
        defer { watching.cancel() }
        let elsewhere = try await fixture.remoteConfigElsewhere()
        let version = try await Self.version(on: server)
        async let waited = Self.waitingGET(server, version: version, seconds: 8)
        try await eventually("the GET to wait") { remoteConfig.waitingCount == 1 }
        try await elsewhere.update(json: Self.star)
        let answer = try await waited
        await server.stop()
        #expect(answer.status == 200)
        #expect(answer.config == RemoteConfig(likeButtonStyle: .star))
        #expect(answer.took < .seconds(5))
    }

    @Test(arguments: StoreKind.allCases)
    func waitingGET_withNoChange_answers304AfterTheWait(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let version = try await Self.version(on: server)
        let answer = try await Self.waitingGET(server, version: version, seconds: 1)
        await server.stop()
        #expect(answer.status == 304)
        #expect(answer.headers["preference-applied"] == "wait=1")
        #expect(answer.headers["etag"] == version)
        #expect(answer.took >= .seconds(1))
    }

    @Test func endWaiting_answersAWaitingGETAtOnce_andLaterOnesWithoutWaiting() async throws {
        let fixture = try await BFFFixture(.sqlite)
        let server = try fixture.startServer()
        let version = try await Self.version(on: server)
        async let waited = Self.waitingGET(server, version: version, seconds: 8)
        try await eventually("the GET to wait") { fixture.bff.remoteConfig.waitingCount == 1 }
        fixture.bff.remoteConfig.endWaiting()
        let answer = try await waited
        let later = try await Self.waitingGET(server, version: version, seconds: 8)
        await server.stop()
        #expect(answer.status == 304)
        #expect(answer.took < .seconds(5))
        #expect(later.status == 304)
        #expect(later.took < .seconds(1))
    }
}
