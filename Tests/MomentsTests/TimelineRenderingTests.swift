import Foundation
import Testing
import Foundations
import TestSupport

@Suite struct TimelineRenderingTests {
    @Test func scriptInTitle_showsAsText() async throws {
        try await withDashboard(bff: try FakeBFF(moments: [FakeBFF.Moment(id: "x1", userName: "<b>Mallory</b>", title: "<script>alert(1)</script>")])) { dashboard, bff in
            let page = try await dashboard.get("/")
            #expect(!page.text.contains("<script>alert(1)</script>"))
            #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(page.text.contains("&lt;b&gt;Mallory&lt;/b&gt;"))
        }
    }

    @Test(arguments: [false, true])
    func jsonTwin_andHTML_agreeItemByItem(likeFeature: Bool) async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(likeFeature)
            let page = try await dashboard.get("/").text
            let items = try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value.momentItems
            #expect(items.count == 3)
            var searchFrom = page.startIndex
            for item in items {
                let id = item.momentID
                let start = try #require(page.range(of: "id=\"moment-\(id)\"", range: searchFrom..<page.endIndex), "items in the same order")
                let end = page.range(of: "</article>", range: start.upperBound..<page.endIndex)?.upperBound ?? page.endIndex
                let html = String(page[start.lowerBound..<end])
                #expect(html.contains(item.userName))
                #expect(html.contains(item.postDateDescription ?? "?"))
                if let title = item.title { #expect(html.contains(title)) }
                if let photo = item.photoURL { #expect(html.contains(photo)) }
                if let link = item.link { #expect(html.contains(link.url)) }
                #expect(html.contains("data-like-form") == likeFeature)
                #expect((item.isLiked != nil) == likeFeature)
                if let isLiked = item.isLiked { #expect(html.contains("aria-pressed=\"\(isLiked)\"")) }
                for avatar in item.likes ?? [] { #expect(html.contains(avatar)) }
                searchFrom = end
            }
        }
    }

    @Test func noMoments_showsTheProfileAndTheLocalizedEmptyState() async throws {
        try await withDashboard(bff: try FakeBFF(moments: [])) { dashboard, bff in
            let page = try await dashboard.get("/", headers: ["Accept-Language": "zh-CN"])
            #expect(page.status == 200)
            #expect(page.text.contains("还没有朋友圈"))
            #expect(page.text.contains("class=\"profile\""))
            #expect(try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value.hasContent == false)
        }
    }

    @Test func acceptLanguageChinese_localizesPageAndRelativeDates_andLangOverrides() async throws {
        try await withDashboard { dashboard, bff in
            let chinese = try await dashboard.get("/", headers: ["Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"])
            #expect(chinese.text.contains("<html lang=\"zh-CN\">"))
            #expect(chinese.text.contains("5分钟前"))
            let english = try await dashboard.get("/?lang=en", headers: ["Accept-Language": "zh-CN"])
            #expect(english.text.contains("<html lang=\"en\">"))
            #expect(english.text.contains("5 minutes ago"))
        }
    }

    @Test func newTimelineLayout_drawsCardsFromTheSameViewModels() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.application.internalTogglesDataStore.update(toggle: InternalToggle.isNewTimelineLayoutEnabled, value: true)
            let page = try await dashboard.get("/")
            #expect(page.text.contains("card card--moment"))
            #expect(!page.text.contains("class=\"moment\""))
            #expect(page.text.contains("Sunset over the bay"))
        }
    }

    @Test func remoteConfig_roundsAvatarsAndPicksTheStarButton() async throws {
        let bff = try FakeBFF()
        bff.setRemoteConfig(["isRoundedAvatar": true, "likeButtonStyle": "star"])
        try await withDashboard(bff: bff) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let page = try await dashboard.get("/")
            #expect(page.text.contains("dk-avatar dk-avatar--round"))
            #expect(page.text.contains("dk-favorite-button--star"))
            #expect(!page.text.contains("dk-favorite-button--heart"))
        }
    }
}
