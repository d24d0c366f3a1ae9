import Foundation
import HTTPServer
import Moments
import Testing
import TestSupport

/// A moment's own page (`/moments/{id}`) and its JSON twin (`/api/moments/{id}`).
@Suite struct MomentPageTests {
    /// m1 with three photos, a link moment and a moment liked by user 7.
    private static let moments = [
        FakeBFF.Moment(id: "m1", userName: "Alice Chen", title: "Three photos of the bay",
                       photos: ["/images/photos/00.jpg", "/images/photos/01.jpg", "/images/photos/02.jpg"],
                       createdDate: Date(timeIntervalSince1970: 1_790_000_000), likerIDs: ["7"]),
        FakeBFF.Moment(id: "m2", userName: "王小明", title: "值得一读的文章", url: "https://example.com/article"),
    ]

    @Test func page_showsEveryPhotoOpeningFullSize_itsLikesAndTheLikeButton() async throws {
        try await withDashboard(bff: try FakeBFF(moments: Self.moments)) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let page = try await dashboard.get("/moments/m1")
            #expect(page.status == 200)
            #expect(page.text.contains("Three photos of the bay"))
            for path in ["/images/photos/00.jpg", "/images/photos/01.jpg", "/images/photos/02.jpg"] {
                let src = Dashboard.mediaSrc(path, of: bff).replacingOccurrences(of: "&", with: "&amp;")
                #expect(page.text.contains(#"<a class="moment-detail__photo" href="\#(src)""#), "a link to \(path) at full size")
                #expect(page.text.contains(#"<img src="\#(src)""#))
            }
            #expect(page.text.contains(#"aria-label="Photo 2 of 3, full size""#))
            #expect(page.text.contains(#"<time class="moment__date" datetime="2026-09-21T14:13:20Z">"#))
            #expect(page.text.contains(#"action="/moments/m1/like""#))
            #expect(page.text.contains(#"<input type="hidden" name="view" value="moment">"#))
            #expect(page.text.contains(Dashboard.mediaSrc("/images/avatars/7.png", of: bff).replacingOccurrences(of: "&", with: "&amp;")),
                    "the likers' avatars")
            let timeline = try await dashboard.get("/")
            #expect(timeline.text.contains(#"<a class="moment__photo-link" href="/moments/m1""#), "the timeline's photo leads there")
            #expect(timeline.text.contains(#"<a href="/moments/m1" aria-label="Show the moment with all its photos">+2</a>"#))
            #expect(!timeline.text.contains(#"<input type="hidden" name="view""#), "the timeline's forms come back to the timeline")
        }
    }

    @Test func page_withTheLikeFeatureOff_hasNoLikeButton() async throws {
        try await withDashboard(bff: try FakeBFF(moments: Self.moments)) { dashboard, bff in
            let page = try await dashboard.get("/moments/m1")
            #expect(page.status == 200)
            #expect(!page.text.contains("/moments/m1/like"))
            let item = try await dashboard.decode(MomentPageAnswer.self, "/api/moments/m1").value.item
            #expect(!item.isLikeEnabled)
            #expect(item.likes == nil)
        }
    }

    @Test func json_isTheItemWithCreatedAtAndEveryPhoto_andTheTimelineHasThemToo() async throws {
        try await withDashboard(bff: try FakeBFF(moments: Self.moments)) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let (status, moment) = try await dashboard.decode(MomentPageAnswer.self, "/api/moments/m1?lang=zh-Hans")
            #expect(status == 200)
            #expect(moment.item.momentID == "m1")
            #expect(moment.item.createdAt == "2026-09-21T14:13:20Z")
            let photos = ["/images/photos/00.jpg", "/images/photos/01.jpg", "/images/photos/02.jpg"].map { Dashboard.mediaSrc($0, of: bff) }
            #expect(moment.item.photoURLs == photos)
            #expect(moment.photos.map(\.label) == ["第1张照片（共3张），查看原图", "第2张照片（共3张），查看原图", "第3张照片（共3张），查看原图"])
            #expect(moment.item.isLiked == false)
            #expect(moment.item.likes == [Dashboard.mediaSrc("/images/avatars/7.png", of: bff)])
            #expect(moment.item.postDateDescription != nil)

            let items = try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value.momentItems
            #expect(items.first?.createdAt == "2026-09-21T14:13:20Z")
            #expect(items.first?.photoURLs == photos)
            #expect(items.last?.photoURLs == [], "a link moment has no photos")
        }
    }

    @Test func unknownID_isA404PageInTheReadersLanguage_andA404JSONError() async throws {
        try await withDashboard(bff: try FakeBFF(moments: Self.moments)) { dashboard, bff in
            let page = try await dashboard.get("/moments/nope", headers: ["Accept-Language": "zh-CN,zh;q=0.9"])
            #expect(page.status == 404)
            #expect(page.text.contains(#"<html lang="zh-CN""#))
            #expect(page.text.contains("没有这条朋友圈（nope）。"))
            #expect(page.text.contains("<code data-error-code>unknown_moment</code>"))
            let json = try await dashboard.get("/api/moments/nope")
            #expect(json.status == 404)
            let error = try Dashboard.decode(ErrorBody.self, from: json.text).error
            #expect(error.code == "unknown_moment" && error.message == "There is no moment with this ID (nope).")
        }
    }

    /// A moment that cannot be read is said to be so: not a like that failed, as a like's error says.
    @Test func momentRead_whileTheBFFIsDown_saysTheBFFIsUnreachable_notThatALikeFailed() async throws {
        try await withDashboard(bff: try FakeBFF(moments: Self.moments)) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            await bff.stop()
            let read = try await dashboard.get("/api/moments/m1")
            #expect(read.status == 503)
            let readError = try Dashboard.decode(ErrorBody.self, from: read.text).error
            #expect(readError.code == "bff_unreachable")
            #expect(!readError.message.isEmpty && !readError.message.contains("like"), "\(readError)")
            let like = try await dashboard.send("PUT", "/api/moments/m1/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            #expect(like.status == 503)
            let likeError = try Dashboard.decode(ErrorBody.self, from: like.text).error
            #expect(likeError.code == "bff_unreachable")
            #expect(likeError.message.hasPrefix("The like could not be saved. Nothing was changed. "))
            #expect(likeError.message.hasSuffix(readError.message), "the like's error names the same cause")
        }
    }

    @Test func likeFromThePage_withoutJavaScript_goesBackToTheMomentsPage() async throws {
        try await withDashboard(bff: try FakeBFF(moments: Self.moments)) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let answer = try await dashboard.postForm("/moments/m1/like", "isLiked=true&view=moment")
            #expect(answer.status == 303)
            #expect(answer.location == "/moments/m1")
            #expect(bff.likerIDs(of: "m1") == ["0", "7"])
            let page = try await dashboard.get("/moments/m1")
            #expect(page.text.contains(#"aria-pressed="true""#))
        }
    }

    @Test func likeFromThePage_withJavaScript_answersThePagesLikesToSwapInPlace() async throws {
        try await withDashboard(bff: try FakeBFF(moments: Self.moments)) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let answer = try await dashboard.send("POST", "/moments/m1/like", contentType: "application/x-www-form-urlencoded",
                                                  body: "isLiked=true&view=moment", headers: ["X-Requested-With": "fetch"])
            #expect(answer.status == 200)
            #expect(answer.text.hasPrefix(#"<div class="moment-detail__likes" data-moment-id="m1">"#))
            #expect(answer.text.contains(#"aria-pressed="true""#))
            #expect(answer.text.contains(#"<input type="hidden" name="view" value="moment">"#), "the next like comes back here too")
            #expect(answer.text.contains(#"<span class="moment-detail__like-count">2</span>"#))
            #expect(!answer.text.contains("<html"), "a fragment, not a page")
        }
    }
}
