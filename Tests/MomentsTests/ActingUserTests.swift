import BFF
import Foundation
import Foundations
import HTTPServer
import Moments
import Testing

/// Acting as another user with the embedded BFF: the timeline, likes and tracking are that
/// user's, per request, and an unknown user is refused with nothing written.
@Suite struct ActingUserTests {
    /// Runs `body` with a dashboard on the embedded BFF's demo data and the like feature on.
    private static func withEmbedded(_ body: (Dashboard, EmbeddedBFF) async throws -> Void) async throws {
        let dataDirectory = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let (dashboard, bff) = try await Dashboard.startEmbedded(dataDirectory: dataDirectory)
        try await dashboard.setLikeFeature(true)
        do {
            try await body(dashboard, bff)
        } catch {
            await dashboard.stop()
            throw error
        }
        await dashboard.stop()
    }

    /// What the BFF itself says of `userID`'s timeline: each moment's `isLiked` and likers.
    private static func bffTimeline(of userID: String, _ bff: EmbeddedBFF) async throws -> [String: (isLiked: Bool, likers: [String])] {
        Dictionary(uniqueKeysWithValues: try await bff.timeline(of: userID).moments.map { moment in
            (moment.id, (moment.isLiked ?? false, (moment.likes ?? []).map(\.id)))
        })
    }

    /// Posts a switch form as a browser does, without following the redirect: the status, where
    /// it leads and the `Set-Cookie` lines. `back` is the header form's field.
    private static func switchUser(to userID: String, back: String? = nil,
                                   on dashboard: Dashboard) async throws -> (status: Int, location: String?, cookies: [String]) {
        let body = "userID=\(userID)&_csrf=\(Dashboard.csrfToken)" + (back.map { "&back=\($0)" } ?? "")
        let answer = try await dashboard.server.raw(
            "POST /area51/user HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: moments_csrf=\(Dashboard.csrfToken)\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        let status = Int(answer.split(separator: " ").dropFirst().first ?? "") ?? 0
        func values(_ name: String) -> [String] {
            answer.split(separator: "\r\n").filter { $0.lowercased().hasPrefix("\(name):") }
                .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
        }
        return (status, values("location").first, values("set-cookie"))
    }

    private static func likedIDs(_ timeline: TimelineAnswer) -> Set<String> {
        Set(timeline.momentItems.filter { $0.isLiked == true }.map(\.momentID))
    }

    @Test func timelineAsUser3_showsWhatUser3Liked_andAnotherClientStillSeesUser0() async throws {
        try await Self.withEmbedded { dashboard, bff in
            let (status, asUser3) = try await dashboard.decode(TimelineAnswer.self, "/api/timeline?userID=3")
            #expect(status == 200)
            let expected = try await Self.bffTimeline(of: "3", bff)
            let shown = asUser3.momentItems.map(\.momentID)
            try #require(!shown.isEmpty)
            #expect(Self.likedIDs(asUser3) == Set(shown.filter { expected[$0]?.isLiked == true }))
            #expect(asUser3.momentItems.allSatisfy { item in item.likes?.count == expected[item.momentID]?.likers.count })
            let asUser0 = try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value
            let expected0 = try await Self.bffTimeline(of: "0", bff)
            #expect(Self.likedIDs(asUser0) == Set(shown.filter { expected0[$0]?.isLiked == true }))
            #expect(Self.likedIDs(asUser0) != Self.likedIDs(asUser3), "users 0 and 3 liked different moments")
        }
    }

    @Test func likeAsUser3_isRecordedForUser3InTheBFF_andTrackedAsUser3() async throws {
        try await Self.withEmbedded { dashboard, bff in
            let before = try await Self.bffTimeline(of: "3", bff)
            let momentID = try #require(before.first { !$0.value.isLiked }?.key)
            let answer = try await dashboard.send("PUT", "/api/moments/\(momentID)/like", contentType: "application/json",
                                                  body: #"{"isLiked": true}"#, headers: ["X-Moments-User": "3"])
            #expect(answer.status == 200)
            #expect(answer.text.contains(#""isLiked":true"#))
            #expect(try await Self.bffTimeline(of: "3", bff)[momentID]?.isLiked == true)
            #expect(try await Self.bffTimeline(of: "0", bff)[momentID]?.likers.contains("3") == true)
            let like = try #require(try await TrackingRulesTests.events(dashboard).first { $0.parameters["momentID"] == momentID })
            #expect(like.parameters["userID"] == "3")
        }
    }

    @Test func switchInAreaFiftyOne_setsACookie_thatOnlyThatBrowserActsOn() async throws {
        try await Self.withEmbedded { dashboard, bff in
            let switched = try await Self.switchUser(to: "3", on: dashboard)
            #expect(switched.status == 303)
            #expect(switched.location == "/area51#acting-user")
            #expect(switched.cookies.contains { $0.hasPrefix("moments_user=3;") })
            let withCookie = try await dashboard.get("/api/timeline", headers: ["Cookie": "moments_user=3"]).text
            let withoutCookie = try await dashboard.get("/api/timeline").text
            #expect(withCookie.contains("林小雨"), "user 3's profile")
            #expect(withoutCookie.contains("Alex Chen"), "user 0's profile")
            #expect(!withoutCookie.contains(#""name":"林小雨""#))
            let page = try await dashboard.get("/", headers: ["Cookie": "moments_user=3"]).text
            #expect(page.contains(#"data-acting-user="3""#))
            #expect(try await dashboard.get("/").text.contains(#"data-acting-user="0""#))
            let area51 = try await dashboard.get("/area51", headers: ["Cookie": "moments_user=3"]).text
            #expect(area51.contains(#"<option value="3" selected>3 · 林小雨</option>"#))
            #expect(area51.contains(#"<option value="15">15 · 黄思琪</option>"#), "the embedded BFF lists all its users")
        }
    }

    @Test func switchFromTheHeader_goesBackToTheTimeline_whichCountsNoScreenview() async throws {
        try await Self.withEmbedded { dashboard, bff in
            let switched = try await Self.switchUser(to: "3", back: "/", on: dashboard)
            #expect(switched.status == 303)
            #expect(switched.location == "/")
            #expect(switched.cookies.contains { $0.hasPrefix("moments_user=3;") })
            #expect(switched.cookies.contains { $0.hasPrefix("moments_after_action=1;") }, "the redirect of an action (PageVisit)")
            #expect(try await Self.switchUser(to: "3", back: "//elsewhere.example", on: dashboard).location == "/area51#acting-user",
                    "a back that leaves this server is not followed")
            let followed = try await dashboard.get("/", headers: ["Cookie": "moments_user=3; moments_after_action=1", "Accept": "text/html"])
            #expect(followed.status == 200)
            #expect(followed.text.contains(#"data-acting-user="3""#))
            #expect(try await TrackingRulesTests.names(dashboard) == [], "the page after a switch is not one a person opened")
            _ = try await dashboard.get("/", headers: ["Cookie": "moments_user=3", "Accept": "text/html"])
            #expect(try await TrackingRulesTests.names(dashboard) == ["screenview"])
        }
    }

    @Test func momentAsUser3_byQueryHeaderOrCookie_isUser3s_evenRightAfterUser0ReadIt() async throws {
        try await Self.withEmbedded { dashboard, bff in
            let user0 = try await Self.bffTimeline(of: "0", bff)
            let user3 = try await Self.bffTimeline(of: "3", bff)
            let momentID = try #require(user0.keys.sorted().first { user0[$0]?.isLiked != user3[$0]?.isLiked },
                                        "a moment one of users 0 and 3 liked and the other did not")
            let isLikedBy3 = try #require(user3[momentID]).isLiked
            // User 0 reads it first, in the timeline and alone: the cache holds user 0's copy.
            #expect(try await dashboard.get("/api/timeline").status == 200)
            let asUser0 = try await dashboard.decode(MomentPageAnswer.self, "/api/moments/\(momentID)").value.item
            #expect(asUser0.isLiked == !isLikedBy3)
            for (query, headers) in [("?userID=3", [:]), ("", ["X-Moments-User": "3"]), ("", ["Cookie": "moments_user=3"])] {
                let json = try await dashboard.get("/api/moments/\(momentID)\(query)", headers: headers)
                #expect(json.status == 200)
                #expect(json.text.contains(#""isLiked":\#(isLikedBy3)"#), "as user 3 (\(query)\(headers)): \(json.text)")
                let page = try await dashboard.get("/moments/\(momentID)\(query)", headers: headers)
                #expect(page.status == 200)
                #expect(page.text.contains(#"aria-pressed="\#(isLikedBy3)""#), "the page's like button as user 3 (\(query)\(headers))")
            }
            let again = try await dashboard.decode(MomentPageAnswer.self, "/api/moments/\(momentID)").value.item
            #expect(again.isLiked == !isLikedBy3, "user 3's read left user 0's copy alone")
        }
    }

