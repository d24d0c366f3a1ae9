import Foundation
import Moments
import Testing
import TestSupport

/// A like, or a moment's page, costs the same wherever the moment is: read by its ID when the
/// BFF's schema offers `from`, else found in one read of the whole timeline, never by walking it
/// page by page; and a moment found once stays found, within the cache's bound.
@Suite struct MomentLookupTests {
    /// g1 (newest) to g`count`, a minute apart.
    private static func generated(_ count: Int) -> [FakeBFF.Moment] {
        (1...count).map { index in
            FakeBFF.Moment(id: "g\(index)", userName: "Friend \(index % 16)", title: "Generated moment \(index)",
                           photos: index % 3 == 0 ? [] : ["/images/photos/0\(index % 10).jpg"],
                           createdDate: Date().addingTimeInterval(Double(-60 * index)))
        }
    }

    private static func like(_ dashboard: Dashboard, _ momentID: String, _ isLiked: Bool = true) async throws -> (status: Int, text: String) {
        let answer = try await dashboard.send("PUT", "/api/moments/\(momentID)/like", contentType: "application/json",
                                              body: #"{"isLiked": \#(isLiked)}"#)
        return (answer.status, answer.text)
    }

    /// The GraphQL documents the BFF answered since `start`, by operation name, with their variables.
    private static func sent(_ bff: FakeBFF, since start: Int) -> [(operation: String, variables: FakeBFF.Variables)] {
        Array(zip(bff.receivedOperations, bff.receivedVariables).dropFirst(start)).map { ($0.0, $0.1) }
    }

    @Test(arguments: [495, 20])
    func like_ofAMomentOnAnyPage_isOneRequest_thatAnswersTheWholeMoment(momentIndex: Int) async throws {
        let bff = try FakeBFF(moments: Self.generated(600))
        bff.offerPageFromMoment()
        try await withDashboard(bff: bff) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            #expect(try await dashboard.get("/api/timeline").status == 200, "the schema is asked and the first page read")
            let momentID = "g\(momentIndex)"
            let start = bff.answeredCount
            let liked = try await Self.like(dashboard, momentID)
            #expect(liked.status == 200, "\(liked.text)")
            #expect(bff.likerIDs(of: momentID) == ["0"])
            let first = Self.sent(bff, since: start)
            #expect(first.map(\.operation) == ["updateMomentLike"], "liked and read in one request")
            #expect(first.allSatisfy { $0.variables.first == 1 && $0.variables.from == momentID },
                    "one moment, liked and read by its ID: \(first.map(\.variables))")
            let item = try Dashboard.decode(MomentListItemViewModel.self, from: liked.text)
            #expect(item.title == "Generated moment \(momentIndex)", "the whole moment, from the like's answer")
            #expect(item.isLiked == true)

            let second = bff.answeredCount
            #expect(try await Self.like(dashboard, momentID, false).status == 200)
            #expect(Self.sent(bff, since: second).map(\.operation) == ["updateMomentLike"], "found once, it stays found")
            #expect(bff.likerIDs(of: momentID).isEmpty)
        }
    }

    @Test func like_ofAnUnknownMoment_onABFFWithFrom_answers404_andChangesNothing() async throws {
        let bff = try FakeBFF(moments: Self.generated(30))
        bff.offerPageFromMoment()
        try await withDashboard(bff: bff) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let likers = { (1...30).map { bff.likerIDs(of: "g\($0)") } }
            let before = likers()
            let liked = try await Self.like(dashboard, "g31")
            #expect(liked.status == 404)
            #expect(liked.text.contains(#""code":"unknown_moment""#), "the BFF's UNKNOWN_MOMENT, by its code")
            #expect(likers() == before)
            #expect(try await Self.like(dashboard, "g3").status == 200, "a known moment's like still goes through")
        }
    }

    @Test func momentPage_ofADeepMoment_isOneReadByItsID() async throws {
        let bff = try FakeBFF(moments: Self.generated(600))
        bff.offerPageFromMoment()
        try await withDashboard(bff: bff) { dashboard, bff in
            _ = try await dashboard.get("/api/timeline")
            let start = bff.answeredCount
            let moment = try await dashboard.decode(MomentPageAnswer.self, "/api/moments/g580")
            #expect(moment.status == 200)
            #expect(moment.value.item.title == "Generated moment 580")
            #expect(Self.sent(bff, since: start).map(\.operation) == ["getMomentsDetailsByUserID"])
            #expect(try await dashboard.get("/api/moments/g580").status == 200)
            #expect(bff.answeredCount == start + 1, "the second time from the cache")
            let unknown = try await dashboard.get("/api/moments/g601")
            #expect(unknown.status == 404)
            #expect(unknown.text.contains(#""code":"unknown_moment""#), "the BFF's UNKNOWN_MOMENT, by its code")
        }
    }

    /// A BFF that pages but has no `from`: one read of the whole timeline finds the moment, the
    /// like asks for the one moment after the one before it, and moments near it need no read.
    @Test func like_againstABFFWithoutFrom_readsTheWholeTimelineOnce() async throws {
        try await withDashboard(bff: try FakeBFF(moments: Self.generated(600))) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            _ = try await dashboard.get("/api/timeline")
            let start = bff.answeredCount
            #expect(try await Self.like(dashboard, "g495").status == 200)
            #expect(bff.likerIDs(of: "g495") == ["0"])
            let sent = Self.sent(bff, since: start)
            #expect(sent.map(\.operation) == ["getMomentsDetailsByUserID", "updateMomentLike"])
            #expect(sent[0].variables.first == nil && sent[0].variables.after == nil, "the whole timeline, once")
            #expect(sent[1].variables.first == 1 && sent[1].variables.after == "g494")
            #expect(!sent.contains { $0.variables.from != nil }, "from is never sent to a BFF whose schema lacks it")

            let next = bff.answeredCount
            #expect(try await Self.like(dashboard, "g300").status == 200)
            #expect(Self.sent(bff, since: next).map(\.operation) == ["updateMomentLike"], "found in the read before")
            #expect(bff.likerIDs(of: "g300") == ["0"])
        }
    }

    /// A BFF of the seed's schema alone (no paging, no `from`): the like still works, with one
    /// read of the whole timeline; the mutation's answer (the whole timeline, as that BFF
    /// answers) gives the new likes.
    @Test func like_againstABFFWithoutPaging_readsTheWholeTimelineOnce() async throws {
        let bff = try FakeBFF(moments: Self.generated(300))
        bff.refusePagination()
        try await withDashboard(bff: bff) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            _ = try await dashboard.get("/api/timeline")
            let start = bff.answeredCount
            let liked = try await Self.like(dashboard, "g250")
            #expect(liked.status == 200)
            #expect(liked.text.contains(#""isLiked":true"#))
            #expect(Self.sent(bff, since: start).map(\.operation) == ["getMomentsDetailsByUserID", "updateMomentLike"])
            #expect(bff.likerIDs(of: "g250") == ["0"])
        }
    }
}
