import Foundation
import Testing
import TestSupport

/// The language a person picks sticks (`LanguageChoiceMiddleware`): `?lang=` keeps it in a
/// cookie, every answer follows it, `Accept-Language` decides only when there is none, and
/// `?lang=browser` lets the browser decide again.
@Suite struct LanguageChoiceTests {
    static let englishBrowser = ("Accept-Language", "en-US,en;q=0.9")
    static let chosenChinese = ("Cookie", "moments_lang=zh-Hans")
    static let navigation = ("Accept", "text/html")

    @Test func lang_onAnyURL_keepsTheChoiceForAYear() async throws {
        try await withDashboard { dashboard, bff in
            for path in ["/?lang=zh-Hans", "/area51?lang=zh-Hans", "/api/timeline?lang=zh-CN"] {
                let answer = try await dashboard.rawGet(path, headers: [Self.englishBrowser])
                #expect(answer.status == 200)
                #expect(answer.setCookies.contains("moments_lang=zh-Hans; Path=/; Max-Age=31536000; SameSite=Lax"), "\(path)")
            }
            let unknown = try await dashboard.rawGet("/?lang=klingon", headers: [Self.englishBrowser])
            #expect(!unknown.setCookies.contains { $0.hasPrefix("moments_lang=") }, "a language we do not speak is no choice")
            let redraw = try await dashboard.rawGet("/?lang=en", headers: [Self.chosenChinese, ("X-Requested-With", "fetch")])
            #expect(redraw.body.contains("<html lang=\"en\">"), "the URL's language is shown")
            #expect(!redraw.setCookies.contains { $0.hasPrefix("moments_lang=") }, "a script's fetch keeps the choice as it is")
        }
    }

    @Test func keptChoice_beatsTheBrowser_inPagesFragmentsErrorsAndJSON() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let headers = [Self.englishBrowser, Self.chosenChinese, Self.navigation]
            #expect(try await dashboard.rawGet("/", headers: headers).body.contains("<html lang=\"zh-CN\">"))
            #expect(try await dashboard.rawGet("/?after=m1", headers: headers).body.contains("<html lang=\"zh-CN\">"))
            #expect(try await dashboard.rawGet("/area51", headers: headers).body.contains("51 区"))
            let missing = try await dashboard.rawGet("/no-such-page", headers: headers)
            #expect(missing.status == 404)
            #expect(missing.body.contains("页面不存在"))
            let twin = try await dashboard.get("/api/timeline", headers: Dictionary(uniqueKeysWithValues: [Self.englishBrowser, Self.chosenChinese]))
            #expect(twin.text.contains("前\""), "relative dates in Chinese (\"9分钟前\")")
            let unknownMoment = try await dashboard.get("/api/timeline?after=nope", headers: Dictionary(uniqueKeysWithValues: [Self.chosenChinese]))
            #expect(unknownMoment.status == 404)
            #expect(unknownMoment.text.contains("没有这条朋友圈"))
            let fragment = try await dashboard.send("POST", "/moments/m2/like", contentType: "application/x-www-form-urlencoded", body: "isLiked=true",
                                                    headers: ["X-Requested-With": "fetch", "Cookie": "moments_lang=zh-Hans",
                                                              "Accept-Language": "en-US"])
            #expect(fragment.status == 200)
            #expect(fragment.text.contains("title=\"取消赞\""), "the liked moment's fragment in Chinese")
        }
    }

    @Test func requestedLanguage_overridesTheKeptOne_andKeepsTheNewChoice() async throws {
        try await withDashboard { dashboard, bff in
            let answer = try await dashboard.rawGet("/?lang=en", headers: [Self.chosenChinese, Self.navigation])
            #expect(answer.body.contains("<html lang=\"en\">"))
            #expect(answer.setCookies.contains { $0.hasPrefix("moments_lang=en;") })
            let twin = try await dashboard.get("/api/timeline?lang=en&after=nope", headers: ["Cookie": "moments_lang=zh-Hans"])
            #expect(twin.text.contains("There is no moment with this ID"))
        }
    }

    @Test func browserLanguage_clearsTheChoice_andTheBrowserDecidesAgain() async throws {
        try await withDashboard { dashboard, bff in
            let chosen = try await dashboard.rawGet("/", headers: [Self.englishBrowser, ("Cookie", "moments_lang=en"), Self.navigation])
            #expect(chosen.body.contains("href=\"/?lang=browser\""), "a picked language offers the browser's back")
            let cleared = try await dashboard.rawGet("/?lang=browser", headers: [Self.englishBrowser, Self.chosenChinese, Self.navigation])
            #expect(cleared.body.contains("<html lang=\"en\">"))
            #expect(cleared.setCookies.contains("moments_lang=; Path=/; Max-Age=0; SameSite=Lax"))
            let browser = try await dashboard.rawGet("/", headers: [Self.englishBrowser, Self.navigation])
            #expect(browser.body.contains("<html lang=\"en\">"))
            #expect(!browser.body.contains("lang=browser"), "the same cached page without a choice has no way back to offer")
        }
    }

    @Test func redirectsKeepTheQueryTheyNeed_andTheTargetFollowsTheChoice() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let like = try await dashboard.postForm("/moments/m2/like", "isLiked=true&after=m1")
            #expect(like.location == "/?after=m1#moment-m2")
            let target = try await dashboard.rawGet("/?after=m1", headers: [Self.englishBrowser, Self.chosenChinese, Self.navigation])
            #expect(target.body.contains("<html lang=\"zh-CN\">"))
        }
    }

    /// Switching language keeps the page (an older page of the timeline, the inspector's filters).
    @Test func languageLinks_keepThePageAndItsFilters() async throws {
        try await withDashboard { dashboard, bff in
            let older = try await dashboard.rawGet("/?after=m1&lang=zh-Hans", headers: [Self.englishBrowser])
            #expect(older.body.contains(#"href="/?after=m1&amp;lang=en""#))
            #expect(older.body.contains(#"href="/?after=m1&amp;lang=browser""#))
            let newest = try await dashboard.rawGet("/", headers: [Self.englishBrowser])
            #expect(newest.body.contains(#"href="/?lang=zh-Hans""#), "the page without a query, drawn after the one with")
            let network = try await dashboard.rawGet("/area51/network?operation=remoteConfig&q=a%20b&refresh=1", headers: [Self.englishBrowser])
            #expect(network.body.contains(#"href="/area51/network?operation=remoteConfig&amp;q=a%20b&amp;lang=zh-Hans""#))
        }
    }
}
