import Foundation
import Foundations
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
            let toggles = try await dashboard.json("/api/toggles").object["toggles"] as? [[String: Any]] ?? []
            let byName = Dictionary(uniqueKeysWithValues: toggles.map { ($0["name"] as? String ?? "", $0) })
            #expect(byName["isLikeButtonForMomentEnabled"]?["kind"] as? String == "internal")
            #expect(byName["isLikeButtonForMomentEnabled"]?["isWritable"] as? Bool == true)
            #expect(byName["isNewTimelineLayoutEnabled"]?["defaultValue"] as? String == "false")
            #expect(byName["isRoundedAvatar"]?["isWritable"] as? Bool == false)
            #expect(byName["likeButtonStyle"]?["value"] as? String == "heart")
            #expect(byName["debug"]?["isOn"] as? Bool == true)
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
