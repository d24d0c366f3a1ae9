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

    private static func replay(_ file: String, on dashboard: Dashboard) async throws -> (status: Int, result: QASessionReplay.Result) {
        let answer = try await dashboard.send("POST", "/api/area51/sessions/replay", contentType: "application/json", body: file)
        return (answer.status, try Dashboard.decode(QASessionReplay.Result.self, from: answer.text))
    }
}
