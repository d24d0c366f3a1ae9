import BFF
import Foundation
import Foundations
import Testing

/// The dashboard with the embedded BFF in process, as `moments serve` runs by default.
@Suite struct EmbeddedBFFTimelineTests {
    private static func start(dataDirectory: URL) async throws -> (Dashboard, EmbeddedBFF) {
        try await Dashboard.startEmbedded(dataDirectory: dataDirectory)
    }

    @Test func likeThroughFormAndJSON_survivesRestartOfDashboardAndBFF() async throws {
        let dataDirectory = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let (first, _) = try await Self.start(dataDirectory: dataDirectory)
        try await first.setLikeFeature(true)
        let timeline = try await first.json("/api/timeline").object
        let items = timeline.momentItems
        let unliked = items.filter { $0["isLiked"] as? Bool == false }.compactMap { $0["momentID"] as? String }
        try #require(unliked.count >= 2, "the demo data has moments user 0 has not liked: \(timeline)")
        let (formID, jsonID) = (unliked[0], unliked[1])

        #expect(try await first.postForm("/moments/\(formID)/like", "isLiked=true").status == 303)
        let json = try await first.send("PUT", "/api/moments/\(jsonID)/like", contentType: "application/json", body: #"{"isLiked":true}"#)
        #expect(json.status == 200)
        await first.stop()

        let (second, _) = try await Self.start(dataDirectory: dataDirectory)
        let after = try await second.json("/api/timeline?refresh=1").object.momentItems
        let liked = Set(after.filter { $0["isLiked"] as? Bool == true }.compactMap { $0["momentID"] as? String })
        #expect(liked.contains(formID))
        #expect(liked.contains(jsonID))
        #expect(after.first { $0["momentID"] as? String == formID }?["likes"] as? [String] != nil)
        #expect(second.application.internalTogglesDataStore.isToggleOn(InternalToggle.isLikeButtonForMomentEnabled),
                "the like toggle kept its value across the restart")
        await second.stop()
    }
}
