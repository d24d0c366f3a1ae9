import DesignKit
import Foundation
import Foundations
@testable import Moments
import Testing
import TestSupport

@Suite struct InternalMenuTests {
    @Test func area51_listsSectionsAndItemsInOrder() async throws {
        try await withDashboard { dashboard, bff in
            let menu = try await dashboard.json("/api/area51").object
            let sections = menu["sections"] as? [[String: Any]] ?? []
            #expect(sections.map { $0["title"] as? String } == ["General info", "DesignKit", "Feature toggles", "Tools", "Acting as", "Network",
                                                                "Activity"])
            func items(_ index: Int) -> [[String: Any]] { sections[index]["items"] as? [[String: Any]] ?? [] }
            #expect(items(0).map { $0["title"] as? String } == ["Version", "Build target", "DesignKit", "BFF", "BFF latency",
                                                               "Headers sent to the BFF", "Last BFF error", "Data folder"])
            #expect(items(0)[0]["detail"] as? String == AppInfo.identity, "the version with the build's commit and date")
            #expect(items(0)[2]["detail"] as? String == DesignKitInfo.version)
            #expect(items(0)[3]["detail"] as? String == "\(bff.graphQLURL.absoluteString) — answers")
            #expect((items(0)[4]["detail"] as? String)?.hasSuffix(" ms") == true)
            #expect(items(0)[5]["detail"] as? String == "none besides the app's own")
            #expect(items(0)[6]["detail"] as? String == "none since the start")
            #expect(sections.map { $0["footer"] as? String != nil } == [false, false, true, true, false, false, false],
                    "the toggles and the tools say what their rows do")
            #expect(items(1).first?["href"] as? String == "/area51/designkit?productName=DesignKit&version=\(DesignKitInfo.version)")
            #expect(items(2).map { $0["name"] as? String } == ["isLikeButtonForMomentEnabled", "isNewTimelineLayoutEnabled", "isRoundedAvatar", "likeButtonStyle"])
            #expect(items(2).map { $0["reuseIdentifier"] as? String } == Array(repeating: "InternalMenuFeatureToggleItemViewModel", count: 4))
            #expect(items(2).map { $0["isWritable"] as? Bool } == [true, true, false, false])
            #expect(items(3).map { $0["actionID"] as? String } == ["crash-app", "clear-cache", "reset-toggles", "clear-overrides", "fetch-remote-config"])
        }
    }

    @Test func area51_withBFFDown_saysSoInGeneralInfo() async throws {
        try await withDashboard { dashboard, bff in
            await bff.stop()
            let page = try await dashboard.get("/area51")
            #expect(page.status == 200)
            #expect(page.text.contains("does not answer"))
        }
    }

    @Test func toggleThroughForm_redirects_changesTheTimeline_andIsAudited() async throws {
        try await withDashboard { dashboard, bff in
            let answer = try await dashboard.postForm("/area51/toggles/isLikeButtonForMomentEnabled", "isOn=true")
            #expect(answer.status == 303)
            #expect(answer.location == "/area51#toggle-isLikeButtonForMomentEnabled")
            #expect(try await dashboard.get("/").text.contains("data-like-form"))
            // Area 51 reads its audit once per change: read before the next change, it shows that one too.
            #expect(!(try await dashboard.get("/area51").text.contains("from the API")))
            _ = try await dashboard.send("PUT", "/api/toggles/isLikeButtonForMomentEnabled", contentType: "application/json", body: #"{"isOn": false}"#)

            // Decoded, each change's `changedAt` is a date.
            let audit = try await dashboard.decode(ToggleRoutes.ToggleList.self, "/api/toggles").value.audit
            #expect(audit.map(\.source) == [.api, .page])
            #expect(audit.map(\.newValue) == [.bool(false), .bool(true)])
            #expect(audit.map(\.oldValue) == [.bool(true), .bool(false)])
            #expect(try await dashboard.get("/area51").text.contains("from the API"))
        }
    }

    @Test(arguments: [("noSuchToggle", 404), ("debug", 409), ("isRoundedAvatar", 400), ("likeButtonStyle", 400)])
    func toggleFormForUnknownOrReadOnlyToggle_isRefused(name: String, status: Int) async throws {
        try await withDashboard { dashboard, bff in
            #expect(try await dashboard.postForm("/area51/toggles/\(name)", "isOn=true").status == status)
            let audit = try await dashboard.decode(ToggleRoutes.ToggleList.self, "/api/toggles").value.audit
            #expect(audit.isEmpty)
        }
    }

    @Test func resetToggles_restoresDefaults() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            try await dashboard.application.internalTogglesDataStore.update(toggle: InternalToggle.isNewTimelineLayoutEnabled, value: true)
            let answer = try await dashboard.send("POST", "/api/area51/actions/reset-toggles", contentType: "application/json", body: "{}")
            #expect(answer.status == 200)
            #expect(answer.text.contains("back to its default"))
            let toggles = dashboard.application.internalTogglesDataStore
            #expect(InternalToggle.allCases.allSatisfy { toggles.isToggleOn($0) == $0.defaultValue })
            #expect(try await toggles.audit().prefix(2).allSatisfy { $0.source == .reset })
        }
    }

    @Test func clearCache_emptiesTheSavedTimeline() async throws {
        try await withDashboard { dashboard, bff in
            _ = try await dashboard.get("/")
            #expect(try await dashboard.postForm("/area51/actions/clear-cache", "").status == 303)
            await bff.stop()
            let page = try await dashboard.get("/")
            #expect(page.status == 503, "nothing saved is left to show while the BFF is down")
        }
    }

    @Test func unknownAction_answers404WithMessage() async throws {
        try await withDashboard { dashboard, bff in
            let answer = try await dashboard.send("POST", "/api/area51/actions/format-disk", contentType: "application/json", body: "{}")
            #expect(answer.status == 404)
            #expect(answer.text.contains("unknown_action"))
        }
    }

    @Test(arguments: [("/InternalMenu", "/area51"), ("/InternalMenu?lang=zh-Hans", "/area51?lang=zh-Hans"),
                      ("/DesignKit?productName=DesignKit&version=1.0.1", "/area51/designkit?productName=DesignKit&version=1.0.1")])
    func seedsUniversalLinkNames_redirectToArea51(path: String, location: String) async throws {
        try await withDashboard { dashboard, bff in
            let answer = try await dashboard.rawGet(path)
            #expect(answer.status == 303)
            #expect(answer.location == location)
            #expect(try await dashboard.get(path).status == 200, "the page it leads to is there")
        }
    }

    @Test func crashApp_withoutConfirmation_asksFirst_andTheProcessLives() async throws {
        try await withDashboard { dashboard, _ in
            let api = try await dashboard.send("POST", "/api/area51/actions/crash-app", contentType: "application/json", body: "{}")
            #expect(api.status == 409)
            #expect(api.text.contains("confirmation_required") && api.text.contains("?confirm=1"))
            #expect(try await dashboard.postForm("/area51/actions/crash-app", "").status == 200, "the first press shows the confirmation page")
            let body = "_csrf=\(Dashboard.csrfToken)"
            let page = try await dashboard.send("POST", "/area51/actions/crash-app", contentType: "application/x-www-form-urlencoded", body: body,
                                                headers: ["Cookie": "moments_csrf=\(Dashboard.csrfToken)"])
            #expect(page.text.contains("<title>Crash App? · Moments</title>"))
            #expect(page.text.contains(#"<input type="hidden" name="confirm" value="1">"#))
            #expect(page.text.contains(#"<a class="confirm__cancel" href="/area51">Cancel</a>"#))
            #expect(try await dashboard.get("/healthz").status == 200, "nothing crashed")
        }
    }

    @Test func designKitDemo_showsItsParametersAndEveryToken() async throws {
        try await withDashboard { dashboard, bff in
            let page = try await dashboard.get("/area51/designkit?productName=DesignKit&version=1.0.1")
            #expect(page.status == 200)
            #expect(page.text.contains("DesignKit <span class=\"demo__version\">\(DesignKitInfo.version)</span>"), "DesignKit's own version")
            #expect(page.text.contains("The link asked for version 1.0.1; this is DesignKit \(DesignKitInfo.version)."))
            #expect(page.text.contains("<title>DesignKit \(DesignKitInfo.version) · Moments</title>"))
            #expect(page.text.contains(#"href="/area51/designkit?productName=DesignKit&amp;version=1.0.1&amp;lang=zh-Hans""#), "a language link")
            for token in ["twoExtraSmall", "threeExtraLarge", "secondaryLabel", "largeTitle", "roundedSquare", "round", "heart", "star"] {
                #expect(page.text.contains(token), "\(token)")
            }
            let css = try await dashboard.get("/css/designkit.css").text
            #expect(css.contains("--spacing-two-extra-small: 4px;"))
            #expect(css.contains("@media (prefers-color-scheme: dark)"))
        }
    }
    /// A crowd opening Area 51 is lent one drawing for up to `activityAge`: every opening is
    /// counted, the page lent shows the activity as drawn, and a flip shows at the next opening.
    @Test func area51Opened_isLentWithinTheActivityAge_eachOpeningCounted_andAFlipShowsAtOnce() async throws {
        try await withDashboard(transport: .socket) { dashboard, _ in
            let browser = ["Accept": "text/html", "Cookie": "moments_csrf=\(Dashboard.csrfToken)"]
            func openings(_ page: String) -> Int { page.components(separatedBy: "· area51Opened").count - 1 }
            var pair: [String] = []
            // Two openings well inside the age, asked again when a busy machine spread them out.
            for _ in 0..<3 {
                let started = ContinuousClock.now
                pair = [try await dashboard.get("/area51", headers: browser).text, try await dashboard.get("/area51", headers: browser).text]
                if ContinuousClock.now - started < InternalMenuRoutes.activityAge / 2 { break }
            }
            #expect(pair[1] == pair[0], "the second opening is lent the first drawing")
            let counted = try await dashboard.json("/api/tracking/events").object["events"] as? [[String: Any]] ?? []
            #expect(counted.filter { $0["name"] as? String == "area51Opened" }.count >= 2, "both openings are counted")

            try #require(try await dashboard.send("PUT", "/api/toggles/isNewTimelineLayoutEnabled", contentType: "application/json",
                                                  body: #"{"isOn": true}"#).status == 200)
            let flipped = try await dashboard.get("/area51", headers: browser).text
            #expect(flipped.contains(#"id="switch-isNewTimelineLayoutEnabled" type="submit" aria-pressed="true""#), "the flip shows at once")
            #expect(openings(flipped) > openings(pair[0]), "drawn afresh, with the openings since")
        }
    }
}
