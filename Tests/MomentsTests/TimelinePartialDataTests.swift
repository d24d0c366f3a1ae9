import Foundation
import Foundations
@testable import Moments
import Testing
import TestSupport

/// Partial data is data: an answer with `data` and `errors` shows what came. A moment whose
/// likes failed is drawn without them (or with the last known ones) and marked; the JSON twin
/// carries the errors by path and code; a like whose own field came back is a like.
@Suite struct TimelinePartialDataTests {
    /// Where the fake's error of m3's likes points: m3 is the third moment of the answer.
    static var path: [GraphQLErrorDetail.PathSegment] { [.field("getMomentsDetailsByUserID"), .field("moments"), .index(2), .field("likes")] }

    @Test func timelineJSON_whenOneMomentsLikesFail_showsEveryMoment_andCarriesTheErrorByPathAndCode() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            bff.failLikes(of: "m3")
            let (status, twin) = try await dashboard.decode(TimelineAnswer.self, "/api/timeline")
            #expect(status == 200)
            let items = twin.momentItems
            #expect(items.map(\.momentID) == ["m1", "m2", "m3"])
            let partial = try #require(twin.partial)
            #expect(partial.count == 1)
            #expect(partial.first?.path == Self.path)
            #expect(partial.first?.code == FakeBFF.likesErrorCode)
            #expect(partial.first?.momentID == "m3")
            let failed = try #require(items.last)
            #expect(failed.partial?.first?.path == Self.path)
            #expect(failed.likes == [])
            #expect(failed.likesNotice == "Likes could not be loaded")
            #expect(items.dropLast().allSatisfy { $0.partial == nil && $0.likesNotice == nil })
        }
    }

    @Test(arguments: [("en", "Likes could not be loaded"), ("zh-CN", "无法加载点赞")])
    func timelinePage_marksTheMomentWhoseLikesFailed_inTheReadersLanguage(language: String, mark: String) async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            bff.failLikes(of: "m1")
            let page = try await dashboard.get("/", headers: ["Accept-Language": language])
            #expect(page.status == 200)
            let moments = page.text.components(separatedBy: "<article").dropFirst()
            #expect(moments.count == 3)
            #expect(moments.map { $0.contains(mark) } == [true, false, false])
            #expect(moments.last?.contains("moment__liker") == true, "m3 keeps its liker")
        }
    }

    @Test func momentPage_andItsJSONTwin_markTheLikesThatFailed() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            bff.failLikes(of: "m3")
            let twin = try await dashboard.decode(MomentPageAnswer.self, "/api/moments/m3")
            #expect(twin.status == 200)
            #expect(twin.value.item.partial?.first?.code == FakeBFF.likesErrorCode)
            let page = try await dashboard.get("/moments/m3")
            #expect(page.status == 200 && page.text.contains("Likes could not be loaded"))
        }
    }

    @Test func refresh_whileLikesFail_keepsTheLastKnownLikes_andSaysSo() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let before = try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value.momentItems
            #expect(before.last?.likes != [])
            bff.failLikes(of: "m3")
            let after = try await dashboard.decode(TimelineAnswer.self, "/api/timeline?refresh=1")
            #expect(after.status == 200)
            let failed = try #require(after.value.momentItems.last)
            #expect(failed.likes == before.last?.likes)
            #expect(failed.likesNotice == "Likes could not be loaded. Showing the likes saved earlier.")
        }
    }

    @Test func restart_whileLikesFail_keepsTheSavedLikes() async throws {
        try await afterRestartWhileLikesFail { before, second in
            let after = try await second.decode(TimelineAnswer.self, "/api/timeline")
            #expect(after.status == 200)
            #expect(after.value.momentItems.last?.likes == before.last?.likes)
            #expect(after.value.momentItems.last?.likesNotice == "Likes could not be loaded. Showing the likes saved earlier.")
        }
    }

    @Test func momentPage_afterRestart_whileLikesFail_showsTheSavedLikes() async throws {
        try await afterRestartWhileLikesFail { before, second in
            let moment = try await second.decode(MomentPageAnswer.self, "/api/moments/m3")
            #expect(moment.status == 200)
            #expect(moment.value.item.likes == before.last?.likes)
            #expect(moment.value.item.likesNotice == "Likes could not be loaded. Showing the likes saved earlier.")
        }
    }

    /// A dashboard that saved the timeline with likes on, stopped; then a second one on the same
    /// data while the BFF fails m3's likes, handed to `body` with the items the first one showed.
    private func afterRestartWhileLikesFail(_ body: ([MomentListItemViewModel], Dashboard) async throws -> Void) async throws {
        let bff = try FakeBFF()
        let first = try await Dashboard.start(bff: bff)
        try await first.setLikeFeature(true)
        let before = try await first.decode(TimelineAnswer.self, "/api/timeline").value.momentItems
        await first.stop()
        bff.failLikes(of: "m3")
        let second = try await Dashboard.start(bff: bff, dataDirectory: first.dataDirectory)
        try await body(before, second)
        await second.stop()
        await bff.stop()
        try? FileManager.default.removeItem(at: first.dataDirectory)
    }

    @Test func like_whoseOwnFieldCameBack_isALike_whenItsLikesFail() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            _ = try await dashboard.get("/api/timeline")
            bff.failLikes(of: "m3")
            let answer = try await dashboard.send("PUT", "/api/moments/m3/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            #expect(answer.status == 200)
            #expect(answer.text.contains(#""isLiked":true"#))
            #expect(bff.likerIDs(of: "m3").first == "0")
        }
    }

    @Test func like_isALike_whenAnotherMomentsLikesFail() async throws {
        try await withDashboard { dashboard, bff in
            bff.refusePagination() // the like's answer holds every moment, m3 among them
            try await dashboard.setLikeFeature(true)
            _ = try await dashboard.get("/api/timeline")
            bff.failLikes(of: "m3")
            let answer = try await dashboard.send("PUT", "/api/moments/m1/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            #expect(answer.status == 200)
            #expect(answer.text.contains(#""isLiked":true"#))
            #expect(!answer.text.contains("likesNotice"))
        }
    }

    @Test func networkInspector_labelsThePartialAnswer_andFiltersByIt() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            bff.failLikes(of: "m3")
            _ = try await dashboard.get("/api/timeline")
            let rows = try await dashboard.exchanges("outcome=partial")
            #expect(rows.count == 1)
            #expect(rows.first?["operationName"] as? String == "getMomentsDetailsByUserID")
            let errors = rows.first?["errors"] as? [[String: Any]]
            #expect(errors?.first?["path"] as? [AnyHashable] == Self.path.map { segment -> AnyHashable in
                switch segment { case .field(let name): name; case .index(let index): index }
            })
            let page = try await dashboard.get("/area51/network?outcome=partial", headers: ["Accept-Language": "zh-CN"])
            #expect(page.text.contains(#"data-outcome="partial""#) && page.text.contains("部分数据"))
        }
    }
}
