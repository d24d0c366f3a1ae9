import Foundation
import Testing
import TestSupport
@testable import BFF

/// `updateMomentLikes`: many likes in one document, each answered with its moment as its user
/// sees it; a failing change fails the field by its code and leaves the others applied. On both
/// stores.
@Suite struct LikeBatchTests {
    static let document = """
        mutation updateMomentLike($changes: [MomentLikeChange!]!) {
          updateMomentLikes(changes: $changes) { id isLiked likes { id } }
        }
        """

    private static func change(_ momentID: String, _ userID: String, _ isLiked: Bool) -> [String: Any] {
        ["momentID": momentID, "userID": userID, "isLiked": isLiked]
    }

    private static func likers(_ fixture: BFFFixture, of momentID: String) async throws -> [String] {
        let moment = try await fixture.moments(forUserID: "0").first { $0.id == momentID }
        return (moment?.likes ?? []).map(\.id)
    }

    @Test(arguments: StoreKind.allCases)
    func batch_appliesEveryChange_andAnswersEachMomentInOrder_asItsUserSeesIt(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        // In the demo data moment "4" has no likes and moment "1" is liked by 5, 8 and 0.
        let (status, json) = try await fixture.graphQL(Self.document, variables: ["changes": [
            Self.change("4", "7", true), Self.change("1", "0", false), Self.change("4", "3", true),
        ]])
        #expect(status == 200)
        #expect(json["errors"] == nil)
        let moments = try #require(JSON.path(json, "data", "updateMomentLikes") as? [[String: Any]])
        #expect(moments.map { $0["id"] as? String } == ["4", "1", "4"])
        #expect(moments.map { $0["isLiked"] as? Bool } == [true, false, true], "each as the user of its change sees it")
        #expect(Set(try await Self.likers(fixture, of: "4")) == ["7", "3"])
        #expect(try await Self.likers(fixture, of: "1") == ["8", "5"])
    }

    @Test(arguments: StoreKind.allCases)
    func batch_thatLikesAndUnlikesTheSameMoment_endsAsItsLastChange_andAnswersThatState(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (status, json) = try await fixture.graphQL(Self.document, variables: ["changes": [
            Self.change("4", "7", true), Self.change("4", "7", false), Self.change("2", "7", false), Self.change("2", "7", true),
        ]])
        #expect(status == 200)
        #expect(json["errors"] == nil)
        let moments = try #require(JSON.path(json, "data", "updateMomentLikes") as? [[String: Any]])
        #expect(moments.map { $0["isLiked"] as? Bool } == [false, false, true, true], "every answer reads the moment once all changes are applied")
        #expect(try await Self.likers(fixture, of: "4").isEmpty)
        #expect(try await Self.likers(fixture, of: "2").contains("7"))
    }

    @Test(arguments: StoreKind.allCases)
    func batch_withAnUnknownUser_failsByItsCode_evenAfterAnUnknownMomentLaterInTheBatch(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (_, json) = try await fixture.graphQL(Self.document, variables: ["changes": [
            Self.change("4", "nobody", true), Self.change("999", "7", true), Self.change("4", "7", true),
        ]])
        let errors = try #require(json["errors"] as? [[String: Any]])
        #expect(errors.map { JSON.path($0, "extensions", "code") as? String } == ["UNKNOWN_USER"], "the first failing change's code")
        #expect(try await Self.likers(fixture, of: "4") == ["7"])
    }

    @Test(arguments: StoreKind.allCases)
    func batch_withAnUnknownMoment_failsByItsCode_andKeepsTheOtherChanges(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (status, json) = try await fixture.graphQL(Self.document, variables: ["changes": [
            Self.change("4", "7", true), Self.change("999", "7", true),
        ]])
        #expect(status == 200)
        #expect(json["data"] is NSNull)
        let errors = try #require(json["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(JSON.path(errors[0], "extensions", "code") as? String == "UNKNOWN_MOMENT")
        #expect(errors[0]["path"] as? [String] == ["updateMomentLikes"])
        #expect(try await Self.likers(fixture, of: "4") == ["7"], "the change that did not fail stays applied")
    }

    @Test(arguments: StoreKind.allCases)
    func batch_ofMoreThanTheMaximum_isRefused_beforeAnyChange(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let changes = (0...MomentLikeChange.maximumCount).map { _ in Self.change("4", "7", true) }
        let (status, json) = try await fixture.graphQL(Self.document, variables: ["changes": changes])
        #expect(status == 200)
        #expect(json["data"] is NSNull)
        let errors = try #require(json["errors"] as? [[String: Any]])
        #expect(errors.map { JSON.path($0, "extensions", "code") as? String } == ["TOO_MANY_CHANGES"])
        #expect(try await Self.likers(fixture, of: "4").isEmpty, "nothing applied")
    }

    @Test(arguments: StoreKind.allCases)
    func batch_ofNoChanges_answersNoMoments(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let (status, json) = try await fixture.graphQL(Self.document, variables: ["changes": [Any]()])
        #expect(status == 200)
        #expect(json["errors"] == nil)
        #expect((JSON.path(json, "data", "updateMomentLikes") as? [Any])?.isEmpty == true)
    }
}
