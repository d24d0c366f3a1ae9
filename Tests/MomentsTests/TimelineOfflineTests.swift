import Foundation
import Testing
import TestSupport

@Suite struct TimelineOfflineTests {
    @Test func bffDown_afterRestart_rendersSavedTimelineWithNotice() async throws {
        let bff = try FakeBFF()
        let first = try await Dashboard.start(bff: bff)
        #expect(try await first.get("/").status == 200)
        await first.stop()
        await bff.stop()

        let second = try await Dashboard.start(bff: bff, dataDirectory: first.dataDirectory)
        let page = try await second.get("/")
        #expect(page.status == 200)
        #expect(page.text.contains("Showing moments saved"))
        #expect(page.text.contains("Sunset over the bay"))
        let twin = try await second.decode(TimelineAnswer.self, "/api/timeline").value
        #expect(twin.notice != nil)
        #expect(twin.momentItems.count == 3)
        await second.stop()
    }

    @Test func bffDown_like_answers503_andSavedTimelineIsUnchanged() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let before = try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value.momentItems
            await bff.stop()

            let answer = try await dashboard.send("PUT", "/api/moments/m1/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            #expect(answer.status == 503)
            #expect(answer.text.contains("bff_unreachable"))
            let after = try await dashboard.decode(TimelineAnswer.self, "/api/timeline?refresh=1").value
            #expect(after.notice != nil)
            #expect(after.momentItems.map(\.isLiked) == before.map(\.isLiked))
        }
    }

    @Test(arguments: [("en", "Moments can’t be loaded"), ("zh-CN", "无法加载朋友圈")])
    func emptyDataDirAndBFFDown_showsLocalizedErrorState503(language: String, heading: String) async throws {
        let bff = try FakeBFF()
        await bff.stop()
        try await withDashboard(bff: bff) { dashboard, _ in
            let page = try await dashboard.get("/", headers: ["Accept-Language": language])
            #expect(page.status == 503)
            #expect(page.text.contains(heading))
            #expect(page.text.contains("state--error"))
            let twin = try await dashboard.decode(TimelineAnswer.self, "/api/timeline")
            #expect(twin.status == 503)
            #expect(twin.value.hasError)
        }
    }
}
