import Foundation
import Foundations
import HTTPServer
import Moments
import Testing
import TestSupport

/// A BFF that fails in each way the dashboard tells apart by structure: every class answers its
/// own status, code and message on the timeline and on a like, in JSON and in HTML; the saved
/// timeline stays on screen saying why and since when; nothing is half-written.
@Suite struct BFFFaultTests {
    /// One way the BFF fails, the status and code the dashboard answers, and a piece of the
    /// English message.
    struct Fault: Sendable, CustomTestStringConvertible {
        /// `nil`: the BFF is down (connections refused).
        let behavior: FakeBFF.Behavior?
        let status: Int
        let code: String
        let message: String

        var testDescription: String { code + (behavior.map { " (\($0))" } ?? " (down)") }

        /// The dashboard's wait for the BFF: short where the BFF is slow on purpose, so the
        /// timeout is met; else long enough that a loaded machine never meets it by accident.
        var bffTimeout: Duration {
            if case .slow = behavior { .seconds(1) } else { .seconds(10) }
        }
    }

    static let faults: [Fault] = [
        Fault(behavior: nil, status: 503, code: "bff_unreachable", message: "The BFF at http://127.0.0.1:"),
        Fault(behavior: .slow(.seconds(3)), status: 504, code: "bff_timeout", message: "The BFF did not answer within 1 seconds."),
        Fault(behavior: .status(401), status: 502, code: "bff_credentials_refused", message: "The BFF refused the credentials (HTTP 401)"),
        Fault(behavior: .status(403), status: 502, code: "bff_credentials_refused", message: "The BFF refused the credentials (HTTP 403)"),
        Fault(behavior: .status(500), status: 502, code: "bff_http_status", message: "The BFF answered with HTTP status 500."),
        Fault(behavior: .html, status: 502, code: "bff_not_json", message: "The BFF answered something that is not JSON."),
        Fault(behavior: .brokenJSON, status: 502, code: "bff_not_json", message: "The BFF answered something that is not JSON."),
        Fault(behavior: .notGraphQL, status: 502, code: "bff_not_graphql", message: "The BFF answered JSON that is not a GraphQL answer."),
        Fault(behavior: .graphQLErrors, status: 502, code: "bff_graphql_error", message: "The BFF reported an error: database is locked"),
        Fault(behavior: .graphQLErrorCode("DATABASE_UNAVAILABLE"), status: 502, code: "bff_graphql_error",
              message: "The BFF reported an error: refused [DATABASE_UNAVAILABLE]"),
        Fault(behavior: .missingField, status: 502, code: "bff_missing_data",
              message: "The BFF’s answer lacks data the dashboard needs (data.getMomentsDetailsByUserID.moments.0.id)"),
    ]

    /// The like's mutation document fails with the same class, and its own field path.
    static func likeMessage(_ fault: Fault) -> String {
        fault.message.replacingOccurrences(of: "getMomentsDetailsByUserID", with: "updateMomentLike")
    }

    private func fail(_ bff: FakeBFF, as fault: Fault) async {
        if let behavior = fault.behavior { bff.behave(behavior) } else { await bff.stop() }
    }

    /// Has the BFF answer well once (so a timeline is saved), then makes it fail as `fault`
    /// says; answers the saved items.
    private func saveTimeline(_ dashboard: Dashboard, _ bff: FakeBFF, then fault: Fault) async throws -> [MomentListItemViewModel] {
        try await dashboard.setLikeFeature(true)
        let saved = try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value.momentItems
        await fail(bff, as: fault)
        return saved
    }

    /// The error a JSON answer carries (`ErrorBody`'s, which the timeline's error state shares).
    private static func error(_ text: String) -> ErrorBody.Detail? {
        try? Dashboard.decode(ErrorBody.self, from: text).error
    }

    @Test(arguments: faults)
    func failingBFF_withNothingSaved_timelineAnswersTheClass(fault: Fault) async throws {
        try await withDashboard(bffTimeout: fault.bffTimeout) { dashboard, bff in
            await fail(bff, as: fault)
            let twin = try await dashboard.get("/api/timeline")
            #expect(twin.status == fault.status)
            let error = Self.error(twin.text)
            #expect(error?.code == fault.code)
            #expect(error?.message.contains(fault.message) == true, "\(error?.message ?? "")")

            let page = try await dashboard.get("/")
            #expect(page.status == fault.status)
            #expect(page.text.contains(fault.message), "the page says the class's sentence")
            #expect(page.text.contains("data-error-code>\(fault.code)<"))
        }
    }