    @Test func unknownUser_isA404FromTheBFF_withNothingWritten() async throws {
        try await Self.withEmbedded { dashboard, bff in
            let before = try await Self.bffTimeline(of: "0", bff)
            let switched = try await Self.switchUser(to: "999", on: dashboard)
            #expect(switched.status == 404)
            #expect(!switched.cookies.contains { $0.contains("moments_user") })
            let timeline = try await dashboard.decode(TimelineAnswer.self, "/api/timeline?userID=999")
            #expect(timeline.status == 404)
            #expect(timeline.value.error?.code == "unknown_user")
            let like = try await dashboard.send("PUT", "/api/moments/1/like", contentType: "application/json", body: #"{"isLiked": true}"#,
                                                headers: ["X-Moments-User": "999"])
            #expect(like.status == 404)
            #expect(like.text.contains(#""code":"unknown_user""#))
            #expect(like.text.contains("The BFF knows no user with this ID (999)."))
            let moment = try await dashboard.get("/api/moments/1?userID=999")
            #expect(moment.status == 404)
            #expect(moment.text.contains(#""code":"unknown_user""#))
            #expect(try await Self.bffTimeline(of: "0", bff).mapValues(\.likers) == before.mapValues(\.likers))
            #expect(!(try await TrackingRulesTests.events(dashboard)).contains { $0.parameters["userID"] == "999" })
        }
    }

    @Test func productionUser_ignoresEverySwitch() {
        let actingUser = ActingUser(configuredUserID: "5", isSwitchable: false)
        let request = Request(method: .get, path: "/api/timeline", query: QueryArguments([("userID", "3")]),
                              headers: ["X-Moments-User": "3"], cookies: [ActingUser.cookieName: "3"])
        #expect(actingUser.userID(for: request) == "5")
        #expect(ActingUser(configuredUserID: "5", isSwitchable: true).userID(for: request) == "3")
    }
}
