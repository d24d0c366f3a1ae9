import Foundation
import Testing
@testable import BFF

@Suite struct GeneratedDataTests {
    /// The repository's `Public/` folder, found from this file's place in `Tests/BFFTests/`.
    private static let publicFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Public")

    @Test(arguments: StoreKind.allCases)
    func generate_writesTheUsersAndMomentsAskedFor_andAnswersTheCounts(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let counts = try await fixture.bff.replaceWithGeneratedData(users: 16, moments: 30, seed: 1)
        let expected = DemoData.generated(users: 16, moments: 30, seed: 1)
        #expect(counts.users == 16)
        #expect(counts.moments == 30)
        #expect(counts.photos == expected.moments.map(\.photoPaths.count).reduce(0, +))
        #expect(counts.likes == expected.moments.map(\.likedBy.count).reduce(0, +))
        #expect(counts.photos >= 30 / 2, "about seven moments in ten have 1 to 9 photos")

        let moments = try await fixture.moments(forUserID: "15")
        #expect(moments.map(\.id) == (1...30).map(String.init), "\"1\" is the newest")
        let (_, json) = try await fixture.graphQL(Documents.timeline, variables: ["userID": "16", "withLikes": false])
        #expect(JSON.errorMessages(json) == ["There is no user with ID \"16\"."], "users \"0\" to \"15\"")
    }

    /// A bulk load leaves PostgreSQL without row counts until autovacuum comes by, and a page's
    /// likes were then read by scanning every like: the store gathers the statistics itself.
    @Test func generate_onPostgreSQL_leavesTheTablesAnalyzed() async throws {
        let fixture = try await BFFFixture(.postgres)
        let postgres = try #require(fixture.postgres)
        let before = try await TestPostgres.strings("SELECT now()::text", in: postgres)[0]
        _ = try await fixture.bff.replaceWithGeneratedData(users: 16, moments: 30, seed: 1)
        let analyzed = try await TestPostgres.strings("""
            SELECT relname::text FROM pg_stat_user_tables
            WHERE relname IN ('users', 'moments', 'photos', 'likes') AND last_analyze >= '\(before)'::timestamptz
            ORDER BY relname
            """, in: postgres)
        #expect(analyzed == ["likes", "moments", "photos", "users"])
    }

    @Test(arguments: StoreKind.allCases)
    func generate_replacesTheDemoData(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        _ = try await fixture.bff.replaceWithGeneratedData(users: 3, moments: 5, seed: 1)
        let titles = try await fixture.moments(forUserID: "0").compactMap(\.title)
        #expect(titles.count == 5)
        let demoTitles = Set(DemoData.standard.moments.compactMap(\.title))
        #expect(titles.allSatisfy { !demoTitles.contains($0) })
    }

