import Foundation
import Foundations
@testable import Moments
import Testing
import TestSupport

/// Tracking records what a person did (`PageVisit`): a screenview per page opened, never for a
/// redraw, Older moments or the page a redirect after an action leads to; `shake` only through
/// the shortcut's door, `area51Opened` when Area 51 is opened by hand.
@Suite struct TrackingRulesTests {
    /// A browser opening a page: it asks for HTML.
    static let navigation = ("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")
    /// The page's own script fetching it.
    static let scriptFetch = ("X-Requested-With", "fetch")
    /// The cookie a redirect after an action leaves for the page it leads to.
    static let afterActionMark = ("Cookie", "moments_after_action=1")

    /// The recorded events, newest first.
    static func events(_ dashboard: Dashboard) async throws -> [RecordedTrackingEvent] {
        try await dashboard.decode(TrackingRoutes.EventList.self, "/api/tracking/events").value.events
    }

    static func names(_ dashboard: Dashboard) async throws -> [String] {
        try await events(dashboard).map(\.name)
    }

    @Test func timeline_recordsAScreenviewWhenOpened_notForARedrawOrOlderMoments() async throws {
        try await withDashboard { dashboard, bff in
            #expect(try await dashboard.rawGet("/", headers: [Self.navigation]).status == 200)
            #expect(try await Self.names(dashboard) == ["screenview"])
            #expect(try await dashboard.rawGet("/", headers: [Self.navigation, Self.scriptFetch]).status == 200)
            #expect(try await dashboard.rawGet("/?after=m1", headers: [Self.navigation, Self.scriptFetch]).status == 200)
            #expect(try await Self.names(dashboard) == ["screenview"], "a redraw and Older moments are not pages opened")
            _ = try await dashboard.rawGet("/?after=m1", headers: [Self.navigation])
            #expect(try await Self.names(dashboard) == ["screenview", "screenview"], "Older moments without JavaScript is a page opened")
        }
    }

    @Test func likeForm_marksItsRedirect_andThePageItLeadsToRecordsNoScreenview_once() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let like = try await dashboard.postForm("/moments/m1/like", "isLiked=true")
            #expect(like.status == 303)
            #expect(like.setCookies.contains("moments_after_action=1; Path=/; Max-Age=30; HttpOnly; SameSite=Strict"))
            let target = try await dashboard.rawGet("/", headers: [Self.afterActionMark, Self.navigation])
            #expect(target.status == 200)
            #expect(target.setCookies.contains { $0.hasPrefix("moments_after_action=; Path=/; Max-Age=0") }, "the mark is used up")
            #expect(try await Self.names(dashboard) == ["like"])
            let image = try await dashboard.rawGet("/images/avatars/00.png", headers: [Self.afterActionMark, ("Accept", "image/*")])
            #expect(!image.setCookies.contains { $0.hasPrefix("moments_after_action=") }, "only a page uses the mark")
            _ = try await dashboard.rawGet("/", headers: [Self.navigation])
            #expect(try await Self.names(dashboard) == ["screenview", "like"])
        }
    }

    @Test func area51_openedByHand_recordsArea51Opened_notAShake() async throws {
        try await withDashboard { dashboard, bff in
            #expect(try await dashboard.rawGet("/area51", headers: [Self.navigation]).status == 200)
            let events = try await Self.events(dashboard)
            #expect(events.map(\.name) == ["area51Opened"])
            #expect(events.first?.parameters == ["source": "url"])
        }
    }

    @Test func area51_byTheShortcut_recordsOneShake_andLeadsToTheMenusOwnURL() async throws {
        try await withDashboard { dashboard, bff in
            let door = try await dashboard.rawGet("/area51?source=shortcut&lang=zh-Hans", headers: [Self.navigation])
            #expect(door.status == 303)
            #expect(door.location == "/area51?lang=zh-Hans")
            #expect(door.setCookies.contains { $0.hasPrefix("moments_after_action=1") })
            #expect(try await dashboard.rawGet("/area51?lang=zh-Hans", headers: [Self.afterActionMark, Self.navigation]).status == 200)
            #expect(try await dashboard.rawGet("/area51", headers: [Self.navigation, Self.scriptFetch]).status == 200)
            let events = try await Self.events(dashboard)
            #expect(events.map(\.name) == ["shake"], "the menu reached through the door and its redraws record nothing more")
            #expect(events.first?.parameters == ["source": "shortcut"])
        }
    }

    @Test func toggleAndToolForms_markTheirRedirects() async throws {
        try await withDashboard { dashboard, bff in
            let toggle = try await dashboard.postForm("/area51/toggles/isLikeButtonForMomentEnabled", "isOn=true")
            let tool = try await dashboard.postForm("/area51/actions/clear-cache", "")
            let clearFaults = try await dashboard.postForm("/area51/clear-faults", "back=%2F")
            #expect(clearFaults.location == "/", "the fault banner's clear goes back to the page it was on")
            for answer in [toggle, tool, clearFaults] {
                #expect(answer.status == 303)
                #expect(answer.setCookies.contains { $0.hasPrefix("moments_after_action=1") })
            }
            _ = try await dashboard.rawGet("/area51?done=clear-cache", headers: [Self.afterActionMark, Self.navigation])
            #expect(try await Self.names(dashboard) == [])
        }
    }

    @Test func refresh_reloadsFromTheBFF_andRedirectsToTheSamePageWithoutIt() async throws {
        try await withDashboard { dashboard, bff in
            _ = try await dashboard.rawGet("/", headers: [Self.navigation])
            let before = bff.answeredCount
            let answer = try await dashboard.rawGet("/?lang=zh-Hans&refresh=1&after=m1", headers: [Self.navigation])
            #expect(answer.status == 303)
            #expect(answer.location == "/?lang=zh-Hans&after=m1")
            #expect(answer.setCookies.contains { $0.hasPrefix("moments_after_action=1") }, "the reloaded page is not a second screenview")
            #expect(bff.answeredCount == before + 1, "the page was read again")
            #expect(try await dashboard.rawGet("/?refresh=1", headers: [Self.navigation]).location == "/")
        }
    }

    @Test func refresh_fromARedraw_neverAsksTheBFF() async throws {
        try await withDashboard { dashboard, bff in
            _ = try await dashboard.rawGet("/", headers: [Self.navigation])
            let before = bff.answeredCount
            let redraw = try await dashboard.rawGet("/?refresh=1", headers: [Self.navigation, Self.scriptFetch])
            #expect(redraw.status == 200)
            #expect(redraw.body.contains("Sunset over the bay"))
            #expect(bff.answeredCount == before)
        }
    }
}
