import Foundation
import Testing
@testable import BFF

@Suite struct TimelineQueryTests {
    @Test(arguments: StoreKind.allCases)
    func timeline_withLikes_hasIsLikedAndLikesOnEveryMoment(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let moments = try await fixture.moments(forUserID: "0")
        #expect(!moments.isEmpty)
        for moment in moments {
            #expect(moment.isLiked != nil, "moment \(moment.id)")
            #expect(moment.likes != nil, "moment \(moment.id)")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func timeline_withoutLikes_leavesIsLikedAndLikesKeysOut(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (status, json) = try await fixture.graphQL(Documents.timeline, variables: ["userID": "0", "withLikes": false])
        #expect(status == 200)
        let moments = try #require(JSON.path(json, "data", "getMomentsDetailsByUserID", "moments") as? [[String: Any]])
        #expect(!moments.isEmpty)
        for moment in moments {
            #expect(moment.keys.contains("title"))
            #expect(!moment.keys.contains("isLiked"), "absent, not null")
            #expect(!moment.keys.contains("likes"), "absent, not null")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func timeline_listsEveryMomentNewestFirst_includingTheUsersOwn(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let moments = try await fixture.moments(forUserID: "0")
        #expect(moments.count == fixture.demoData.moments.count)
        let dates = moments.compactMap { Int($0.createdDate) }
        #expect(dates.count == moments.count)
        #expect(dates == dates.sorted(by: >))
        #expect(moments.contains { $0.userDetails.name == "Alex Chen" })
    }

    @Test(arguments: StoreKind.allCases)
    func timeline_createdDate_isSecondsSince1970AsAString(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let newest = try #require(try await fixture.moments(forUserID: "0").first)
        let seconds = try #require(Int(newest.createdDate))
        let expected = Int(Date().timeIntervalSince1970) - DemoData.Age.minutes(8).seconds
        #expect(abs(seconds - expected) < 60, "the newest demo moment is 8 minutes old")
    }

    @Test(arguments: StoreKind.allCases)
    func timeline_userDetails_areThoseOfTheUserAskedAbout(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (_, json) = try await fixture.graphQL(Documents.timeline, variables: ["userID": "0", "withLikes": false])
        let user = try #require(JSON.path(json, "data", "getMomentsDetailsByUserID", "userDetails") as? [String: String])
        #expect(user == ["id": "0", "name": "Alex Chen", "avatar": "/images/avatars/00.png",
                         "backgroundImage": "/images/backgrounds/00.jpg"])
    }

    @Test(arguments: StoreKind.allCases)
    func timeline_isLiked_isRelativeToTheUserAskedAbout(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        // Moment "2" is liked by users 4, 6, 9 and 12 in the demo data, not by user 0.
        let asCurrentUser = try await fixture.moments(forUserID: "0").first { $0.id == "2" }
        let asLiker = try await fixture.moments(forUserID: "4").first { $0.id == "2" }
        #expect(asCurrentUser?.isLiked == false)
        #expect(asLiker?.isLiked == true)
    }

    @Test(arguments: StoreKind.allCases)
    func timeline_likes_listTheMostRecentLikeFirst(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        // Moment "1" was liked by 5, then 8, then 0.
        let moment = try await fixture.moments(forUserID: "0").first { $0.id == "1" }
        let likes = try #require(moment?.likes)
        #expect(likes.map(\.id) == ["0", "8", "5"])
        #expect(likes.first?.avatar == "/images/avatars/00.png")
    }

    @Test(arguments: StoreKind.allCases)
    func timeline_unknownUser_answersAFieldErrorWithNullData(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (status, json) = try await fixture.graphQL(Documents.timeline, variables: ["userID": "404", "withLikes": true])
        #expect(status == 200, "execution started, so GraphQL over HTTP answers 200")
        #expect(json["data"] is NSNull)
        #expect(JSON.errorMessages(json) == ["There is no user with ID \"404\"."])
        let error = try #require((json["errors"] as? [[String: Any]])?.first)
        #expect(error["path"] as? [String] == ["getMomentsDetailsByUserID"])
    }
}
