import Foundation
import Testing
import TestSupport

@Suite struct TimelineLikeToggleTests {
    @Test func likeToggleOff_bffReceivesWithLikesFalse_andPageHasNoLikeUI() async throws {
        try await withDashboard { dashboard, bff in
            let page = try await dashboard.get("/")
            #expect(page.status == 200)
            #expect(bff.receivedVariables.last?.withLikes == false)
            #expect(page.text.contains("Sunset over the bay"))
            #expect(!page.text.contains("data-like-form"))
            #expect(!page.text.contains("moment__likes"))
        }
    }

    @Test func likeToggleOn_bffReceivesWithLikesTrue_andPageHasLikeButtonsAndLikers() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let page = try await dashboard.get("/")
            #expect(bff.receivedVariables.last?.withLikes == true)
            #expect(page.text.components(separatedBy: "data-like-form").count - 1 == 3, "one like button per moment")
            #expect(page.text.contains("class=\"moment__likes\""))
            #expect(page.text.contains(Dashboard.mediaSrc("/images/avatars/7.png", of: bff)), "m3's liker avatar is shown")
        }
    }

    @Test func flippingTheToggle_takesEffectOnTheNextRequest() async throws {
        try await withDashboard { dashboard, bff in
            _ = try await dashboard.get("/")
            try await dashboard.setLikeFeature(true)
            let page = try await dashboard.get("/")
            #expect(bff.receivedVariables.compactMap(\.withLikes) == [false, true])
            #expect(page.text.contains("data-like-form"))
        }
    }
}