    @Test(arguments: faults)
    func failingBFF_pageKeepsTheSavedTimeline_withTheClassAndSavedTime(fault: Fault) async throws {
        try await withDashboard(bffTimeout: fault.bffTimeout) { dashboard, bff in
            let saved = try await saveTimeline(dashboard, bff, then: fault)
            let page = try await dashboard.get("/?refresh=1")
            #expect(page.status == 200)
            #expect(page.text.contains("Showing moments saved just now. \(fault.message)"))
            #expect(page.text.contains("data-stale-code=\"\(fault.code)\""))
            #expect(page.text.contains("Sunset over the bay"))
            let answer = try await dashboard.get("/api/timeline")
            #expect(answer.status == 200)
            let twin = try Dashboard.decode(TimelineAnswer.self, from: answer.text)
            #expect(twin.notice?.contains(fault.message) == true)
            let stale = try #require(twin.stale)
            #expect(stale.code == fault.code)
            #expect(stale.reason.contains(fault.message))
            #expect(abs(stale.savedAt.timeIntervalSinceNow) < 60)
            #expect(answer.text.range(of: #""savedAt":"[^"]+Z""#, options: .regularExpression) != nil, "in UTC")
            #expect(twin.momentItems.count == saved.count)
        }
    }

    @Test(arguments: faults)
    func failingBFF_likeAnswersTheClass_inJSONAndHTML_andChangesNothing(fault: Fault) async throws {
        try await withDashboard(bffTimeout: fault.bffTimeout) { dashboard, bff in
            let saved = try await saveTimeline(dashboard, bff, then: fault)
            let answer = try await dashboard.send("PUT", "/api/moments/m1/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            #expect(answer.status == fault.status)
            let error = Self.error(answer.text)
            #expect(error?.code == fault.code)
            #expect(error?.message.contains("Nothing was changed") == true)
            #expect(error?.message.contains(Self.likeMessage(fault)) == true, "\(error?.message ?? "")")

            let form = try await dashboard.send("POST", "/moments/m1/like", contentType: "application/x-www-form-urlencoded", body: "isLiked=true")
            #expect(form.status == fault.status)
            #expect(form.text.contains(Self.likeMessage(fault)))
            #expect(form.text.contains("data-error-code>\(fault.code)<"))

            let after = try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value.momentItems
            #expect(after.map(\.isLiked) == saved.map(\.isLiked))
            #expect(try await dashboard.application.momentsRepo.moment(id: "m1", userID: "0").isLiked == false)
            if case .slow = fault.behavior {
                // A BFF that answers late may still apply what it was sent: the dashboard cannot know.
            } else {
                #expect(bff.likerIDs(of: "m1").isEmpty, "the BFF's data is unchanged")
            }
        }
    }

    /// A like on a fresh dashboard needs the schema's capabilities, the moment and the like
    /// itself: against a BFF that hangs, they share one timeout instead of waiting one each.
    @Test func likeAgainstAHungBFF_givesUpWithinAboutOneTimeout() async throws {
        try await withDashboard(bffTimeout: .seconds(1)) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            bff.behave(.slow(.seconds(30)))
            let start = ContinuousClock.now
            let answer = try await dashboard.send("PUT", "/api/moments/m1/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            let elapsed = ContinuousClock.now - start
            #expect(answer.status == 504)
            #expect(Self.error(answer.text)?.code == "bff_timeout")
            #expect(elapsed < .milliseconds(2500), "three exchanges, one timeout: \(elapsed)")
        }
    }

    @Test func failingBFF_messagesAreInTheReadersLanguage() async throws {
        try await withDashboard { dashboard, bff in
            bff.behave(.status(401))
            let twin = try await dashboard.get("/api/timeline?lang=zh-Hans")
            #expect(Self.error(twin.text)?.message.contains("BFF 拒绝了凭据（HTTP 401）") == true)
            bff.behave(.normal)
            _ = try await dashboard.get("/api/timeline?refresh=1")
            bff.behave(.status(401))
            let page = try await dashboard.get("/?refresh=1&lang=zh-Hans")
            #expect(page.text.contains("正在显示刚刚保存的朋友圈。BFF 拒绝了凭据（HTTP 401）"))
        }
    }
}
