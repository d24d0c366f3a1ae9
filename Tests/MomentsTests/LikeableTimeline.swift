import Foundation
import Testing
import TestSupport

/// A dashboard on the embedded BFF in a data folder of its own, likes on, and the place on its
/// newest page of a moment user 0 has not liked: what a session is recorded against, then changed
/// by a like.
struct LikeableTimeline {
    let dashboard: Dashboard
    let dataDirectory: URL
    /// The moment's place in the page, as answers' paths name it.
    let unliked: Int
    let unlikedMomentID: String

    /// Runs `body` on a fresh one, and stops its dashboard whatever `body` does.
    static func with(_ body: (LikeableTimeline) async throws -> Void) async throws {
        let dataDirectory = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let (dashboard, _) = try await Dashboard.startEmbedded(dataDirectory: dataDirectory)
        do {
            try await dashboard.setLikeFeature(true)
            let items = try await dashboard.decode(TimelineAnswer.self, "/api/timeline?refresh=1").value.momentItems
            let unliked = try #require(items.firstIndex { $0.isLiked == false }, "the demo data has a moment user 0 has not liked")
            try await body(LikeableTimeline(dashboard: dashboard, dataDirectory: dataDirectory, unliked: unliked,
                                            unlikedMomentID: items[unliked].momentID))
        } catch {
            await dashboard.stop()
            throw error
        }
        await dashboard.stop()
    }
}