    @Test(arguments: StoreKind.allCases)
    func generate_keepsAlexChenAsTheCurrentUser(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store, demoData: .generated(users: 50, moments: 10, seed: 3))
        let (_, json) = try await fixture.graphQL(Documents.timeline, variables: ["userID": "0", "withLikes": false])
        let user = try #require(JSON.path(json, "data", "getMomentsDetailsByUserID", "userDetails") as? [String: String])
        #expect(user == ["id": "0", "name": "Alex Chen", "avatar": "/images/avatars/00.png",
                         "backgroundImage": "/images/backgrounds/00.jpg"])
    }

    @Test(arguments: StoreKind.allCases)
    func generate_sameSeed_givesTheSameFirstPage_anotherSeedAnother(store: StoreKind) async throws {
        func firstPage(store: StoreKind, seed: UInt64) async throws -> [[String: Any]] {
            let fixture = try await BFFFixture(store, demoData: .generated(users: 200, moments: 500, seed: seed))
            // Dates count from the moment of writing, which differs between two fixtures.
            return try await fixture.page(first: 11).map { $0.json.filter { $0.key != "createdDate" } }
        }
        let once = try await firstPage(store: store, seed: 42)
        let twice = try await firstPage(store: store, seed: 42)
        let other = try await firstPage(store: store, seed: 43)
        #expect(once.count == 11)
        #expect(NSArray(array: once).isEqual(to: twice))
        #expect(!NSArray(array: once).isEqual(to: other))
        #expect(DemoData.generated(users: 200, moments: 500, seed: 42) == DemoData.generated(users: 200, moments: 500, seed: 42))
    }

    @Test func generated_largerSet_startsWithTheSameMoments_soItsFirstPageIsTheSame() {
        let small = DemoData.generated(users: 5000, moments: 30, seed: 1)
        let large = DemoData.generated(users: 5000, moments: 3000, seed: 1)
        let content = { (moment: DemoData.Moment) in "\(moment.authorID)|\(moment.title ?? "")|\(moment.content)|\(moment.likedBy)" }
        #expect(small.moments.map(content) == large.moments.prefix(30).map(content))
        #expect(small.moments.map(content) != DemoData.generated(users: 5000, moments: 30, seed: 2).moments.map(content))
    }

    @Test func generated_mixesPhotoAndLinkMoments_titledInEnglishAndChinese() {
        let demo = DemoData.generated(users: 5000, moments: 3000, seed: 1)
        #expect(Set(demo.moments.map(\.id)).count == 3000)
        let photoCounts = demo.moments.map(\.photoPaths.count).filter { $0 > 0 }
        #expect(Set(photoCounts) == Set(1...9))
        let links = demo.moments.compactMap { moment -> String? in
            if case .url(let url) = moment.content { return url }
            return nil
        }
        #expect((600...1200).contains(links.count), "about three moments in ten are links: \(links.count)")
        #expect(links.allSatisfy { $0.hasPrefix("https://") })
        let titles = demo.moments.compactMap(\.title)
        #expect(titles.count == 3000)
        let chinese = titles.filter { $0.unicodeScalars.contains { $0.properties.isIdeographic } }
        #expect((600...1800).contains(chinese.count), "\(chinese.count) Chinese titles")
        #expect(Set(titles).count > 500, "titles vary")
    }

    @Test func generated_likesAreZeroToTwentyDistinctKnownUsers_sometimesTheCurrentUser() {
        let demo = DemoData.generated(users: 5000, moments: 3000, seed: 1)
        let userIDs = Set(demo.users.map(\.id))
        #expect(userIDs.count == 5000)
        for moment in demo.moments {
            #expect((0...20).contains(moment.likedBy.count), "moment \(moment.id)")
            #expect(Set(moment.likedBy).count == moment.likedBy.count, "moment \(moment.id) likers are distinct")
            #expect(Set(moment.likedBy).isSubset(of: userIDs), "moment \(moment.id)")
            #expect(userIDs.contains(moment.authorID), "moment \(moment.id)")
        }
        #expect(Set(demo.moments.map(\.likedBy.count)) == Set(0...20))
        let likedByCurrentUser = demo.moments.filter { $0.likedBy.contains("0") }.count
        #expect((100...600).contains(likedByCurrentUser), "\(likedByCurrentUser) moments liked by user 0")
    }

    @Test func generated_withFewUsers_likesStayDistinct() {
        let demo = DemoData.generated(users: 3, moments: 200, seed: 1)
        #expect(demo.users.map(\.id) == ["0", "1", "2"])
        #expect(demo.moments.allSatisfy { $0.likedBy.count <= 3 && Set($0.likedBy).count == $0.likedBy.count })
        #expect(DemoData.generated(users: 1, moments: 20, seed: 1).moments.allSatisfy { $0.likedBy.allSatisfy { $0 == "0" } })
    }

    @Test func generated_spansMinutesToMonths_newestFirst() {
        let ages = DemoData.generated(users: 100, moments: 2000, seed: 1).moments.map(\.age.seconds)
        #expect(ages == ages.sorted(), "moment \"1\" is the newest")
        #expect(ages.first.map { (60...900).contains($0) } == true, "the newest is minutes old")
        #expect(ages.last.map { $0 > 90 * 86400 && $0 <= 180 * 86400 } == true, "the oldest months old")
    }

    @Test func generated_picturesAreImageFilesUnderPublic() throws {
        let demo = DemoData.generated(users: 40, moments: 400, seed: 1)
        let paths = Set(demo.users.map(\.avatar) + demo.users.map(\.backgroundImage)
                        + demo.moments.flatMap(\.photoPaths))
        #expect(paths.count >= 16 + 2 + 30, "avatars, backgrounds and most photos are used")
        for path in paths.sorted() {
            #expect(path.hasPrefix("/images/"), "\(path)")
            let file = Self.publicFolder.appendingPathComponent(String(path.dropFirst()))
            #expect(FileManager.default.fileExists(atPath: file.path), "\(file.path) is missing")
        }
    }
}

private extension DemoData.Moment {
    var photoPaths: [String] {
        if case .photos(let paths) = content { return paths }
        return []
    }
}
