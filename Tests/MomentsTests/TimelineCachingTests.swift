import Foundation
import HTTPServer
import Testing
import TestSupport

/// Pages are drawn once per state and served again, without ever showing a stale state.
@Suite struct TimelineCachingTests {
    /// A page's relative dates change with the minute, and so does its ETag: when the minute
    /// turns between the two requests (a loaded test machine makes that likely), the second try
    /// is within one minute.
    @Test func unchangedTimeline_answers304ToItsETag() async throws {
        try await withDashboard { dashboard, bff in
            var answers: [String] = []
            for _ in 0..<2 {
                let first = try await dashboard.server.raw(
                    "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: moments_csrf=abc\r\nConnection: close\r\n\r\n")
                let etag = try #require(first.split(separator: "\r\n").first { $0.lowercased().hasPrefix("etag:") }?
                    .dropFirst("etag:".count).trimmingCharacters(in: .whitespaces))
                let again = try await dashboard.server.raw(
                    "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: moments_csrf=abc\r\nIf-None-Match: \(etag)\r\nConnection: close\r\n\r\n")
                answers.append(again)
                if again.hasPrefix("HTTP/1.1 304") { break }
            }
            #expect(answers.last?.hasPrefix("HTTP/1.1 304") == true, "\(answers.map { $0.prefix(200) })")
            #expect(answers.last?.contains("<html") == false)
        }
    }

    @Test func cachedPage_carriesEachClientsOwnCSRFToken() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let alice = try await dashboard.get("/", headers: ["Cookie": "moments_csrf=alice-token"])
            let bob = try await dashboard.get("/", headers: ["Cookie": "moments_csrf=bob-token"])
            #expect(alice.text.contains(#"value="alice-token""#) && !alice.text.contains("bob-token"))
            #expect(bob.text.contains(#"value="bob-token""#) && !bob.text.contains("alice-token"))
            #expect(alice.headers["etag"] != bob.headers["etag"])
            #expect(!bob.text.contains(RenderedPage.placeholder))
        }
    }

    /// Pages are drawn with a placeholder where each reader's token goes. Text a client or the BFF
    /// puts in a page (here a query the inspector shows) that looks like a placeholder is shown as
    /// written: filled, a moment's link would carry each reader's token to another site.
    @Test func textLikeAPlaceholder_isShownAsWritten_neverFilledWithTheReadersToken() async throws {
        try await withDashboard { dashboard, bff in
            let written = "__MOMENTS_PER_CLIENT_VALUE__"
            _ = try await dashboard.get("/api/timeline?after=\(written)")
            let inspector = try await dashboard.get("/area51/network", headers: ["Cookie": "moments_csrf=\(Dashboard.csrfToken)"])
            #expect(inspector.status == 200)
            #expect(inspector.text.contains(written), "the query as it was asked")
        }
    }

    @Test func like_changesThePageAndItsETag() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let before = try await dashboard.get("/", headers: ["Cookie": "moments_csrf=\(Dashboard.csrfToken)"])
            #expect(try await dashboard.postForm("/moments/m1/like", "isLiked=true").status == 303)
            let after = try await dashboard.get("/", headers: ["Cookie": "moments_csrf=\(Dashboard.csrfToken)"])
            #expect(before.headers["etag"] != after.headers["etag"])
            #expect(after.text.components(separatedBy: #"aria-pressed="true""#).count > before.text.components(separatedBy: #"aria-pressed="true""#).count)
            let twin = try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value.momentItems
            #expect(twin.first { $0.momentID == "m1" }?.isLiked == true)
        }
    }

    /// A page given again to the same request (`ReadyAnswers`) still counts each opening, and a
    /// visitor without a cookie gets a token of its own each time, in the cookie, the forms and the ETag.
    @Test func aReusedPage_recordsEachOpening_andIssuesEachVisitorItsOwnToken() async throws {
        // The server reuses the page without the handler (`ReadyAnswers`).
        try await withDashboard(transport: .socket) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            var tokens: [String] = []
            for _ in 0..<3 {
                let answer = try await dashboard.rawGet("/", headers: [TrackingRulesTests.navigation])
                #expect(answer.status == 200)
                let token = try #require(answer.setCookies.first { $0.hasPrefix("moments_csrf=") }?
                    .dropFirst("moments_csrf=".count).prefix { $0 != ";" })
                tokens.append(String(token))
                #expect(answer.body.components(separatedBy: #"name="_csrf" value="\#(token)""#).count - 1 >= 2, "every form carries it")
                #expect(answer.headerLines.first { $0.name == "etag" }?.value.contains(token) == true)
                #expect(tokens.dropLast().allSatisfy { !answer.body.contains($0) }, "no other visitor's token")
            }
            #expect(Set(tokens).count == 3)
            #expect(try await TrackingRulesTests.names(dashboard) == ["screenview", "screenview", "screenview"])
        }
    }

    /// What changes a page (a toggle, an override) shows on the next request that asks
    /// exactly what an earlier one did, whose answer would otherwise be given again.
    @Test func aChange_isShownToTheSameRequestAtOnce() async throws {
        // The server's kept answers (`ReadyAnswers`) must not outlive the change.
        try await withDashboard(transport: .socket) { dashboard, bff in
            let cookie = ("Cookie", "moments_csrf=\(Dashboard.csrfToken)")
            try await dashboard.setLikeFeature(false)
            let off = try await dashboard.rawGet("/", headers: [cookie])
            #expect(try await dashboard.rawGet("/", headers: [cookie]).body == off.body)
            try await dashboard.setLikeFeature(true)
            let on = try await dashboard.rawGet("/", headers: [cookie])
            #expect(on.body != off.body)
            #expect(on.body.contains("aria-pressed"), "the like buttons the toggle turned on")
            #expect(try await dashboard.send("PUT", "/api/toggles/isRoundedAvatar", contentType: "application/json",
                                              body: #"{"override": true}"#).status == 200)
            let overridden = try await dashboard.rawGet("/", headers: [cookie])
            #expect(overridden.body != on.body)
            #expect(overridden.body.contains("isRoundedAvatar = true"), "the override banner")
        }
    }
}
