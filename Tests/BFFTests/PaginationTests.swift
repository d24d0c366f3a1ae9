import Foundation
import Testing
@testable import BFF

@Suite struct PaginationTests {
    @Test(arguments: StoreKind.allCases)
    func pagesOfFive_followedByTheirLastID_addUpToTheWholeTimelineInOrder(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let everything = try await fixture.page()
        #expect(everything.count == fixture.demoData.moments.count)
        let pages = try await fixture.allPages(size: 5)
        #expect(pages.dropLast().allSatisfy { $0.count == 5 })
        #expect(pages.last?.count == everything.count % 5, "36 moments: seven pages of 5, then 1")
        let walked = pages.flatMap { $0 }
        #expect(walked.map(\.id) == everything.map(\.id))
        #expect(Set(walked.map(\.id)).count == walked.count, "no moment twice")
        #expect(NSArray(array: walked.map(\.json)).isEqual(to: everything.map(\.json)), "same moments, likes included")
    }

    @Test(arguments: StoreKind.allCases)
    func pages_throughMomentsPostedInTheSameSecond_missAndRepeatNone(store: StoreKind) async throws {
        var demoData = DemoData.standard
        // Twelve moments of the same second, between the standard ones: only the rowid orders them.
        demoData.moments += (1...12).map {
            DemoData.Moment(id: "same-\($0)", authorID: "\($0)", age: .hours(4), title: "Same second \($0)",
                            content: .url("https://www.sqlite.org/"), likedBy: [])
        }
        let fixture = try await BFFFixture(store, demoData: demoData)
        let everything = try await fixture.page()
        #expect(everything.count == 48)
        let walked = try await fixture.allPages(size: 5).flatMap { $0 }
        #expect(walked.map(\.id) == everything.map(\.id))
        #expect(Set(walked.map(\.id)) == Set(demoData.moments.map(\.id)))
        #expect(walked.map(\.id).filter { $0.hasPrefix("same-") } == (1...12).map { "same-\($0)" }, "in the list's order")
    }

    @Test(arguments: StoreKind.allCases)
    func pages_ofAGeneratedTimeline_addUpToTheWholeTimeline(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store, demoData: .generated(users: 300, moments: 200, seed: 7))
        let everything = try await fixture.page()
        #expect(everything.count == 200)
        let walked = try await fixture.allPages(size: 23).flatMap { $0 }
        #expect(walked.map(\.id) == everything.map(\.id))
        let dates = everything.compactMap { Int($0.json["createdDate"] as? String ?? "") }
        #expect(dates == dates.sorted(by: >), "newest first")
    }

    @Test(arguments: StoreKind.allCases)
    func noPageArguments_answerEveryMomentNewestFirst_asBefore(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let unpaged = try await fixture.moments(forUserID: "0")
        let noArguments = try await fixture.page()
        #expect(noArguments.map(\.id) == unpaged.map(\.id))
        #expect(noArguments.count == 36)
        #expect(noArguments.first?.id == "1", "the newest demo moment")
        #expect(noArguments.last?.id == "36", "the oldest demo moment")
    }

    @Test(arguments: StoreKind.allCases)
    func firstAlone_answersTheNewestMoments(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let everything = try await fixture.page()
        let page = try await fixture.page(first: 3)
        #expect(page.map(\.id) == everything.prefix(3).map(\.id))
        #expect(page.map(\.id) == ["1", "2", "3"])
    }

    @Test(arguments: StoreKind.allCases)
    func firstZero_answersTheUserDetailsAndNoMoments(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (status, json) = try await fixture.graphQL(Documents.timelinePage, variables: ["userID": "0", "first": 0])
        #expect(status == 200)
        #expect(json["errors"] == nil)
        let details = try #require(JSON.path(json, "data", "getMomentsDetailsByUserID") as? [String: Any])
        #expect(JSON.path(details, "userDetails", "name") as? String == "Alex Chen")
        #expect((details["moments"] as? [Any])?.isEmpty == true)
    }

    @Test(arguments: StoreKind.allCases)
    func afterAlone_answersEveryMomentAfterIt(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let everything = try await fixture.page()
        let page = try await fixture.page(after: "10")
        #expect(page.map(\.id) == everything.dropFirst(10).map(\.id))
        #expect(page.first?.id == "11")
        #expect(page.count == 26)
    }

    @Test(arguments: StoreKind.allCases)
    func afterTheOldestMoment_answersNoMoments(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        #expect(try await fixture.page(first: 5, after: "36").isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func firstOfAThousand_theMost_isAccepted(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        #expect(try await fixture.page(first: 1000).count == 36)
    }

    @Test(arguments: StoreKind.allCases)
    func unknownAfter_answersAFieldErrorWithNullData(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (status, json) = try await fixture.graphQL(Documents.timelinePage,
                                                       variables: ["userID": "0", "first": 5, "after": "nope"])
        #expect(status == 200)
        #expect(json["data"] is NSNull)
        #expect(JSON.errorMessages(json) == ["There is no moment with ID \"nope\" to start the page after."])
        let error = try #require((json["errors"] as? [[String: Any]])?.first)
        #expect(error["path"] as? [String] == ["getMomentsDetailsByUserID"])
    }

    @Test(arguments: StoreKind.allCases, [-1, 1001])
    func firstOutOfRange_answersAnError(store: StoreKind, first: Int) async throws {
        let fixture = try await BFFFixture(store)
        let (status, json) = try await fixture.graphQL(Documents.timelinePage, variables: ["userID": "0", "first": first])
        #expect(status == 200)
        #expect(json["data"] is NSNull)
        #expect(JSON.errorMessages(json) == ["first must be between 0 and 1000, not \(first)."])
    }

    @Test(arguments: StoreKind.allCases)
    func likeWithAPage_answersTheMomentAfterTheCursorWithTheNewLike_andKeepsIt(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        // Moment "4" follows "3" and has no likes in the demo data.
        let (status, json) = try await fixture.graphQL(Documents.updateLikePage, variables: [
            "momentID": "4", "userID": "0", "isLiked": true, "first": 1, "after": "3",
        ])
        #expect(status == 200)
        #expect(json["errors"] == nil)
        let moments = try #require(JSON.path(json, "data", "updateMomentLike", "moments") as? [[String: Any]])
        #expect(moments.count == 1)
        #expect(moments.first?["id"] as? String == "4")
        #expect(moments.first?["isLiked"] as? Bool == true)
        #expect((moments.first?["likes"] as? [[String: String]])?.map { $0["id"] } == ["0"])
        let later = try await fixture.page(first: 1, after: "3")
        #expect(later.first?.json["isLiked"] as? Bool == true)
    }

    @Test(arguments: StoreKind.allCases)
    func likeWithAPage_ofOtherMoments_stillLikesTheMoment(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        // The page holds moment "31" only; the like is on "4".
        let (_, json) = try await fixture.graphQL(Documents.updateLikePage, variables: [
            "momentID": "4", "userID": "0", "isLiked": true, "first": 1, "after": "30",
        ])
        let moments = try #require(JSON.path(json, "data", "updateMomentLike", "moments") as? [[String: Any]])
        #expect(moments.map { $0["id"] as? String } == ["31"])
        let liked = try await fixture.page(first: 1, after: "3")
        #expect(liked.map(\.id) == ["4"])
        #expect(liked.first?.json["isLiked"] as? Bool == true)
    }

    @Test(arguments: StoreKind.allCases)
    func likeWithFirstOutOfRange_answersAnErrorAndChangesNothing(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let messages = try await fixture.likeMomentFour(page: ["first": -1])
        #expect(messages == ["first must be between 0 and 1000, not -1."])
        #expect(try await fixture.page(first: 1, after: "3").first?.json["isLiked"] as? Bool == false)
    }

    @Test(arguments: StoreKind.allCases)
    func likeAfterAnUnknownMoment_answersAnErrorAndChangesNothing(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let messages = try await fixture.likeMomentFour(page: ["first": 1, "after": "nope"])
        #expect(messages == ["There is no moment with ID \"nope\" to start the page after."])
        #expect(try await fixture.page(first: 1, after: "3").first?.json["isLiked"] as? Bool == false)
    }
}

