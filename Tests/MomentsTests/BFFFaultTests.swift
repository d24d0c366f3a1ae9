import Foundation
import Foundations
import Testing
import TestSupport

/// A BFF that misbehaves: the saved timeline stays on screen, a like gets the documented error,
/// and nothing is half-written.
@Suite struct BFFFaultTests {
    static let faults: [(FakeBFF.Behavior, Int, String)] = [
        (.slow(.seconds(3)), 504, "bff_timeout"),
        (.html, 502, "bff_bad_answer"),
        (.brokenJSON, 502, "bff_bad_answer"),
        (.graphQLErrors, 502, "bff_bad_answer"),
        (.status(500), 502, "bff_bad_answer"),
    ]

    /// Has the BFF answer well once (so a timeline is saved), then makes it fail as `behavior`
    /// says; answers the saved items.
    private func saveTimeline(_ dashboard: Dashboard, _ bff: FakeBFF, then behavior: FakeBFF.Behavior) async throws -> [[String: Any]] {
        try await dashboard.setLikeFeature(true)
        let saved = try await dashboard.json("/api/timeline").object.momentItems
        bff.behave(behavior)
        return saved
    }

    @Test(arguments: faults)
    func failingBFF_pageKeepsTheSavedTimelineWithANotice(behavior: FakeBFF.Behavior, status: Int, code: String) async throws {
        try await withDashboard(bffTimeout: .seconds(1)) { dashboard, bff in
            let saved = try await saveTimeline(dashboard, bff, then: behavior)
            let page = try await dashboard.get("/?refresh=1")
            #expect(page.status == 200)
            #expect(page.text.contains("Showing saved moments"))
            #expect(page.text.contains("Sunset over the bay"))
            let twin = try await dashboard.json("/api/timeline").object
            #expect(twin["notice"] as? String != nil)
            #expect(twin.momentItems.count == saved.count)
        }
    }

    @Test(arguments: faults)
    func failingBFF_likeAnswersTheDocumentedError_andChangesNothing(behavior: FakeBFF.Behavior, status: Int, code: String) async throws {
        try await withDashboard(bffTimeout: .seconds(1)) { dashboard, bff in
            let saved = try await saveTimeline(dashboard, bff, then: behavior)
            let answer = try await dashboard.send("PUT", "/api/moments/m1/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            #expect(answer.status == status)
            let error = (try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any])?["error"] as? [String: String]
            #expect(error?["code"] == code)
            #expect(error?["message"]?.contains("Nothing was changed") == true)
            let after = try await dashboard.json("/api/timeline").object.momentItems
            #expect(after.map { $0["isLiked"] as? Bool } == saved.map { $0["isLiked"] as? Bool })
            #expect(try await dashboard.application.momentsRepo.moment(id: "m1", userID: "0").isLiked == false)
        }
    }
}
