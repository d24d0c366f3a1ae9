import Foundation
import Moments
import Testing
import TestSupport

/// `POST /api/area51/sessions/replay`: Area 51's replay of a session file against this
/// dashboard's own BFF, through its own client.
@Suite struct SessionReplayRouteTests {
    @Test func replay_ofAnExportedSession_isSame_thenAfterALikeNamesIsLiked_andGoesThroughTheInspector() async throws {
        let dataDirectory = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let (dashboard, _) = try await Dashboard.startEmbedded(dataDirectory: dataDirectory)
        try await dashboard.setLikeFeature(true)
        let items = try await dashboard.decode(TimelineAnswer.self, "/api/timeline?refresh=1").value.momentItems
        let unliked = try #require(items.firstIndex { $0.isLiked == false })
        let file = try await dashboard.send("POST", "/api/area51/sessions/export", contentType: "application/json", body: #"{"note": ""}"#).text

        let same = try await Self.replay(file, on: dashboard)
        #expect(same.status == 200)
        #expect(same.result["ignoredPaths"] as? [String] == QASessionReplay.defaultIgnoredPaths)
        let operations = same.result["operations"] as? [[String: Any]] ?? []
        #expect(!operations.isEmpty && operations.allSatisfy { $0["outcome"] as? String == "same" }, "\(operations)")
        #expect(try await dashboard.exchanges().contains { $0["cause"] as? String == "session replay" }, "shown in the inspector")

        #expect(try await dashboard.like(items[unliked].momentID).status == 200)
        let differs = try await Self.replay(file, on: dashboard)
        let read = (differs.result["operations"] as? [[String: Any]] ?? []).first { $0["operationName"] as? String == "getMomentsDetailsByUserID" }
        #expect(read?["outcome"] as? String == "different")
        #expect((read?["differences"] as? [[String: Any]] ?? []).contains {
            $0["kind"] as? String == "changed" && $0["path"] as? String == "data.getMomentsDetailsByUserID.moments.\(unliked).isLiked"
                && $0["old"] as? String == "false" && $0["new"] as? String == "true"
        }, "\(String(describing: read))")
        await dashboard.stop()
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

    private static func replay(_ file: String, on dashboard: Dashboard) async throws -> (status: Int, result: [String: Any]) {
        let answer = try await dashboard.send("POST", "/api/area51/sessions/replay", contentType: "application/json", body: file)
        return (answer.status, try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any] ?? [:])
    }
}
