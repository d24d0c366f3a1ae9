import Foundation
import Testing
import TestSupport
@testable import BFF

@Suite struct RemoteConfigTests {
    private let json = ["Content-Type": "application/json"]

    @Test func get_beforeAnyChange_answersTheDefaults() async throws {
        let fixture = try BFFFixture()
        let server = try fixture.startServer()
        let (status, headers, body) = try await server.send("GET", "/remote-config")
        await server.stop()
        #expect(status == 200)
        #expect(headers["content-type"] == "application/json")
        #expect(try JSONDecoder().decode(RemoteConfig.self, from: body) == RemoteConfig(isRoundedAvatar: false,
                                                                                           likeButtonStyle: .heart))
    }

    @Test func put_partialBody_changesThatKeyOnly() async throws {
        let fixture = try BFFFixture()
        try fixture.bff.remoteConfig.update(json: Data(#"{"isRoundedAvatar": true}"#.utf8))
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

    @Test func put_change_survivesARestart() async throws {
        let fixture = try BFFFixture()
        try fixture.bff.remoteConfig.update(json: Data(#"{"isRoundedAvatar": true, "likeButtonStyle": "star"}"#.utf8))
        try fixture.restart()
        #expect(try fixture.bff.remoteConfig.current() == RemoteConfig(isRoundedAvatar: true, likeButtonStyle: .star))
    }

    @Test func put_unknownKey_answers400AndChangesNothing() async throws {
        let (status, error, config) = try await putRefused(#"{"likeButtonStyle": "star", "isDarkMode": true}"#)
        #expect(status == 400)
        #expect(error["code"] == "unknown_key")
        #expect(error["message"]?.contains("isDarkMode") == true)
        #expect(config == .defaults)
    }

    @Test func put_valueOfTheWrongType_answers400AndChangesNothing() async throws {
        let (status, error, config) = try await putRefused(#"{"likeButtonStyle": "star", "isRoundedAvatar": "yes"}"#)
        #expect(status == 400)
        #expect(error["code"] == "invalid_value")
        #expect(error["message"] == "\"isRoundedAvatar\" must be true or false.")
        #expect(config == .defaults)
    }

    @Test func put_unknownEnumValue_answers400AndChangesNothing() async throws {
        let (status, error, config) = try await putRefused(#"{"likeButtonStyle": "thumb"}"#)
        #expect(status == 400)
        #expect(error["code"] == "invalid_value")
        #expect(error["message"] == "\"likeButtonStyle\" must be \"heart\" or \"star\".")
        #expect(config == .defaults)
    }

    @Test func put_bodyThatIsNotAnObject_answers400() async throws {
        let (status, error, _) = try await putRefused(#"["star"]"#)
        #expect(status == 400)
        #expect(error["code"] == "invalid_body")
    }

    @Test func put_wrongContentType_answers415() async throws {
        let fixture = try BFFFixture()
        let server = try fixture.startServer()
        let (status, _, _) = try await server.send("PUT", "/remote-config", headers: ["Content-Type": "text/plain"],
                                                   body: Data(#"{"likeButtonStyle": "star"}"#.utf8))
        await server.stop()
        #expect(status == 415)
        #expect(try fixture.bff.remoteConfig.current() == .defaults)
    }

    /// PUTs `body` and answers the status, the `error` object and the config afterwards.
    private func putRefused(_ body: String) async throws -> (Int, [String: String], RemoteConfig) {
        let fixture = try BFFFixture()
        let server = try fixture.startServer()
        let (status, _, answer) = try await server.send("PUT", "/remote-config", headers: json, body: Data(body.utf8))
        await server.stop()
        let error = JSON.path(try JSON.object(answer), "error") as? [String: String] ?? [:]
        return (status, error, try fixture.bff.remoteConfig.current())
    }
}
