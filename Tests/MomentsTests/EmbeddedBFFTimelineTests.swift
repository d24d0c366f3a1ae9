import BFF
import Foundation
import Foundations
import Locking
@testable import Moments
import Testing
import TestSupport

/// The dashboard with the embedded BFF in process, as `moments serve` runs by default.
@Suite struct EmbeddedBFFTimelineTests {
    @Test func likeThroughFormAndJSON_survivesRestartOfDashboardAndBFF() async throws {
        let dataDirectory = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let (first, _) = try await Dashboard.startEmbedded(dataDirectory: dataDirectory)
        try await first.setLikeFeature(true)
        let items = try await first.decode(TimelineAnswer.self, "/api/timeline").value.momentItems
        let unliked = items.filter { $0.isLiked == false }.map(\.momentID)
        try #require(unliked.count >= 2, "the demo data has moments user 0 has not liked: \(items)")
        let (formID, jsonID) = (unliked[0], unliked[1])

        #expect(try await first.postForm("/moments/\(formID)/like", "isLiked=true").status == 303)
        let json = try await first.send("PUT", "/api/moments/\(jsonID)/like", contentType: "application/json", body: #"{"isLiked":true}"#)
        #expect(json.status == 200)
        await first.stop()

        let (second, _) = try await Dashboard.startEmbedded(dataDirectory: dataDirectory)
        let after = try await second.decode(TimelineAnswer.self, "/api/timeline?refresh=1").value.momentItems
        let liked = Set(after.filter { $0.isLiked == true }.map(\.momentID))
        #expect(liked.contains(formID))
        #expect(liked.contains(jsonID))
        #expect(after.first { $0.momentID == formID }?.likes != nil)
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
            requests.value.withLock { $0.append(try? JSONDecoder().decode(RequestCount.Request.self, from: body)) }
        }
        try await dashboard.setLikeFeature(true)
        #expect(try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value.momentItems.count == 10)
        // Generated IDs count from the newest: "495" is on page 50 of ten.
        let momentID = "495"
        let before = requests.value.withLock { $0.count }
        let liked = try await dashboard.send("PUT", "/api/moments/\(momentID)/like", contentType: "application/json", body: #"{"isLiked":true}"#)
        #expect(liked.status == 200)
        #expect(liked.text.contains(#""isLiked":true"#))
        let sent = requests.value.withLock { Array($0.dropFirst(before)) }
        #expect(sent.count <= 2)
        #expect(sent.allSatisfy { $0?.variables?.changes?.map(\.momentID) == [momentID] }, "read and liked by its ID")
        let again = requests.value.withLock { $0.count }
        let unliked = try await dashboard.send("PUT", "/api/moments/\(momentID)/like", contentType: "application/json", body: #"{"isLiked":false}"#)
        #expect(unliked.text.contains(#""isLiked":false"#))
        #expect(requests.value.withLock { $0.count } - again == 1)
        let page50 = try await dashboard.decode(TimelineAnswer.self, "/api/timeline?after=490").value.momentItems.map(\.momentID)
        #expect(page50.contains(momentID), "\(page50)")
        await dashboard.stop()
    }
}

/// The GraphQL requests a BFF answered, as its transport received them.
private final class RequestCount: Sendable {
    /// A request's body, its variables read for the batch of likes it may carry (`nil` when the
    /// body is not one).
    typealias Request = GraphQLRequestBody<Changes>

    /// The variables of `updateMomentLikes`, as the dashboard sends them.
    struct Changes: Decodable, Sendable {
        let changes: [MomentLikeChange]?
    }

    let value = Locked<[Request?]>([])
}
