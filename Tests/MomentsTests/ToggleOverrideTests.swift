import Foundation
import Foundations
import HTTPServer
@testable import Moments
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

    private static func toggles(of dashboard: Dashboard) async throws -> ToggleRoutes.ToggleList {
        try await dashboard.decode(ToggleRoutes.ToggleList.self, "/api/toggles").value
    }

    private static func row(_ name: String, of dashboard: Dashboard) async throws -> ToggleState {
        try #require(try await toggles(of: dashboard).toggles.first { $0.name == name })
    }

    private static func audit(of dashboard: Dashboard) async throws -> [ToggleChange] {
        try await toggles(of: dashboard).audit
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
        // Decoded, its `setAt` is a date.
        let override = try #require(try await Self.row(name, of: second).override)
        #expect(override.source == .api)
        #expect(override.setBy == "0")

        #expect(try await Self.setOverride(name, "null", on: second).status == 200)
        #expect(!(try await second.get("/").text.contains(marker)), "cleared, the remote value is drawn again")
        #expect(try await Self.row(name, of: second).override == nil)

        let audit = try await Self.audit(of: second).filter { $0.name == name }
        #expect(audit.map(\.isOverride) == [true, true])
        #expect(audit.map { $0.newValue == nil } == [true, false], "newest first: cleared, then set")
        #expect(audit.map(\.source) == [.api, .api])
        await second.stop()
        await bff.stop()
    }

    @Test func getToggles_showsEveryLayerOfARemoteToggle() async throws {
        try await withDashboard { dashboard, bff in
            _ = try await Self.setOverride("likeButtonStyle", #""star""#, on: dashboard)
            let row = try await Self.row("likeButtonStyle", of: dashboard)
            #expect(row.defaultValue == "heart")
            #expect(row.remoteValue == .variant("heart"))
            #expect(row.fetchedAt != nil)
            #expect(row.override?.value == .variant("star"))
            #expect(row.effectiveValue == .variant("star"))
            #expect(row.value == "star")
            #expect(row.isOverridable)
            #expect(!row.remoteChangedAfterOverride)
        }
    }

    @Test func remoteChangeUnderAnOverride_isNoted() async throws {
        try await withDashboard { dashboard, bff in
            _ = try await Self.setOverride("isRoundedAvatar", "false", on: dashboard)
            #expect(try await Self.row("isRoundedAvatar", of: dashboard).note == nil)
            bff.setRemoteConfig(["isRoundedAvatar": true, "likeButtonStyle": "heart"])
            let fetched = try await dashboard.send("POST", "/api/area51/actions/fetch-remote-config", contentType: "application/json", body: "{}")
            #expect(fetched.status == 200)

            let row = try await Self.row("isRoundedAvatar", of: dashboard)
            #expect(row.remoteValue == .bool(true))
            #expect(row.effectiveValue == .bool(false), "the override still wins")
            #expect(row.remoteChangedAfterOverride)
            #expect(row.note == "The remote value changed after this override was set: it was false, it is now true.")
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
            #expect(cleared?.source == .reset)
            #expect(cleared?.isOverride == true)
            #expect(cleared?.oldValue == .bool(true))
        }
    }

    @Test func areaFiftyOneForm_setsAndClearsAnOverride() async throws {
        try await withDashboard { dashboard, bff in
            #expect(try await dashboard.postForm("/area51/toggles/likeButtonStyle", "override=star").status == 303)
            #expect(try await Self.row("likeButtonStyle", of: dashboard).override?.source == .page)
            let page = try await dashboard.get("/area51").text
            #expect(page.contains(#"value="star" aria-pressed="true""#))
            #expect(try await dashboard.postForm("/area51/toggles/likeButtonStyle", "override=").status == 303)
            #expect(try await Self.row("likeButtonStyle", of: dashboard).override == nil)
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
            let before = try await Self.toggles(of: dashboard).toggles
            let answer = try await dashboard.send("PUT", "/api/toggles/\(name)", contentType: "application/json", body: body)
            #expect(answer.status == status)
            let error = try Dashboard.decode(ErrorBody.self, from: answer.text).error
            #expect(error.code == code)
            #expect(error.message == message)
            let after = try await Self.toggles(of: dashboard)
            #expect(after.toggles.map(\.effectiveValue) == before.map(\.effectiveValue))
            #expect(after.toggles.allSatisfy { $0.override == nil })
            #expect(after.audit.isEmpty)
            #expect(!(try await dashboard.get("/").text.contains("data-override-banner")))
        }
    }
}
