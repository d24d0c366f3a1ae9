import Foundation
import Testing
import TestSupport
@testable import BFF

@Suite struct LikeMutationTests {
    @Test(arguments: StoreKind.allCases)
    func like_answersTheUsersDetailsWithTheMomentLiked(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        // Moment "4" has no likes in the demo data.
        let moment = try #require(try await fixture.setLike(momentID: "4", userID: "0", isLiked: true))
        #expect(moment.isLiked == true)
        #expect(moment.likes?.map { [$0.id, $0.avatar] } == [["0", "/images/avatars/00.png"]])
    }

    @Test(arguments: StoreKind.allCases)
    func like_survivesARestart(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        _ = try await fixture.setLike(momentID: "4", userID: "0", isLiked: true)
        try await fixture.restart()
        let moment = try await fixture.moments(forUserID: "0").first { $0.id == "4" }
        #expect(moment?.isLiked == true)
    }

    @Test(arguments: StoreKind.allCases)
    func like_twice_countsOnce(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        _ = try await fixture.setLike(momentID: "4", userID: "7", isLiked: true)
        let moment = try await fixture.setLike(momentID: "4", userID: "7", isLiked: true)
        #expect(moment?.likes?.map(\.id) == ["7"])
    }

    @Test(arguments: StoreKind.allCases)
    func unlike_removesTheUsersLike(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        // Moment "1" is liked by 5, 8 and 0 in the demo data.
        let moment = try await fixture.setLike(momentID: "1", userID: "0", isLiked: false)
        #expect(moment?.isLiked == false)
        #expect(moment?.likes?.map(\.id) == ["8", "5"])
    }

    @Test(arguments: StoreKind.allCases)
    func unlike_whenNotLiked_changesNothing(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (status, json) = try await fixture.graphQL(Documents.updateLike,
                                                       variables: ["momentID": "4", "userID": "0", "isLiked": false])
        #expect(status == 200)
        #expect(json["errors"] == nil)
        let moments = JSON.path(json, "data", "updateMomentLike", "moments") as? [[String: Any]]
        let moment = moments?.first { $0["id"] as? String == "4" }
        #expect(moment?["isLiked"] as? Bool == false)
        #expect((moment?["likes"] as? [Any])?.isEmpty == true)
    }

    @Test(arguments: StoreKind.allCases)
    func like_unknownMoment_answersAnErrorAndChangesNothing(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let before = try await fixture.moments(forUserID: "0")
        let (status, json) = try await fixture.graphQL(Documents.updateLike,
                                                       variables: ["momentID": "999", "userID": "0", "isLiked": true])
        #expect(status == 200)
        #expect(json["data"] is NSNull)
        #expect(JSON.errorMessages(json) == ["There is no moment with ID \"999\"."])
        let after = try await fixture.moments(forUserID: "0")
        #expect(after == before)
    }

    @Test(arguments: StoreKind.allCases)
    func like_unknownUser_answersAnError(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (status, json) = try await fixture.graphQL(Documents.updateLike,
                                                       variables: ["momentID": "4", "userID": "404", "isLiked": true])
        #expect(status == 200)
        #expect(json["data"] is NSNull)
        #expect(JSON.errorMessages(json) == ["There is no user with ID \"404\"."])
    }

    @Test(arguments: StoreKind.allCases)
    func like_fromFiftyUsersAtOnceOverHTTP_losesNone(store: StoreKind) async throws {
        var demoData = DemoData.standard
        let likers = (100..<150).map { String($0) }
        demoData.users += likers.map {
            DemoData.User(id: $0, name: "Tester \($0)", avatar: "/images/avatars/01.png",
                          backgroundImage: "/images/backgrounds/01.jpg")
        }
        let fixture = try await BFFFixture(store, demoData: demoData)
        let server = try fixture.startServer()
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for userID in likers {
                group.addTask {
                    let body = try JSON.body(["query": Documents.updateLike,
                                              "variables": ["momentID": "4", "userID": userID, "isLiked": true]])
                    return try await server.send("POST", "/graphql", headers: ["Content-Type": "application/json"],
                                                 body: body).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        await server.stop()
        #expect(statuses == Array(repeating: 200, count: likers.count))
        let moment = try await fixture.moments(forUserID: "0").first { $0.id == "4" }
        let likerIDs = moment?.likes?.map(\.id)
        #expect(Set(likerIDs ?? []) == Set(likers))
        #expect(likerIDs?.count == likers.count)
    }

    @Test(arguments: StoreKind.allCases)
    func like_ofAnUnknownMomentAmongLikesAtOnce_failsAlone_andTheOthersCount(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        // Moments 4 and 404 (unknown) liked by users 1 to 10 at once, in-process.
        let bff = fixture.bff
        let answers = try await withThrowingTaskGroup(of: (String, [String?]).self) { group in
            for userID in (1...10).map({ "\($0)" }) {
                for momentID in ["4", "404"] {
                    let body = try JSON.body(["query": Documents.updateLike,
                                              "variables": ["momentID": momentID, "userID": userID, "isLiked": true]])
                    group.addTask { (momentID, JSON.errorCodes(try JSON.object(await bff.execute(body: body).body))) }
                }
            }
            return try await group.reduce(into: [(String, [String?])]()) { $0.append($1) }
        }
        #expect(answers.count == 20)
        for (momentID, errors) in answers {
            #expect(errors == (momentID == "404" ? ["UNKNOWN_MOMENT"] : []), "\(momentID)")
        }
        let moment = try await fixture.moments(forUserID: "0").first { $0.id == "4" }
        #expect(Set(moment?.likes?.map(\.id) ?? []) == Set((1...10).map { "\($0)" }))
    }
}
