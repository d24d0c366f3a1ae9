import Foundation
import Foundations
@testable import Moments
import Testing
import TestSupport

@Suite struct ToggleRoutesTests {
    @Test func putInternalToggle_changesWhatTheTimelineRendersNext() async throws {
        try await withDashboard { dashboard, bff in
            #expect(!(try await dashboard.get("/").text.contains("data-like-form")))
            let answer = try await dashboard.send("PUT", "/api/toggles/isLikeButtonForMomentEnabled", contentType: "application/json", body: #"{"isOn": true}"#)
            #expect(answer.status == 200)
            #expect(answer.text.contains(#""isOn":true"#))
            #expect(try await dashboard.get("/").text.contains("data-like-form"))
        }
    }

    @Test func getToggles_listsEveryKindWithDefaultsAndWritability() async throws {
        try await withDashboard { dashboard, bff in
            let toggles = try await dashboard.decode(ToggleRoutes.ToggleList.self, "/api/toggles").value.toggles
            let byName = Dictionary(uniqueKeysWithValues: toggles.map { ($0.name, $0) })
            #expect(byName["isLikeButtonForMomentEnabled"]?.kind == .internal)
            #expect(byName["isLikeButtonForMomentEnabled"]?.isWritable == true)
            #expect(byName["isNewTimelineLayoutEnabled"]?.defaultValue == "false")
            #expect(byName["isRoundedAvatar"]?.isWritable == false)
            #expect(byName["likeButtonStyle"]?.value == "heart")
            #expect(byName["debug"]?.isOn == true)
        }
    }

    @Test(arguments: [
        ("/api/toggles/noSuchToggle", #"{"isOn": true}"#, "application/json", 404, "unknown_toggle"),
        ("/api/toggles/debug", #"{"isOn": true}"#, "application/json", 409, "read_only_toggle"),
        ("/api/toggles/debug", #"{"override": true}"#, "application/json", 409, "read_only_toggle"),
        ("/api/toggles/isRoundedAvatar", #"{"isOn": true}"#, "application/json", 400, "invalid_json"),
        ("/api/toggles/isLikeButtonForMomentEnabled", #"{"isOn": "yes"}"#, "application/json", 400, "invalid_json"),
        ("/api/toggles/isLikeButtonForMomentEnabled", #"{"isOn": true}"#, "text/plain", 415, "unsupported_media_type"),
    ])
    func badToggleWrite_isRefused_andChangesNothing(path: String, body: String, contentType: String, status: Int, code: String) async throws {
        try await withDashboard { dashboard, bff in
            let answer = try await dashboard.send("PUT", path, contentType: contentType, body: body)
            #expect(answer.status == status)
            #expect(answer.text.contains(#""code":"\#(code)""#))
            #expect(!dashboard.application.internalTogglesDataStore.isToggleOn(InternalToggle.isLikeButtonForMomentEnabled))
            #expect(!dashboard.application.remoteTogglesDataStore.isToggleOn(RemoteToggle.isRoundedAvatar))
        }
    }
}
