import Foundation
import Moments
import Testing
import TestSupport

/// `POST /api/area51/sessions/replay`: Area 51's replay of a session file against this
/// dashboard's own BFF, through its own client.
@Suite struct SessionReplayRouteTests {
    @Test func replay_ofAnExportedSession_isSame_thenAfterALikeNamesIsLiked_andGoesThroughTheInspector() async throws {
        try await LikeableTimeline.with { timeline in
            let (dashboard, unliked) = (timeline.dashboard, timeline.unliked)
            let file = try await dashboard.send("POST", "/api/area51/sessions/export", contentType: "application/json", body: #"{"note": ""}"#).text

            let same = try await Self.replay(file, on: dashboard)
            #expect(same.status == 200)
            #expect(same.result.ignoredPaths == QASessionReplay.defaultIgnoredPaths)
            #expect(!same.result.operations.isEmpty && same.result.operations.allSatisfy { $0.outcome == .same }, "\(same.result.operations)")
            #expect(try await dashboard.exchanges().contains { $0["cause"] as? String == "session replay" }, "shown in the inspector")

            #expect(try await dashboard.like(timeline.unlikedMomentID).status == 200)
            let differs = try await Self.replay(file, on: dashboard)
            let read = differs.result.operations.first { $0.operationName == "getMomentsDetailsByUserID" }
            #expect(read?.outcome == .different)
            #expect(read?.differences.contains {
                $0.kind == .changed && $0.path == "data.getMomentsDetailsByUserID.moments.\(unliked).isLiked" && $0.old == "false" && $0.new == "true"
            } == true, "\(String(describing: read))")
        }
    }

    @Test func aFileOfAnotherVersion_orWithoutExchanges_isRefused_andNothingIsSent() async throws {
        let dataDirectory = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let (dashboard, _) = try await Dashboard.startEmbedded(dataDirectory: dataDirectory)
        let before = try await dashboard.exchanges().count

        let otherVersion = try await dashboard.send("POST", "/api/area51/sessions/replay", contentType: "application/json", body: #"{"version": 2}"#)
        #expect(otherVersion.status == 422)
        #expect(otherVersion.text.contains(#""code":"unsupported_session_version""#))
        let noExchanges = try await dashboard.send("POST", "/api/area51/sessions/replay", contentType: "application/json", body: #"{"version": 1}"#)
        #expect(noExchanges.status == 400)
        #expect(noExchanges.text.contains(#""code":"invalid_json""#))
        #expect(try await dashboard.exchanges().count == before)
        await dashboard.stop()
    }

    /// A mock's answer is not the BFF's: the session's HAR marks it `_mocked`, and the replay skips
    /// it instead of calling the BFF's answer a difference.
    @Test func anAnswerAMockGave_isMarkedInTheSession_andSkippedByTheReplay() async throws {
        try await LikeableTimeline.with { timeline in
            let dashboard = timeline.dashboard
            let mock = #"{"body": {"data": {"getMomentsDetailsByUserID": {"userDetails": {"id": "0", "name": "Mock", "avatar": "/images/avatars/00.png", "backgroundImage": "/images/backgrounds/00.jpg"}, "moments": []}}}, "remainingCalls": 1}"#
            #expect(try await dashboard.send("PUT", "/api/area51/mocks/getMomentsDetailsByUserID", contentType: "application/json", body: mock).status == 200)
            #expect(try await dashboard.send("GET", "/api/timeline?refresh=1", contentType: "application/json", body: "").status == 200)
            let file = try await dashboard.send("POST", "/api/area51/sessions/export", contentType: "application/json", body: #"{"note": ""}"#).text

            let session = try #require(try JSONSerialization.jsonObject(with: Data(file.utf8)) as? [String: Any])
            let entries = try #require(((session["exchanges"] as? [String: Any])?["log"] as? [String: Any])?["entries"] as? [[String: Any]])
            #expect(entries.filter { $0["_mocked"] as? Bool == true }.count == 1)
            let replay = try await Self.replay(file, on: dashboard)
            let reads = replay.result.operations.filter { $0.operationName == "getMomentsDetailsByUserID" }
            #expect(reads.count { $0.skipReason == .mocked } == 1, "\(reads)")
            #expect(reads.allSatisfy { $0.outcome != .different }, "\(reads)")
        }
    }

    /// Area 51's form, as a browser without script sends it: the file's text pasted. The page lists
    /// each operation with its outcome and differences, and its *Replay again* form carries the
    /// file and the paths left out; with `isLiked` and `likes` left out there, the answers are the same.
    /// The report is a page of its own, to save.
    @Test func areaFiftyOnesForm_showsTheReplayAsAPage_whosePathsCanBeEdited_andAsAReport() async throws {
        try await LikeableTimeline.with { timeline in
            let dashboard = timeline.dashboard
            let file = try await dashboard.send("POST", "/api/area51/sessions/export", contentType: "application/json", body: #"{"note": ""}"#).text
            #expect(try await dashboard.like(timeline.unlikedMomentID).status == 200)
            let form = "session=\(Self.formEncoded(file))&format=page"

            let page = try await dashboard.send("POST", "/area51/sessions/replay", contentType: "application/x-www-form-urlencoded", body: form)
            #expect(page.status == 200)
            #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
            #expect(page.text.contains(#"data-replay-outcome="different""#))
            #expect(page.text.contains("data.getMomentsDetailsByUserID.moments.\(timeline.unliked).isLiked"))
            #expect(page.text.contains(#"<textarea name="ignore" rows="3">data.*.moments.*.createdDate</textarea>"#), "the defaults, to edit")

            let ignoring = form + "&ignore=" + Self.formEncoded("data.*.moments.*.createdDate\ndata.*.moments.*.isLiked\ndata.*.moments.*.likes")
            let again = try await dashboard.send("POST", "/area51/sessions/replay", contentType: "application/x-www-form-urlencoded", body: ignoring)
            #expect(again.status == 200)
            #expect(!again.text.contains(#"data-replay-outcome="different""#))
            #expect(again.text.contains(#"data-replay-outcome="same""#))

            let report = try await dashboard.send("POST", "/area51/sessions/replay", contentType: "application/x-www-form-urlencoded",
                                                  body: "session=\(Self.formEncoded(file))&format=html")
            #expect(report.status == 200)
            #expect(report.headers["content-disposition"]?.hasPrefix("attachment; filename=\"moments-replay-") == true)
            #expect(report.text.hasPrefix("<!doctype html>") && report.text.contains(#"data-replay-outcome="different""#))
            #expect(!report.text.contains("<script"), "reads offline")
        }
    }

    @Test func areaFiftyOnesForm_withTextThatIsNoSession_answersItsErrorPage_andSendsNothing() async throws {
        try await withDashboard { dashboard, _ in
            let before = try await dashboard.exchanges().count
            let answer = try await dashboard.send("POST", "/area51/sessions/replay", contentType: "application/x-www-form-urlencoded",
                                                  body: "session=" + Self.formEncoded(#"{"version": 1, "exchanges": {}}"#))
            #expect(answer.status == 400)
            #expect(answer.headers["content-type"]?.hasPrefix("text/html") == true)
            #expect(answer.text.contains("exchanges.log"), "names what is missing")
            let notJSON = try await dashboard.send("POST", "/area51/sessions/replay", contentType: "application/x-www-form-urlencoded", body: "session=bug")
            #expect(notJSON.status == 400)
            #expect(try await dashboard.exchanges().count == before)
        }
    }

    private static func formEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlUnreservedCharacters)!
    }

    private static func replay(_ file: String, on dashboard: Dashboard) async throws -> (status: Int, result: QASessionReplay.Result) {
        let answer = try await dashboard.send("POST", "/api/area51/sessions/replay", contentType: "application/json", body: file)
        return (answer.status, try Dashboard.decode(QASessionReplay.Result.self, from: answer.text))
    }
}
