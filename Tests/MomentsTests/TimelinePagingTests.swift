import Foundation
import Moments
import Testing
import TestSupport

/// The timeline a page at a time: ten moments, then a link to the older ones by cursor.
@Suite struct TimelinePagingTests {
    /// p1 (newest) to p25, an hour apart.
    private static let moments = (1...25).map { index in
        FakeBFF.Moment(id: "p\(index)", userName: "Friend \(index)", title: "Moment number \(index)",
                       photos: ["/images/photos/0\(index % 10).jpg"], createdDate: Date().addingTimeInterval(Double(-3600 * index)))
    }

    private static func ids(_ timeline: TimelineAnswer) -> [String] {
        timeline.momentItems.map(\.momentID)
    }

    private static func lastMutationVariables(_ bff: FakeBFF) -> FakeBFF.Variables? {
        Array(zip(bff.receivedOperations, bff.receivedVariables)).last { $0.0 == "updateMomentLike" }?.1
    }

    @Test func pages_followTheCursorToTheEnd_withTheProfileOnTheFirstOnly() async throws {
        try await withDashboard(bff: try FakeBFF(moments: Self.moments)) { dashboard, bff in
            let first = try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value
            #expect(Self.ids(first) == (1...10).map { "p\($0)" })
            #expect(first.nextCursor == "p10")
            let second = try await dashboard.decode(TimelineAnswer.self, "/api/timeline?after=p10").value
            #expect(Self.ids(second) == (11...20).map { "p\($0)" })
            let third = try await dashboard.decode(TimelineAnswer.self, "/api/timeline?\(second.nextPageQuery ?? "")").value
            #expect(Self.ids(third) == (21...25).map { "p\($0)" })
            #expect(third.nextCursor == nil, "nothing is older than p25")
            #expect(bff.receivedVariables.compactMap(\.first) == [11, 11, 11], "one more than shown, to know if more follow")

            let page = try await dashboard.get("/")
            #expect(page.text.contains(#"href="/?after=p10" data-more"#))
            #expect(page.text.contains(#"class="profile"#))
            let older = try await dashboard.get("/?after=p20")
            #expect(older.status == 200)
            #expect(older.text.contains("Moment number 21") && !older.text.contains("Moment number 20<"))
            #expect(!older.text.contains(#"class="profile"#), "the profile header heads the newest page only")
            #expect(older.text.contains(#"<a class="pager pager--newest" href="/">"#))
            #expect(!older.text.contains("data-more"))
        }
    }

    @Test func unknownCursor_answers404WithMessage_inHTMLAndJSON() async throws {
        try await withDashboard(bff: try FakeBFF(moments: Self.moments)) { dashboard, bff in
            let json = try await dashboard.get("/api/timeline?after=nope")
            #expect(json.status == 404)
            #expect(json.text.contains(#""code":"unknown_moment""#))
            #expect(json.text.contains("(nope)"))
            let html = try await dashboard.get("/?after=nope")
            #expect(html.status == 404)
            #expect(html.text.contains("There is no moment with this ID ("))
            #expect(try await dashboard.get("/api/timeline").status == 200, "the first page is unaffected")
        }
    }

    /// The BFF's error says "database is locked": a cursor that is part of those words is still
    /// a moment when the pages read hold it, and unknown when they do not.
    @Test func cursorNamedInTheBFFsErrorText_isDecidedByTheDataHeld_notTheWording() async throws {
        let moments = ["data", "base", "locked"].enumerated().map { index, id in
            FakeBFF.Moment(id: id, userName: "Friend", title: id, createdDate: Date().addingTimeInterval(Double(-60 * index)))
        }
        try await withDashboard(bff: try FakeBFF(moments: moments), bffTimeout: .seconds(2)) { dashboard, bff in
            #expect(Self.ids(try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value) == ["data", "base", "locked"])
            bff.behave(.graphQLErrors)
            let known = try await dashboard.get("/api/timeline?after=base")
            #expect(known.status == 502, "a moment the dashboard has seen: the BFF is failing, the page is not unknown")
            #expect(known.text.contains("bff_graphql_error"))
            #expect(!known.text.contains("unknown_moment"))
            let unknown = try await dashboard.get("/api/timeline?after=lock")
            #expect(unknown.status == 404)
            #expect(unknown.text.contains(#""code":"unknown_moment""#))
        }
    }

    @Test func like_onAnOlderPage_sendsOneMomentMutation_afterTheMomentBeforeIt() async throws {
        try await withDashboard(bff: try FakeBFF(moments: Self.moments)) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            _ = try await dashboard.get("/api/timeline?after=p10")
            let answer = try await dashboard.send("PUT", "/api/moments/p11/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            #expect(answer.status == 200)
            let item = try Dashboard.decode(MomentListItemViewModel.self, from: answer.text)
            #expect(item.momentID == "p11")
            #expect(item.isLiked == true)
            let mutation = Self.lastMutationVariables(bff)
            #expect(mutation?.first == 1)
            #expect(mutation?.after == "p10", "p11 is the first of its page: the cursor is the moment before it")
            let page = try await dashboard.decode(TimelineAnswer.self, "/api/timeline?after=p10").value
            #expect(page.momentItems.first?.isLiked == true, "the page read before shows the new like")
        }
    }

    @Test func like_ofAMomentNoPageShowed_findsIt_andUnknownIdChangesNothing() async throws {
        try await withDashboard(bff: try FakeBFF(moments: Self.moments)) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let answer = try await dashboard.send("PUT", "/api/moments/p23/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            #expect(answer.status == 200)
            #expect(bff.likerIDs(of: "p23") == ["0"])
            let mutation = Self.lastMutationVariables(bff)
            #expect(mutation?.after == "p22")

            let unknown = try await dashboard.send("PUT", "/api/moments/p99/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            #expect(unknown.status == 404)
            #expect(unknown.text.contains("There is no moment with this ID (p99)."))
            #expect(bff.receivedOperations.filter { $0 == "updateMomentLike" }.count == 1, "no mutation for an unknown moment")
        }
    }

    /// With introspection the schema says there is no paging, and no paging document is sent;
    /// without it, one is refused and none after.
    @Test(arguments: [true, false])
    func bffWithoutPagination_stillServesPages_andLikes(answersIntrospection: Bool) async throws {
        let bff = try FakeBFF(moments: Self.moments)
        bff.refusePagination()
        if !answersIntrospection { bff.refuseIntrospection() }
        try await withDashboard(bff: bff) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let first = try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value
            #expect(Self.ids(first) == (1...10).map { "p\($0)" })
            #expect(first.nextCursor == "p10")
            #expect(Self.ids(try await dashboard.decode(TimelineAnswer.self, "/api/timeline?after=p20").value) == (21...25).map { "p\($0)" })
            #expect(try await dashboard.get("/api/timeline?after=nope").status == 404)
            let liked = try await dashboard.send("PUT", "/api/moments/p12/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            #expect(liked.status == 200)
            #expect(bff.likerIDs(of: "p12") == ["0"])
            let sentWithArguments = bff.receivedVariables.filter { $0.first != nil }.count
            #expect(sentWithArguments == (answersIntrospection ? 0 : 1), "after the first refusal, documents go without pagination")
        }
    }
}
