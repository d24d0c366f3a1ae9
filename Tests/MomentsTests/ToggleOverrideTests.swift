import Foundation
import Foundations
import Testing
import TestSupport

/// Local overrides of remote toggles and the A/B value: in force on the next page, kept across
/// restarts, audited, shown layer by layer, and refused with nothing changed when wrong.
@Suite struct ToggleOverrideTests {
    /// What the timeline draws under each remote toggle's override.
    static let drawn = [
        ("isRoundedAvatar", "true", "dk-avatar dk-avatar--round"),
        ("likeButtonStyle", #""star""#, "dk-favorite-button dk-favorite-button--star"),
    ]

    private static func row(_ name: String, of dashboard: Dashboard) async throws -> [String: Any] {
        let toggles = try await dashboard.json("/api/toggles").object["toggles"] as? [[String: Any]] ?? []
        return try #require(toggles.first { $0["name"] as? String == name })
    }

    private static func audit(of dashboard: Dashboard) async throws -> [[String: Any]] {
        try await dashboard.json("/api/toggles").object["audit"] as? [[String: Any]] ?? []
    }

    private static func setOverride(_ name: String, _ value: String, on dashboard: Dashboard) async throws -> (status: Int, text: String) {
        let answer = try await dashboard.send("PUT", "/api/toggles/\(name)", contentType: "application/json", body: #"{"override": \#(value)}"#)
        return (answer.status, answer.text)
    }

    @Test(arguments: drawn)
    func override_changesTheNextTimeline_survivesARestart_andClearingFollowsRemoteAgain(name: String, value: String, marker: String) async throws {
        let bff = try FakeBFF()
        let dataDirectory = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let first = try await Dashboard.start(bff: bff, dataDirectory: dataDirectory)
        try await first.setLikeFeature(true)
        #expect(!(try await first.get("/").text.contains(marker)))

        let answer = try await Self.setOverride(name, value, on: first)
        #expect(answer.status == 200)
        #expect(answer.text.contains(#""effectiveValue":\#(value)"#))
        #expect(try await first.get("/").text.contains(marker), "the next request draws the override")
        await first.stop()

        let second = try await Dashboard.start(bff: bff, dataDirectory: dataDirectory)
        #expect(try await second.get("/").text.contains(marker), "the override survives a restart")
        let row = try await Self.row(name, of: second)
        let override = try #require(row["override"] as? [String: Any])
        #expect(override["source"] as? String == "api")
        #expect(override["setBy"] as? String == "0")
        #expect(override["setAt"] is String)

        #expect(try await Self.setOverride(name, "null", on: second).status == 200)
        #expect(!(try await second.get("/").text.contains(marker)), "cleared, the remote value is drawn again")
        #expect(try await Self.row(name, of: second)["override"] == nil)

        let audit = try await Self.audit(of: second).filter { $0["name"] as? String == name }
        #expect(audit.map { $0["isOverride"] as? Bool } == [true, true])
        #expect(audit.map { $0["newValue"] == nil } == [true, false], "newest first: cleared, then set")
        #expect(audit.map { $0["source"] as? String } == ["api", "api"])
        await second.stop()
        await bff.stop()
    }

    @Test func getToggles_showsEveryLayerOfARemoteToggle() async throws {
        try await withDashboard { dashboard, bff in
            _ = try await Self.setOverride("likeButtonStyle", #""star""#, on: dashboard)
            let row = try await Self.row("likeButtonStyle", of: dashboard)
            #expect(row["defaultValue"] as? String == "heart")
            #expect(row["remoteValue"] as? String == "heart")
            #expect(row["fetchedAt"] is String)
            #expect((row["override"] as? [String: Any])?["value"] as? String == "star")
            #expect(row["effectiveValue"] as? String == "star")
            #expect(row["value"] as? String == "star")
            #expect(row["isOverridable"] as? Bool == true)
            #expect(row["remoteChangedAfterOverride"] as? Bool == false)
        }
    }

    @Test func remoteChangeUnderAnOverride_isNoted() async throws {
        try await withDashboard { dashboard, bff in
            _ = try await Self.setOverride("isRoundedAvatar", "false", on: dashboard)
            #expect(try await Self.row("isRoundedAvatar", of: dashboard)["note"] == nil)
            bff.setRemoteConfig(["isRoundedAvatar": true, "likeButtonStyle": "heart"])
            let fetched = try await dashboard.send("POST", "/api/area51/actions/fetch-remote-config", contentType: "application/json", body: "{}")
            #expect(fetched.status == 200)

            let row = try await Self.row("isRoundedAvatar", of: dashboard)
            #expect(row["remoteValue"] as? Bool == true)
            #expect(row["effectiveValue"] as? Bool == false, "the override still wins")
            #expect(row["remoteChangedAfterOverride"] as? Bool == true)
            #expect(row["note"] as? String == "The remote value changed after this override was set: it was false, it is now true.")
            #expect(try await dashboard.get("/area51").text.contains("data-override-note"))
            #expect(try await dashboard.get("/area51?lang=zh-Hans").text.contains("设置此覆盖后远程值已改变"))
        }
    }

    @Test func banner_showsOnEveryPageWhileAnOverrideIsSet_andClearOverridesRemovesIt() async throws {
        try await withDashboard { dashboard, bff in
            #expect(!(try await dashboard.get("/").text.contains("data-override-banner")))
            _ = try await Self.setOverride("isRoundedAvatar", "true", on: dashboard)
            for path in ["/", "/area51", "/area51/designkit?productName=DesignKit&version=1.0.1"] {
                let page = try await dashboard.get(path).text
                #expect(page.contains("data-override-banner"), "\(path)")
                #expect(page.contains("isRoundedAvatar = true"), "\(path)")
            }
            #expect(try await dashboard.postForm("/area51/actions/clear-overrides", "").status == 303)
            let activity = try await dashboard.get("/area51").text
            #expect(activity.contains("Override · isRoundedAvatar"))
            #expect(activity.contains("true → Follow remote"), "the activity names the cleared override")
            #expect(!(try await dashboard.get("/").text.contains("data-override-banner")))
            let cleared = try await Self.audit(of: dashboard).first
            #expect(cleared?["source"] as? String == "reset")
            #expect(cleared?["isOverride"] as? Bool == true)
            #expect(cleared?["oldValue"] as? Bool == true)
        }
    }

    @Test func areaFiftyOneForm_setsAndClearsAnOverride() async throws {
        try await withDashboard { dashboard, bff in
            #expect(try await dashboard.postForm("/area51/toggles/likeButtonStyle", "override=star").status == 303)
            #expect((try await Self.row("likeButtonStyle", of: dashboard)["override"] as? [String: Any])?["source"] as? String == "page")
            let page = try await dashboard.get("/area51").text
            #expect(page.contains(#"value="star" aria-pressed="true""#))
            #expect(try await dashboard.postForm("/area51/toggles/likeButtonStyle", "override=").status == 303)
            #expect(try await Self.row("likeButtonStyle", of: dashboard)["override"] == nil)
        }
    }

    @Test(arguments: [
        ("isRoundedAvatar", #"{"override": "star"}"#, 400, "invalid_toggle_value", "The override of isRoundedAvatar must be true, false or null."),
        ("likeButtonStyle", #"{"override": true}"#, 400, "invalid_toggle_value", #"The override of likeButtonStyle must be "heart", "star", null."#),
        ("likeButtonStyle", #"{"override": "diamond"}"#, 400, "invalid_toggle_value", #"The override of likeButtonStyle must be "heart", "star", null."#),
        ("isRoundedAvatar", #"{}"#, 400, "invalid_json", "\"override\" is missing."),
        ("isRoundedAvatar", #"{"override": 1}"#, 400, "invalid_json", "\"override\" has a value that is not allowed."),
        ("isRoundedAvatar", #"{"override": tru"#, 400, "invalid_json", "The body is not valid JSON."),
        ("isLikeButtonForMomentEnabled", #"{"override": true}"#, 400, "invalid_json", "\"isOn\" is missing."),
        ("noSuchToggle", #"{"override": true}"#, 404, "unknown_toggle", "There is no toggle named noSuchToggle."),
        ("production", #"{"override": true}"#, 409, "read_only_toggle", "production is the build target, fixed when the binary is compiled."),
    ])
    func badOverride_isRefused_andChangesNothing(name: String, body: String, status: Int, code: String, message: String) async throws {
        try await withDashboard { dashboard, bff in
            let before = try await dashboard.json("/api/toggles").object["toggles"] as? [[String: Any]] ?? []
            let answer = try await dashboard.send("PUT", "/api/toggles/\(name)", contentType: "application/json", body: body)
            #expect(answer.status == status)
            let error = (try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any])?["error"] as? [String: Any]
            #expect(error?["code"] as? String == code)
            #expect(error?["message"] as? String == message)
            let after = try await dashboard.json("/api/toggles").object
            #expect((after["toggles"] as? [[String: Any]] ?? []).map { $0["effectiveValue"] as? AnyHashable }
                == before.map { $0["effectiveValue"] as? AnyHashable })
            #expect((after["toggles"] as? [[String: Any]] ?? []).allSatisfy { $0["override"] == nil })
            #expect((after["audit"] as? [Any] ?? []).isEmpty)
            #expect(!(try await dashboard.get("/").text.contains("data-override-banner")))
        }
    }
}
