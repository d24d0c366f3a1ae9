import Foundation
import HTTPServer
import Moments
import Testing
import TestSupport

@Suite struct TimelineLikeTests {
    @Test func likeThroughForm_redirects303ToTheMoment_andBFFRecordsIt() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let answer = try await dashboard.postForm("/moments/m1/like", "isLiked=true")
            #expect(answer.status == 303)
            #expect(answer.location == "/#moment-m1")
            #expect(bff.likerIDs(of: "m1") == ["0"])
            let page = try await dashboard.get("/")
            #expect(page.text.contains("aria-pressed=\"true\""))
        }
    }

    @Test func likeThroughJSON_answersTheUpdatedItem_andUnlikeTakesItBack() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let liked = try await dashboard.send("PUT", "/api/moments/m3/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            #expect(liked.status == 200)
            let item = try Dashboard.decode(MomentListItemViewModel.self, from: liked.text)
            #expect(item.momentID == "m3")
            #expect(item.isLiked == true)
            #expect(item.likes == ["/images/avatars/0.png", "/images/avatars/7.png"].map { Dashboard.mediaSrc($0, of: bff) })

            let unliked = try await dashboard.send("PUT", "/api/moments/m3/like", contentType: "application/json", body: #"{"isLiked": false}"#)
            #expect(try Dashboard.decode(MomentListItemViewModel.self, from: unliked.text).isLiked == false)
            #expect(bff.likerIDs(of: "m3") == ["7"])
        }
    }

    @Test func likeFromScript_answersTheItemDrawnForInPlaceSwap() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let answer = try await dashboard.send("POST", "/moments/m2/like", contentType: "application/x-www-form-urlencoded",
                                                  body: "isLiked=true", headers: ["X-Requested-With": "fetch"])
            #expect(answer.status == 200)
            #expect(answer.text.hasPrefix("<article class=\"moment\" id=\"moment-m2\""))
            #expect(answer.text.contains("aria-pressed=\"true\""))
            #expect(!answer.text.contains("<html"), "a fragment, not a page")
        }
    }

    @Test func likeAndUnlike_recordTrackingEvents_andPagesRecordScreenviews() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            _ = try await dashboard.get("/")
            _ = try await dashboard.send("PUT", "/api/moments/m1/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            _ = try await dashboard.send("PUT", "/api/moments/m1/like", contentType: "application/json", body: #"{"isLiked": false}"#)
            let events = try await TrackingRulesTests.events(dashboard)
            #expect(events.map(\.name) == ["unlike", "like", "screenview"])
            #expect(events[0].parameters == ["momentID": "m1", "userID": "0"])
            #expect(events[2].parameters["screenName"] == "Moments screen")
        }
    }

    @Test(arguments: [
        ("application/json", #"{"isLiked": "yes"}"#, 400, "invalid_json"),
        ("application/json", "{not json", 400, "invalid_json"),
        ("text/plain", #"{"isLiked": true}"#, 415, "unsupported_media_type"),
    ])
    func badLikeBody_isRefusedWithAClearError_andNothingChanges(contentType: String, body: String, status: Int, code: String) async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let answer = try await dashboard.send("PUT", "/api/moments/m1/like", contentType: contentType, body: body)
            #expect(answer.status == status)
            let error = try Dashboard.decode(ErrorBody.self, from: answer.text).error
            #expect(error.code == code)
            #expect(!error.message.isEmpty)
            #expect(!bff.receivedOperations.contains("updateMomentLike"))
            #expect(bff.likerIDs(of: "m1").isEmpty)
        }
    }

    @Test func likeOfUnknownMoment_answers404_andSendsNoMutation() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let answer = try await dashboard.send("PUT", "/api/moments/nope/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            #expect(answer.status == 404)
            #expect(answer.text.contains("unknown_moment"))
            #expect(!bff.receivedOperations.contains("updateMomentLike"))
        }
    }

    @Test func likeWhileFeatureIsOff_answers409() async throws {
        try await withDashboard { dashboard, bff in
            let answer = try await dashboard.send("PUT", "/api/moments/m1/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            #expect(answer.status == 409)
            #expect(answer.text.contains("feature_disabled"))
            #expect(bff.likerIDs(of: "m1").isEmpty)
        }
    }
}
