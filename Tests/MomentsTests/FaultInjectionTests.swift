import Foundation
import Foundations
import HTTPServer
@testable import Moments
import Testing
import TestSupport

/// Faults set in Area 51: what the timeline and a like answer under each kind, how they end,
/// the banner, the audit, and bodies that are refused without changing anything.
@Suite struct FaultInjectionTests {
    static let timeline = "getMomentsDetailsByUserID"
    static let like = "updateMomentLike"
    static let remoteConfig = "remoteConfig"

    struct Case: Sendable, CustomStringConvertible {
        let body: String
        let timelineStatus: Int
        let timelineCode: String?
        let likeStatus: Int
        let likeCode: String?
        var description: String { body }
    }

    /// A fresh dashboard (no saved timeline) answers the real thing's error; a like (after the
    /// timeline was read again) the same.
    static let cases: [Case] = [
        Case(body: #"{"kind": "delay", "delayMs": 300}"#, timelineStatus: 200, timelineCode: nil, likeStatus: 200, likeCode: nil),
        Case(body: #"{"kind": "timeout"}"#, timelineStatus: 504, timelineCode: "bff_timeout", likeStatus: 504, likeCode: "bff_timeout"),
        Case(body: #"{"kind": "httpStatus", "status": 503}"#, timelineStatus: 502, timelineCode: "bff_http_status", likeStatus: 502, likeCode: "bff_http_status"),
        Case(body: #"{"kind": "graphQLError", "message": "Nope", "code": "INTERNAL"}"#, timelineStatus: 502, timelineCode: "bff_graphql_error",
             likeStatus: 502, likeCode: "bff_graphql_error"),
        // The code the BFF gives a user it does not know: answered as that user unknown.
        Case(body: #"{"kind": "graphQLError", "message": "Nope", "code": "UNKNOWN_USER"}"#, timelineStatus: 404, timelineCode: "unknown_user",
             likeStatus: 404, likeCode: "unknown_user"),
        // The like's answer lists no moments: the item is drawn from the page already read.
        Case(body: #"{"kind": "emptyMoments"}"#, timelineStatus: 200, timelineCode: nil, likeStatus: 200, likeCode: nil),
        Case(body: #"{"kind": "malformedJSON"}"#, timelineStatus: 502, timelineCode: "bff_not_json", likeStatus: 502, likeCode: "bff_not_json"),
    ]

    @Test(arguments: cases)
    func eachKind_isAnsweredAsTheRealThing_andClearingRestores(_ testCase: Case) async throws {
        try await withDashboard(bffTimeout: .seconds(1)) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            #expect(try await dashboard.putFault(Self.timeline, testCase.body).status == 200)
            let timeline = try await dashboard.get("/api/timeline")
            #expect(timeline.status == testCase.timelineStatus)
            if let code = testCase.timelineCode { #expect(timeline.text.contains(#""code":"\#(code)""#)) }
            let page = try await dashboard.get("/?refresh=1")
            #expect(page.text.contains("data-fault-banner"))
            if testCase.timelineCode != nil { #expect(page.text.contains("state--error")) }
            if testCase.body.contains("emptyMoments") {
                #expect(try Dashboard.decode(TimelineAnswer.self, from: timeline.text).momentItems.isEmpty)
                let profile = page.text.range(of: #"class="profile""#), empty = page.text.range(of: "state--empty")
                #expect(profile != nil && empty != nil && profile!.lowerBound < empty!.lowerBound,
                        "the empty state under the profile header, as the seed draws it")
            }
            let recorded = try await dashboard.exchanges("operation=\(Self.timeline)")
            #expect(recorded.first?["outcome"] as? String == "injectedFault")
            if testCase.body.contains("delay") { #expect((recorded.first?["durationMilliseconds"] as? Double ?? 0) >= 300) }

            #expect(try await dashboard.send("DELETE", "/api/area51/faults/\(Self.timeline)", contentType: "application/json", body: "").status == 200)
            let restored = try await dashboard.get("/api/timeline?refresh=1")
            #expect(restored.status == 200)
            #expect(try Dashboard.decode(TimelineAnswer.self, from: restored.text).momentItems.count == 3)
            #expect(!(try await dashboard.get("/?refresh=1")).text.contains("data-fault-banner"))

            #expect(try await dashboard.putFault(Self.like, testCase.body).status == 200)
            let like = try await dashboard.send("PUT", "/api/moments/m1/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            #expect(like.status == testCase.likeStatus)
            if let code = testCase.likeCode { #expect(like.text.contains(#""code":"\#(code)""#)) }
            _ = bff
        }
    }

    @Test func nextKCalls_countDown_thenTheRealAnswerComesBack() async throws {
        try await withDashboard { dashboard, _ in
            _ = try await dashboard.putFault(Self.timeline, #"{"kind": "httpStatus", "status": 500, "remainingCalls": 2}"#)
            #expect(try await dashboard.get("/api/timeline?refresh=1").status == 502)
            #expect(try await dashboard.faults().faults.first?.fault.remainingCalls == 1)
            #expect(try await dashboard.get("/api/timeline?refresh=1").status == 502)
            #expect(try await dashboard.get("/api/timeline?refresh=1").status == 200)
            #expect(try await dashboard.faults().faults.isEmpty)
        }
    }

    @Test func faultSummaries_areInTheReadersLanguage_onPagesAndInJSON() async throws {
        try await withDashboard { dashboard, _ in
            _ = try await dashboard.putFault(Self.like, #"{"kind": "delay", "delayMs": 10, "remainingCalls": 3}"#)
            #expect(try await dashboard.get("/").text.contains("(delay 10 ms, 3 more)"))
            #expect(try await dashboard.get("/?lang=zh-Hans").text.contains("(延迟 10 毫秒，还剩 3 次)"), "the banner, in Chinese")
            let faults = try await dashboard.decode(FaultRoutes.FaultList.self, "/api/area51/faults?lang=zh-Hans").value.faults
            #expect(faults.first?.summary == "延迟 10 毫秒，还剩 3 次")
            #expect(try await dashboard.get("/area51/network?lang=zh-Hans").text.contains("⚡ 延迟 10 毫秒，还剩 3 次"))
        }
    }

    /// Each operation's row shows its own fault: the rows without one say so, and offer no Clear.
    @Test func faultOnOneOperation_showsOnItsRowAlone() async throws {
        try await withDashboard { dashboard, _ in
            _ = try await dashboard.putFault(Self.timeline, #"{"kind": "httpStatus", "status": 503}"#)
            let page = try await dashboard.get("/area51/network").text
            func row(_ operation: String) throws -> Substring {
                let start = try #require(page.range(of: #"data-fault-operation="\#(operation)""#))
                let rest = page[start.upperBound...]
                return rest[..<(rest.range(of: "</li>")?.lowerBound ?? rest.endIndex)]
            }
            let faulted = try row(Self.timeline)
            #expect(faulted.contains("⚡ HTTP 503") && faulted.contains("/clear"))
            #expect(faulted.contains(#"<option value="httpStatus" selected>"#))
            for operation in [Self.like, Self.remoteConfig] {
                let other = try row(operation)
                #expect(other.contains("No fault"), "\(operation)'s row")
                #expect(!other.contains("⚡") && !other.contains("/clear") && !other.contains(" selected>"), "\(operation)'s row")
            }
        }
    }

    @Test func lastOfKCalls_endsTheFault_andTheAuditRecordsItAsExpired() async throws {
        try await withDashboard { dashboard, _ in
            _ = try await dashboard.putFault(Self.timeline, #"{"kind": "httpStatus", "status": 500, "remainingCalls": 2}"#)
            #expect(try await dashboard.get("/api/timeline?refresh=1").status == 502)
            var audit = try await dashboard.faults().audit
            #expect(audit.count == 1, "a call that leaves calls to shape ends nothing")
            #expect(try await dashboard.get("/api/timeline?refresh=1").status == 502)
            audit = try await dashboard.faults().audit
            #expect(audit.count == 2)
            #expect(audit.first?.operation == Self.timeline)
            #expect(audit.first?.fault == nil && audit.first?.source == .expired)
            #expect(try await dashboard.get("/area51").text.contains("(expired)"), "Area 51's activity names the end")
            #expect(try await dashboard.get("/area51/network").text.contains("HTTP 500, last call"), "the inspector marks the call that used it up")
            #expect(try await dashboard.get("/api/timeline?refresh=1").status == 200)
            audit = try await dashboard.faults().audit
            #expect(audit.count == 2, "an ended fault ends once")
        }
    }

    @Test func remoteConfigFault_fallsBackToTheDefaults_asARealFailure_andClearingRestores() async throws {
        let bff = try FakeBFF()
        bff.setRemoteConfig(["isRoundedAvatar": true, "likeButtonStyle": "star"])
        try await withDashboard(bff: bff) { dashboard, _ in
            try await dashboard.setLikeFeature(true)
            let remote = dashboard.application.remoteTogglesDataStore
            #expect(try await dashboard.get("/").text.contains("dk-favorite-button--star"))
            #expect(try await dashboard.putFault(Self.remoteConfig, #"{"kind": "httpStatus", "status": 503}"#).status == 200)

            await remote.refresh()
            let page = try await dashboard.get("/").text
            #expect(page.contains("dk-favorite-button--heart") && !page.contains("dk-avatar--round"), "the defaults, as when the BFF is down")
            #expect(remote.origin == .defaults(reason: APISessionError.httpStatus(503).description))
            #expect(try await dashboard.get("/area51").text.contains("Defaults: remote config unavailable (the BFF answered HTTP 503)"))
            let exchange = try await dashboard.exchanges("operation=\(Self.remoteConfig)").first
            #expect(exchange?["outcome"] as? String == "injectedFault" && exchange?["status"] as? Int == 503)

            #expect(try await dashboard.send("DELETE", "/api/area51/faults/\(Self.remoteConfig)", contentType: "application/json", body: "").status == 200)
            await remote.refresh()
            let restored = try await dashboard.get("/").text
            #expect(restored.contains("dk-favorite-button--star") && restored.contains("dk-avatar--round"))
            #expect(try await dashboard.get("/area51").text.contains("Remote config, fetched"))
        }
    }

    @Test func banner_clearsEveryFault_withOneFormPost_andTheAuditRecordsSetAndClear() async throws {
        try await withDashboard { dashboard, _ in
            _ = try await dashboard.putFault(Self.timeline, #"{"kind": "delay", "delayMs": 10}"#)
            #expect(try await dashboard.get("/api/area51").text.contains("delay 10 ms"), "/api/area51 lists the fault")
            let banner = try await dashboard.get("/area51")
            #expect(banner.text.contains("data-fault-banner") && banner.text.contains(#"action="/area51/clear-faults""#))

            let cleared = try await dashboard.postForm("/area51/clear-faults", "back=%2Farea51")
            #expect(cleared.status == 303 && cleared.location == "/area51")
            #expect(!(try await dashboard.get("/area51")).text.contains("data-fault-banner"))
            let audit = try await dashboard.faults().audit
            #expect(audit.count == 2)
            #expect(audit.first?.fault == nil && audit.first?.source == .page, "the clear, from the banner's form")
            #expect(audit.last?.fault?.kind == .delay && audit.last?.source == .api)
            let offSite = try await dashboard.postForm("/area51/clear-faults", "back=%2F%2Fevil.example")
            #expect(offSite.location == "/area51/network", "the form never sends the browser elsewhere")
        }
    }

    @Test(arguments: [
        ("getMomentsDetailsByUserID", #"{"kind": "explode"}"#, 400, "invalid_json"),
        ("getMomentsDetailsByUserID", #"{"kind": "delay", "delayMs": -5}"#, 400, "invalid_fault"),
        ("getMomentsDetailsByUserID", #"{"kind": "delay"}"#, 400, "invalid_fault"),
        ("getMomentsDetailsByUserID", #"{"kind": "httpStatus", "status": 200}"#, 400, "invalid_fault"),
        ("getMomentsDetailsByUserID", #"{"kind": "httpStatus", "status": 600}"#, 400, "invalid_fault"),
        ("getMomentsDetailsByUserID", #"{"kind": "timeout", "remainingCalls": 0}"#, 400, "invalid_fault"),
        ("remoteConfig", #"{"kind": "emptyMoments"}"#, 400, "fault_not_applicable"),
        ("getEverything", #"{"kind": "timeout"}"#, 404, "unknown_operation"),
    ])
    func badFault_isRefused_andNothingChanges(operation: String, body: String, status: Int, code: String) async throws {
        try await withDashboard { dashboard, _ in
            let answer = try await dashboard.putFault(operation, body)
            #expect(answer.status == status)
            let error = try Dashboard.decode(ErrorBody.self, from: answer.text).error
            #expect(error.code == code)
            #expect(!error.message.isEmpty)
            let faults = try await dashboard.faults()
            #expect(faults.faults.isEmpty)
            #expect(faults.audit.isEmpty)
            #expect(try await dashboard.get("/api/timeline").status == 200)
        }
    }
}
