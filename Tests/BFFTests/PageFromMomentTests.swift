import Foundation
import Testing
@testable import BFF

/// `from: ID`, the embedded BFF's optional page start: the page begins with that moment, so
/// `first: 1, from:` reads one moment by its ID, on the query and on the like mutation.
@Suite struct PageFromMomentTests {
    static let timelineFrom = """
        query getMomentsDetailsByUserID($userID: ID!, $first: Int, $after: ID, $from: ID) {
          getMomentsDetailsByUserID(userID: $userID, first: $first, after: $after, from: $from) {
            userDetails { id }
            moments { id userDetails { name } type title url photos createdDate isLiked likes { id avatar } }
          }
        }
        """

    static let updateLikeFrom = """
        mutation updateMomentLike($momentID: ID!, $userID: ID!, $isLiked: Boolean!, $first: Int, $after: ID, $from: ID) {
          updateMomentLike(momentID: $momentID, userID: $userID, isLiked: $isLiked, first: $first, after: $after, from: $from) {
            moments { id isLiked likes { id } }
          }
        }
        """

    @Test(arguments: StoreKind.allCases)
    func firstOneFromAMoment_answersThatMoment_deepInAGeneratedTimeline(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store, demoData: .generated(users: 50, moments: 200, seed: 3))
        let everything = try await fixture.page()
        for index in [0, 1, 150, 199] {
            let (status, json) = try await fixture.graphQL(Self.timelineFrom,
                                                           variables: ["userID": "0", "first": 1, "from": everything[index].id])
            #expect(status == 200)
            let moments = try #require(JSON.path(json, "data", "getMomentsDetailsByUserID", "moments") as? [[String: Any]])
            #expect(moments.count == 1)
            #expect(try Self.sorted(moments[0]) == Self.sorted(everything[index].json), "moment \(index) as the whole timeline shows it")
        }
    }

    private static func sorted(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test(arguments: StoreKind.allCases)
    func fromWithFirstThree_answersTheMomentAndTheTwoAfterIt(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (_, json) = try await fixture.graphQL(Self.timelineFrom, variables: ["userID": "0", "first": 3, "from": "10"])
        let moments = JSON.path(json, "data", "getMomentsDetailsByUserID", "moments") as? [[String: Any]]
        #expect(moments?.compactMap { $0["id"] as? String } == ["10", "11", "12"])
    }

    @Test(arguments: StoreKind.allCases)
    func unknownFrom_isAnUnknownMomentError_withNullData(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (status, json) = try await fixture.graphQL(Self.timelineFrom, variables: ["userID": "0", "first": 1, "from": "nope"])
        #expect(status == 200)
        #expect(json["data"] is NSNull)
        #expect(JSON.errorMessages(json) == ["There is no moment with ID \"nope\"."])
        let error = try #require((json["errors"] as? [[String: Any]])?.first)
        #expect(JSON.path(error, "extensions", "code") as? String == "UNKNOWN_MOMENT")
    }

    @Test(arguments: StoreKind.allCases)
    func afterAndFromTogether_areBadPageArguments_andALikeWithThemChangesNothing(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (_, query) = try await fixture.graphQL(Self.timelineFrom, variables: ["userID": "0", "after": "3", "from": "4"])
        let queryError = try #require((query["errors"] as? [[String: Any]])?.first)
        #expect(JSON.path(queryError, "extensions", "code") as? String == "BAD_PAGE_ARGUMENTS")
        let (_, like) = try await fixture.graphQL(Self.updateLikeFrom, variables: [
            "momentID": "4", "userID": "0", "isLiked": true, "after": "3", "from": "4",
        ])
        #expect(like["data"] is NSNull)
        #expect(JSON.errorMessages(like) == ["A page starts after one moment or from one moment: give after or from, not both."])
        #expect(try await fixture.page(first: 1, after: "3").first?.json["isLiked"] as? Bool == false)
    }

    @Test(arguments: StoreKind.allCases)
    func likeFromTheMomentItself_answersThatMomentWithTheNewLike(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (_, json) = try await fixture.graphQL(Self.updateLikeFrom, variables: [
            "momentID": "30", "userID": "0", "isLiked": true, "first": 1, "from": "30",
        ])
        #expect(json["errors"] == nil)
        let moments = try #require(JSON.path(json, "data", "updateMomentLike", "moments") as? [[String: Any]])
        #expect(moments.count == 1)
        #expect(moments.first?["id"] as? String == "30")
        #expect(moments.first?["isLiked"] as? Bool == true)
        #expect(try await fixture.page(first: 1, after: "29").first?.json["isLiked"] as? Bool == true)
    }

    @Test(arguments: StoreKind.allCases)
    func servedSDL_showsFromOnBothRootFields(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let (status, _, body) = try await server.send("GET", "/graphql/schema.graphql")
        await server.stop()
        #expect(status == 200)
        let sdl = String(decoding: body, as: UTF8.self)
        #expect(sdl.contains("getMomentsDetailsByUserID(") && sdl.contains("updateMomentLike("))
        #expect(sdl.components(separatedBy: "from: ID").count - 1 == 2, "\(sdl)")
    }
}