extension Documents {
    /// The timeline query with the page arguments; `likes` are there to compare whole moments.
    static let timelinePage = """
        query getMomentsDetailsByUserID($userID: ID!, $first: Int, $after: ID) {
          getMomentsDetailsByUserID(userID: $userID, first: $first, after: $after) {
            userDetails { id name }
            moments { id userDetails { name } type title url photos createdDate isLiked likes { id avatar } }
          }
        }
        """

    static let updateLikePage = """
        mutation updateMomentLike($momentID: ID!, $userID: ID!, $isLiked: Boolean!, $first: Int, $after: ID) {
          updateMomentLike(momentID: $momentID, userID: $userID, isLiked: $isLiked, first: $first, after: $after) {
            userDetails { id }
            moments { id isLiked likes { id avatar } }
          }
        }
        """
}

/// A moment of a page: its ID, and the whole JSON object to compare.
struct PagedMoment {
    var id: String
    var json: [String: Any]
}

extension BFFFixture {
    /// The moments of one page for user "0"; the arguments left out are not sent.
    func page(first: Int? = nil, after: String? = nil) async throws -> [PagedMoment] {
        var variables: [String: Any] = ["userID": "0"]
        variables["first"] = first
        variables["after"] = after
        let (_, json) = try await graphQL(Documents.timelinePage, variables: variables)
        let moments = try #require(JSON.path(json, "data", "getMomentsDetailsByUserID", "moments") as? [[String: Any]],
                                   "\(JSON.errorMessages(json))")
        return try moments.map { PagedMoment(id: try #require($0["id"] as? String), json: $0) }
    }

    /// Likes moment "4" (which has no likes in the demo data) as user "0" with the page
    /// arguments `page`, expecting the whole answer to fail; answers the error messages.
    func likeMomentFour(page: [String: Any]) async throws -> [String] {
        let variables = page.merging(["momentID": "4", "userID": "0", "isLiked": true]) { current, _ in current }
        let (status, json) = try await graphQL(Documents.updateLikePage, variables: variables)
        #expect(status == 200)
        #expect(json["data"] is NSNull)
        return JSON.errorMessages(json)
    }

    /// Every page of `size`, each asked for after the last moment of the one before, until a
    /// page comes back short.
    func allPages(size: Int) async throws -> [[PagedMoment]] {
        var pages: [[PagedMoment]] = []
        var after: String?
        repeat {
            let page = try await page(first: size, after: after)
            pages.append(page)
            after = page.last?.id
        } while pages.last?.count == size && pages.count < 10_000
        return pages
    }
}
