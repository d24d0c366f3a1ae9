import Foundation
import Foundations
import HTTPServer
@testable import Moments
import Testing
import TestSupport

/// Breakpoints as QA drives them, by the JSON API and by the inspector's forms, on a dashboard
/// with the embedded BFF in process: the page whose call is held waits and then shows what QA
/// let through; a failure QA chose is classified as the BFF's own; what is not JSON is refused
/// and the call stays held; stopping the dashboard lets every held call go. Each hold is in the
/// exchange's record, its HAR entry and the audit.
@Suite(.timeLimit(.minutes(1))) struct BreakpointRouteTests {
    static let read = "getMomentsDetailsByUserID"
    static let like = "updateMomentLike"

    @Test func aHeldAnswer_editedByTheAPI_isWhatTheTimelineAndItsPageShow() async throws {
        try await withEmbeddedDashboard { dashboard in
            #expect(try await dashboard.putBreakpoint(Self.read, #"{"stage": "response"}"#).status == 200)
            let timeline = Task { try await dashboard.get("/api/timeline?refresh=1") }
            let held = try await dashboard.firstHeld()
            var response = try #require(held["response"] as? [String: Any])
            var data = try #require(response["data"] as? [String: Any])
            var details = try #require(data[Self.read] as? [String: Any])
            var user = try #require(details["userDetails"] as? [String: Any])
            user["name"] = "Renamed by QA"
            details["userDetails"] = user
            data[Self.read] = details
            response["data"] = data
            let edit = String(decoding: try JSONSerialization.data(withJSONObject: ["response": response]), as: UTF8.self)

            #expect(try await dashboard.releaseHeld(held, "continue", edit).status == 200)

            let answer = try await timeline.value
            #expect(answer.status == 200)
            #expect(answer.text.contains("Renamed by QA"))
            #expect(try await dashboard.get("/").text.contains("Renamed by QA"))
            let exchange = try #require(try await dashboard.exchanges("operation=\(Self.read)").first)
            #expect((exchange["holdSummary"] as? String)?.contains("response held") == true)
        }
    }

    @Test func textThatIsNotJSON_isRefusedWith400_andTheCallStaysHeld() async throws {
        try await withEmbeddedDashboard { dashboard in
            #expect(try await dashboard.putBreakpoint(Self.read, #"{"stage": "response"}"#).status == 200)
            let timeline = Task { try await dashboard.get("/api/timeline?refresh=1") }
            let held = try await dashboard.firstHeld()
            let id = try #require(held["id"] as? Int)

            let form = try await dashboard.postForm("/area51/breakpoints/held/\(id)/continue", "edit=1&status=200&body=%7B%22data%22%3A")
            #expect(form.status == 400)
            let json = try await dashboard.releaseHeld(held, "continue", #"{"response": {"data": "#)
            #expect(json.status == 400)
            #expect(try Dashboard.decode(ErrorBody.self, from: json.text).error.code == "invalid_json")
            let misplaced = try await dashboard.releaseHeld(held, "continue", #"{"variables": {"userID": "1"}}"#)
            #expect(try Dashboard.decode(ErrorBody.self, from: misplaced.text).error.code == "invalid_breakpoint")
            #expect(try await dashboard.breakpoints().held.map(\.id) == [id], "still held, unchanged")

            #expect(try await dashboard.releaseHeld(held, "continue", nil).status == 200)
            #expect(try await timeline.value.status == 200)
            let unknown = try await dashboard.releaseHeld(held, "continue", nil)
            #expect(unknown.status == 404)
            #expect(try Dashboard.decode(ErrorBody.self, from: unknown.text).error.code == "unknown_held_exchange")
        }
    }

    @Test func aLike_abortedWithAGraphQLError_isClassifiedByItsCode_andRecorded() async throws {
        try await withEmbeddedDashboard { dashboard in
            try await dashboard.setLikeFeature(true)
            let moment = try #require(try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value.momentItems.first?.momentID)
            #expect(try await dashboard.putBreakpoint(Self.like, #"{"stage": "request"}"#).status == 200)
            let like = Task { try await dashboard.like(moment) }
            let held = try await dashboard.firstHeld()
            #expect(held["operation"] as? String == Self.like && held["stage"] as? String == "request")

            let abort = #"{"graphQLError": {"message": "QA says no", "code": "QA_ABORTED"}}"#
            #expect(try await dashboard.releaseHeld(held, "abort", abort).status == 200)

            let answer = try await like.value
            #expect(answer.status == 502)
            #expect(try Dashboard.decode(ErrorBody.self, from: answer.text).error.code == "bff_graphql_error")
            let exchange = try #require(try await dashboard.exchanges("operation=\(Self.like)").first)
            #expect(exchange["outcome"] as? String == "graphQLError")
            #expect((exchange["errors"] as? [[String: Any]])?.first?["code"] as? String == "QA_ABORTED")
            let har = try await dashboard.json("/api/area51/network.har").object
            let entries = try #require((har["log"] as? [String: Any])?["entries"] as? [[String: Any]])
            let holds = entries.compactMap { $0["_breakpointHolds"] as? [[String: Any]] }.flatMap { $0 }
            #expect(holds.map { $0["release"] as? String } == ["aborted"])
            let audit = try await dashboard.breakpoints().audit
            #expect(audit.prefix(2).map(\.hold?.release) == [.aborted, nil], "let go, then held, newest first")
            #expect(audit.first?.source == .api)
            let session = try await dashboard.send("POST", "/api/area51/sessions/export", contentType: "application/json", body: #"{"note": ""}"#)
            let file = try #require(try JSONSerialization.jsonObject(with: Data(session.text.utf8)) as? [String: Any])
            let sessionAudit = try #require((file["audit"] as? [String: Any])?["breakpoints"] as? [[String: Any]])
            #expect((sessionAudit.first?["hold"] as? [String: Any])?["release"] as? String == "aborted", "the session's audit has the release")
            let sessionEntries = try #require(((file["exchanges"] as? [String: Any])?["log"] as? [String: Any])?["entries"] as? [[String: Any]])
            #expect(sessionEntries.contains { $0["_breakpointHolds"] != nil }, "and its exchanges the hold")
        }
    }

    @Test func aHeldRequest_answeredFromTheMock_neverReachesTheBFF_andWithoutAMockIsRefused() async throws {
        try await withEmbeddedDashboard { dashboard in
            #expect(try await dashboard.putBreakpoint(Self.read, #"{"stage": "both"}"#).status == 200)
            let timeline = Task { try await dashboard.get("/api/timeline?refresh=1") }
            let held = try await dashboard.firstHeld()
            let refused = try await dashboard.releaseHeld(held, "mock", nil)
            #expect(refused.status == 409)
            #expect(try Dashboard.decode(ErrorBody.self, from: refused.text).error.code == "no_mock")
            #expect(try await dashboard.breakpoints().held.count == 1, "still held")

            let answer = #"{"body": {"errors": [{"message": "mocked", "extensions": {"code": "MOCKED"}}]}}"#
            #expect(try await dashboard.putMock(Self.read, answer).status == 200)
            #expect(try await dashboard.releaseHeld(held, "mock", nil).status == 200)

            #expect(try await timeline.value.status == 502)
            let exchange = try #require(try await dashboard.exchanges("operation=\(Self.read)").first)
            #expect((exchange["errors"] as? [[String: Any]])?.first?["code"] as? String == "MOCKED")
            #expect((exchange["holdSummary"] as? String)?.hasSuffix("mocked (every call, until cleared)") == true)
            #expect(try await dashboard.breakpoints().held.isEmpty, "QA's answer is not held again")
        }
    }

    @Test func stoppingTheDashboard_letsTheHeldPageGoOn() async throws {
        try await withEmbeddedDashboard { dashboard in
            #expect(try await dashboard.putBreakpoint(Self.read, #"{"stage": "both", "timeoutSeconds": 600}"#).status == 200)
            let timeline = Task { try await dashboard.get("/api/timeline?refresh=1") }
            _ = try await dashboard.firstHeld()

            dashboard.application.releaseHeldCalls()

            #expect(try await timeline.value.status == 200)
            let exchange = try #require(try await dashboard.exchanges("operation=\(Self.read)").first)
            #expect((exchange["holdSummary"] as? String)?.contains("shutdown") == true)
            #expect(try await dashboard.breakpoints().held.isEmpty)
        }
    }

    @Test func theInspectorsForms_setABreakpoint_showTheHeldCallsEditor_andLetItGoEdited() async throws {
        try await withEmbeddedDashboard { dashboard in
            let set = try await dashboard.postForm("/area51/breakpoints/\(Self.read)", "stage=request&variables=&timeoutSeconds=45")
            #expect(set.status == 303)
            #expect(try await dashboard.breakpoints().breakpoints.first?.breakpoint == Breakpoint(stage: .request, timeoutSeconds: 45))
            let timeline = Task { try await dashboard.get("/api/timeline?refresh=1") }
            let held = try await dashboard.firstHeld()
            let id = try #require(held["id"] as? Int)

            let page = try await dashboard.get("/area51/network").text
            #expect(page.contains(#"data-held-id="\#(id)""#))
            #expect(page.contains(#"<time datetime=""#), "the deadline, which the page counts down")
            #expect(page.contains(#"<textarea name="variables""#) && page.contains(#"<textarea name="headers""#))

            let notAnObject = try await dashboard.postForm("/area51/breakpoints/held/\(id)/continue", "edit=1&variables=%5B1%5D&headers=")
            #expect(notAnObject.status == 400)
            #expect(try await dashboard.breakpoints().held.map(\.id) == [id], "still held")
            let variables = #"{"userID":"0","withLikes":false}"#.addingPercentEncoding(withAllowedCharacters: .urlUnreservedCharacters)!
            let posted = try await dashboard.postForm("/area51/breakpoints/held/\(id)/continue", "edit=1&variables=\(variables)&headers=")
            #expect(posted.status == 303)
            #expect(try await timeline.value.status == 200)
            let exchange = try #require(try await dashboard.exchanges("operation=\(Self.read)").first)
            #expect((exchange["holdSummary"] as? String)?.contains("edited") == true)

            #expect(try await dashboard.get("/area51").text.contains("data-breakpoint-banner"), "every page says a call may be held")
            #expect(try await dashboard.postForm("/area51/breakpoints/\(Self.read)/clear", "").status == 303)
            #expect(try await dashboard.breakpoints().breakpoints.isEmpty)
            #expect(try await !dashboard.get("/area51").text.contains("data-breakpoint-banner"))
        }
    }
}

/// Runs `body` with a dashboard on the embedded BFF in process, in a data folder of its own.
private func withEmbeddedDashboard(_ body: (Dashboard) async throws -> Void) async throws {
    let dataDirectory = Dashboard.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dataDirectory) }
    let (dashboard, _) = try await Dashboard.startEmbedded(dataDirectory: dataDirectory)
    do {
        try await body(dashboard)
    } catch {
        dashboard.application.releaseHeldCalls()
        await dashboard.stop()
        throw error
    }
    await dashboard.stop()
}

extension Dashboard {
    /// `GET /api/area51/breakpoints`.
    func breakpoints() async throws -> BreakpointRoutes.BreakpointList {
        try await decode(BreakpointRoutes.BreakpointList.self, "/api/area51/breakpoints").value
    }

    /// `PUT /api/area51/breakpoints/{operation}` with `body`.
    func putBreakpoint(_ operation: String, _ body: String) async throws -> (status: Int, headers: [String: String], text: String) {
        try await send("PUT", "/api/area51/breakpoints/\(operation)", contentType: "application/json", body: body)
    }

    /// The first call held, as `GET /api/area51/breakpoints` shows it, once one is.
    func firstHeld() async throws -> [String: Any] {
        try await eventually("a call to be held") { try await !breakpoints().held.isEmpty }
        let held = try await json("/api/area51/breakpoints").object["held"] as? [[String: Any]]
        return try #require(held?.first)
    }

    /// `POST /api/area51/breakpoints/held/{id}/{action}` with `body` as JSON, or none.
    func releaseHeld(_ held: [String: Any], _ action: String, _ body: String?) async throws -> (status: Int, headers: [String: String], text: String) {
        let path = "/api/area51/breakpoints/held/\(held["id"] as? Int ?? 0)/\(action)"
        guard let body else {
            let (status, headers, data) = try await server.send("POST", path)
            return (status, headers, String(decoding: data, as: UTF8.self))
        }
        return try await send("POST", path, contentType: "application/json", body: body)
    }
}
