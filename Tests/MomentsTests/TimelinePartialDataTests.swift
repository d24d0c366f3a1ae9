import Foundation
import Testing
import TestSupport

/// Partial data is data: an answer with `data` and `errors` shows what came. A moment whose
/// likes failed is drawn without them (or with the last known ones) and marked; the JSON twin
/// carries the errors by path and code; a like whose own field came back is a like.
@Suite struct TimelinePartialDataTests {
    /// Where the fake's error of m3's likes points: m3 is the third moment of the answer.
    static var path: [AnyHashable] { ["getMomentsDetailsByUserID", "moments", 2, "likes"] }

    @Test func timelineJSON_whenOneMomentsLikesFail_showsEveryMoment_andCarriesTheErrorByPathAndCode() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            bff.failLikes(of: "m3")
            let twin = try await dashboard.json("/api/timeline")
            #expect(twin.status == 200)
            let items = twin.object.momentItems
            #expect(items.map { $0["momentID"] as? String } == ["m1", "m2", "m3"])
            let partial = try #require(twin.object["partial"] as? [[String: Any]])
            #expect(partial.count == 1)
            #expect(partial.first?["path"] as? [AnyHashable] == Self.path)
            #expect(partial.first?["code"] as? String == FakeBFF.likesErrorCode)
            #expect(partial.first?["momentID"] as? String == "m3")
            let failed = try #require(items.last)
            #expect((failed["partial"] as? [[String: Any]])?.first?["path"] as? [AnyHashable] == Self.path)
            #expect(failed["likes"] as? [String] == [])
            #expect(failed["likesNotice"] as? String == "Likes could not be loaded")
            #expect(items.dropLast().allSatisfy { $0["partial"] == nil && $0["likesNotice"] == nil })
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
            let twin = try await dashboard.json("/api/moments/m3")
            #expect(twin.status == 200)
            #expect((twin.object["partial"] as? [[String: Any]])?.first?["code"] as? String == FakeBFF.likesErrorCode)
            let page = try await dashboard.get("/moments/m3")
            #expect(page.status == 200 && page.text.contains("Likes could not be loaded"))
        }
    }

    @Test func refresh_whileLikesFail_keepsTheLastKnownLikes_andSaysSo() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let before = try await dashboard.json("/api/timeline").object.momentItems
            #expect(before.last?["likes"] as? [String] != [])
            bff.failLikes(of: "m3")
            let after = try await dashboard.json("/api/timeline?refresh=1")
            #expect(after.status == 200)
            let failed = try #require(after.object.momentItems.last)
            #expect(failed["likes"] as? [String] == before.last?["likes"] as? [String])
            #expect(failed["likesNotice"] as? String == "Likes could not be loaded. Showing the likes saved earlier.")
        }
    }

    @Test func restart_whileLikesFail_keepsTheSavedLikes() async throws {
        try await afterRestartWhileLikesFail { before, second in
            let after = try await second.json("/api/timeline")
            #expect(after.status == 200)
            #expect(after.object.momentItems.last?["likes"] as? [String] == before.last?["likes"] as? [String])
            #expect(after.object.momentItems.last?["likesNotice"] as? String == "Likes could not be loaded. Showing the likes saved earlier.")
        }
    }

    @Test func momentPage_afterRestart_whileLikesFail_showsTheSavedLikes() async throws {
        try await afterRestartWhileLikesFail { before, second in
            let moment = try await second.json("/api/moments/m3")
            #expect(moment.status == 200)
            #expect(moment.object["likes"] as? [String] == before.last?["likes"] as? [String])
            #expect(moment.object["likesNotice"] as? String == "Likes could not be loaded. Showing the likes saved earlier.")
        }
    }

    /// A dashboard that saved the timeline with likes on, stopped; then a second one on the same
    /// data while the BFF fails m3's likes, handed to `body` with the items the first one showed.
    private func afterRestartWhileLikesFail(_ body: ([[String: Any]], Dashboard) async throws -> Void) async throws {
        let bff = try FakeBFF()
        let first = try await Dashboard.start(bff: bff)
        try await first.setLikeFeature(true)
        let before = try await first.json("/api/timeline").object.momentItems
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
            #expect(errors?.first?["path"] as? [AnyHashable] == Self.path)
            let page = try await dashboard.get("/area51/network?outcome=partial", headers: ["Accept-Language": "zh-CN"])
            #expect(page.text.contains(#"data-outcome="partial""#) && page.text.contains("部分数据"))
        }
    }
}
