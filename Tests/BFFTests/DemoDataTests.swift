import Foundation
import Testing
@testable import BFF

@Suite struct DemoDataTests {
    private let demo = DemoData.standard

    private var photoMoments: [[String]] {
        demo.moments.compactMap { moment in
            if case .photos(let paths) = moment.content { return paths }
            return nil
        }
    }

    @Test func demoData_hasTheCurrentUserAndFifteenFriendsWithTheirOwnAvatars() {
        let currentUser = demo.users.first
        #expect(currentUser?.id == "0")
        #expect(currentUser?.avatar == "/images/avatars/00.png")
        #expect(currentUser?.backgroundImage == "/images/backgrounds/00.jpg")
        #expect(demo.users.map(\.id) == (0...15).map(String.init))
        for user in demo.users {
            #expect(user.avatar == String(format: "/images/avatars/%02d.png", Int(user.id)!))
        }
        #expect(demo.users.contains { $0.name.unicodeScalars.contains { $0.properties.isIdeographic } })
        #expect(demo.users.contains { $0.name.allSatisfy(\.isASCII) })
    }

    @Test func demoData_hasAboutThirtySixMomentsOfBothTypesByKnownUsers() {
        #expect(demo.moments.count >= 30)
        #expect(photoMoments.count >= 10)
        #expect(demo.moments.count - photoMoments.count >= 5, "URL moments")
        let userIDs = Set(demo.users.map(\.id))
        for moment in demo.moments {
            #expect(userIDs.contains(moment.authorID), "author of moment \(moment.id)")
            #expect(Set(moment.likedBy).isSubset(of: userIDs), "likers of moment \(moment.id)")
            #expect(Set(moment.likedBy).count == moment.likedBy.count, "likers of moment \(moment.id) are distinct")
            if case .url(let url) = moment.content {
                #expect(url.hasPrefix("https://"), "moment \(moment.id)")
                #expect(moment.title?.isEmpty == false, "moment \(moment.id)")
            }
        }
    }

    @Test func demoData_photoMomentsHaveOneToThreeLocalPhotos_eachUsedAtMostTwice() {
        for photos in photoMoments {
            #expect((1...3).contains(photos.count))
        }
        let uses = Dictionary(grouping: photoMoments.flatMap { $0 }, by: { $0 }).mapValues(\.count)
        #expect(uses.values.allSatisfy { $0 <= 2 })
        let names = Set((0...39).map { String(format: "/images/photos/%02d.jpg", $0) })
        #expect(Set(uses.keys).isSubset(of: names))
    }

    @Test func demoData_spansMinutesToMonths_withSomeMomentsLikedByTheCurrentUserOrBySeveral() {
        let ages = demo.moments.map(\.age.seconds)
        #expect(ages.min()! < 3600)
        #expect(ages.max()! > 60 * 86400)
        #expect(demo.moments.filter { $0.likedBy.contains("0") }.count >= 3)
        #expect(demo.moments.filter { $0.likedBy.count >= 3 }.count >= 3)
    }

    @Test(arguments: StoreKind.allCases)
    func resetDemoData_dropsChangesAndPutsTheDemoBack(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let before = try await fixture.moments(forUserID: "0").map { $0.likes ?? [] }
        _ = try await fixture.setLike(momentID: "4", userID: "0", isLiked: true)
        _ = try await fixture.setLike(momentID: "1", userID: "0", isLiked: false)
        try await fixture.bff.resetDemoData()
        let after = try await fixture.moments(forUserID: "0").map { $0.likes ?? [] }
        #expect(after == before)
    }
}
