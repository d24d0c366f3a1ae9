import Foundation
import Testing
import TestSupport
@testable import BFF

@Suite struct RemoteConfigTests {
    private let json = ["Content-Type": "application/json"]

    @Test(arguments: StoreKind.allCases)
    func get_beforeAnyChange_answersTheDefaults(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let (status, headers, body) = try await server.send("GET", "/remote-config")
        await server.stop()
        #expect(status == 200)
        #expect(headers["content-type"] == "application/json")
        #expect(try JSONDecoder().decode(RemoteConfig.self, from: body) == RemoteConfig(isRoundedAvatar: false,
                                                                                           likeButtonStyle: .heart))
    }

    @Test(arguments: StoreKind.allCases)
    func put_partialBody_changesThatKeyOnly(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        try await fixture.bff.remoteConfig.update(json: Data(#"{"isRoundedAvatar": true}"#.utf8))
        let server = try fixture.startServer()
        let (status, _, body) = try await server.send("PUT", "/remote-config", headers: json,
                                                      body: Data(#"{"likeButtonStyle": "star"}"#.utf8))
        let (_, _, shown) = try await server.send("GET", "/remote-config")
        await server.stop()
        #expect(status == 200)
        let expected = RemoteConfig(isRoundedAvatar: true, likeButtonStyle: .star)
        #expect(try JSONDecoder().decode(RemoteConfig.self, from: body) == expected)
        #expect(try JSONDecoder().decode(RemoteConfig.self, from: shown) == expected)
    }

    @Test(arguments: StoreKind.allCases)
    func put_change_survivesARestart(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        try await fixture.bff.remoteConfig.update(json: Data(#"{"isRoundedAvatar": true, "likeButtonStyle": "star"}"#.utf8))
        try await fixture.restart()
        #expect(try await fixture.bff.remoteConfig.current() == RemoteConfig(isRoundedAvatar: true, likeButtonStyle: .star))
    }

    @Test(arguments: StoreKind.allCases)
    func put_unknownKey_answers400AndChangesNothing(store: StoreKind) async throws {
        let (status, error, config) = try await putRefused(store: store, #"{"likeButtonStyle": "star", "isDarkMode": true}"#)
        #expect(status == 400)
        #expect(error["code"] == "unknown_key")
        #expect(error["message"]?.contains("isDarkMode") == true)
        #expect(config == .defaults)
    }

    @Test(arguments: StoreKind.allCases)
    func put_valueOfTheWrongType_answers400AndChangesNothing(store: StoreKind) async throws {
        let (status, error, config) = try await putRefused(store: store, #"{"likeButtonStyle": "star", "isRoundedAvatar": "yes"}"#)
        #expect(status == 400)
        #expect(error["code"] == "invalid_value")
        #expect(error["message"] == "\"isRoundedAvatar\" must be true or false.")
        #expect(config == .defaults)
    }

    @Test(arguments: StoreKind.allCases)
    func put_unknownEnumValue_answers400AndChangesNothing(store: StoreKind) async throws {
        let (status, error, config) = try await putRefused(store: store, #"{"likeButtonStyle": "thumb"}"#)
        #expect(status == 400)
        #expect(error["code"] == "invalid_value")
        #expect(error["message"] == "\"likeButtonStyle\" must be \"heart\" or \"star\".")
        #expect(config == .defaults)
    }

    @Test(arguments: StoreKind.allCases)
    func put_bodyThatIsNotAnObject_answers400(store: StoreKind) async throws {
        let (status, error, _) = try await putRefused(store: store, #"["star"]"#)
        #expect(status == 400)
        #expect(error["code"] == "invalid_body")
    }

    @Test(arguments: StoreKind.allCases)
    func put_wrongContentType_answers415(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let (status, _, _) = try await server.send("PUT", "/remote-config", headers: ["Content-Type": "text/plain"],
                                                   body: Data(#"{"likeButtonStyle": "star"}"#.utf8))
        await server.stop()
        #expect(status == 415)
        #expect(try await fixture.bff.remoteConfig.current() == .defaults)
    }

    /// PUTs `body` and answers the status, the `error` object and the config afterwards.
    private func putRefused(store: StoreKind, _ body: String) async throws -> (Int, [String: String], RemoteConfig) {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let (status, _, answer) = try await server.send("PUT", "/remote-config", headers: json, body: Data(body.utf8))
        await server.stop()
        let error = JSON.path(try JSON.object(answer), "error") as? [String: String] ?? [:]
        return (status, error, try await fixture.bff.remoteConfig.current())
    }
}
