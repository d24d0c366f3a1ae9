import BFF
import Foundation
import Foundations
import Locking
import Testing

/// The dashboard with the embedded BFF in process, as `moments serve` runs by default.
@Suite struct EmbeddedBFFTimelineTests {
    @Test func likeThroughFormAndJSON_survivesRestartOfDashboardAndBFF() async throws {
        let dataDirectory = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let (first, _) = try await Dashboard.startEmbedded(dataDirectory: dataDirectory)
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

        let (second, _) = try await Dashboard.startEmbedded(dataDirectory: dataDirectory)
        let after = try await second.json("/api/timeline?refresh=1").object.momentItems
        let liked = Set(after.filter { $0["isLiked"] as? Bool == true }.compactMap { $0["momentID"] as? String })
        #expect(liked.contains(formID))
        #expect(liked.contains(jsonID))
        #expect(after.first { $0["momentID"] as? String == formID }?["likes"] as? [String] != nil)
        #expect(second.application.internalTogglesDataStore.isToggleOn(InternalToggle.isLikeButtonForMomentEnabled),
                "the like toggle kept its value across the restart")
        await second.stop()
    }

    /// The embedded BFF's schema shows `updateMomentLikes`: a like of a moment on page 50 is read
    /// and liked by its ID in a batch that answers the whole moment, at most two requests, one
    /// once it was found.
    @Test func like_ofAMomentOnPage50_ofAGeneratedTimeline_sendsAtMostTwoRequests() async throws {
        let dataDirectory = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let requests = RequestCount()
        let (dashboard, _) = try await Dashboard.startEmbedded(dataDirectory: dataDirectory, generated: 600) { body in
            requests.value.withLock { $0.append(try? JSONSerialization.jsonObject(with: body) as? [String: Any]) }
        }
        try await dashboard.setLikeFeature(true)
        #expect(try await dashboard.json("/api/timeline").object.momentItems.count == 10)
        // Generated IDs count from the newest: "495" is on page 50 of ten.
        let momentID = "495"
        let before = requests.value.withLock { $0.count }
        let liked = try await dashboard.send("PUT", "/api/moments/\(momentID)/like", contentType: "application/json", body: #"{"isLiked":true}"#)
        #expect(liked.status == 200)
        #expect(liked.text.contains(#""isLiked":true"#))
        let sent = requests.value.withLock { Array($0.dropFirst(before)) }
        #expect(sent.count <= 2)
        #expect(sent.allSatisfy { request in
            let changes = (request?["variables"] as? [String: Any])?["changes"] as? [[String: Any]]
            return changes?.map { $0["momentID"] as? String } == [momentID]
        }, "read and liked by its ID")
        let again = requests.value.withLock { $0.count }
        let unliked = try await dashboard.send("PUT", "/api/moments/\(momentID)/like", contentType: "application/json", body: #"{"isLiked":false}"#)
        #expect(unliked.text.contains(#""isLiked":false"#))
        #expect(requests.value.withLock { $0.count } - again == 1)
        let page50 = try await dashboard.json("/api/timeline?after=490").object.momentItems.compactMap { $0["momentID"] as? String }
        #expect(page50.contains(momentID), "\(page50)")
        await dashboard.stop()
    }
}

/// The GraphQL requests a BFF answered, as its transport received them.
private final class RequestCount: Sendable {
    let value = Locked<[[String: Any]?]>([])
}
