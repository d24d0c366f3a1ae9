import Foundation
import Foundations
@testable import Moments
import Locking
import Testing

/// The repository's cache holds to its bound in bytes: walking every page of a 3,000-moment
/// timeline keeps the pages read last and drops the first ones. The BFF is an in-process session
/// that pages a generated timeline, so the walk costs no HTTP. The likers it remembers count too.
@Suite struct MomentsCacheBoundTests {
    /// Pages a generated timeline as a paging BFF would, and counts the pages asked for.
    final class GeneratedTimelineSession: GetMomentsByUserIDSessionType, UpdateMomentLikeSessionType {
        let moments: [MomentsDetails.Moment]
        let calls = Locked(0)

        init(count: Int) {
            let json = (1...count).map { index in
                #"{"id": "g\#(index)", "userDetails": {"name": "Friend \#(index % 16)", "avatar": "/images/avatars/0\#(index % 10).png"}, "type": "PHOTOS", "title": "Generated moment \#(index)", "photos": ["/images/photos/0\#(index % 10).jpg"], "createdDate": "\#(1_790_000_000 - index * 60)"}"#
            }
            moments = try! JSONDecoder().decode([MomentsDetails.Moment].self, from: Data("[\(json.joined(separator: ","))]".utf8))
        }

        func getMoments(userID: String, first: Int?, after: String?) async throws(APISessionError) -> MomentsDetails? {
            calls.withLock { $0 += 1 }
            let start = after.flatMap { after in moments.firstIndex { $0.id == after }.map { $0 + 1 } } ?? 0
            var page = try! JSONDecoder().decode(MomentsDetails.self, from: Data(#"{"userDetails": {"id": "\#(userID)", "name": "Alex Chen", "avatar": "/images/avatars/00.png", "backgroundImage": "/images/backgrounds/00.jpg"}, "moments": []}"#.utf8))
            page.moments = Array(moments[start...].prefix(first ?? moments.count))
            return page
        }

        func getMoment(userID: String, momentID: String) async throws(APISessionError) -> MomentsDetails? { nil }

        func updateLike(_ isLiked: Bool, momentID: String, fromUserID userID: String, previous: String?)
            async throws(APISessionError) -> [MomentLikes] { [] }
    }

    @Test func cache_staysWithinItsBound_afterWalkingEveryPageOf3000Moments() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moments-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = GeneratedTimelineSession(count: 3000)
        let limit = 256 * 1024
        let repo = MomentsRepo(getMomentsSession: session, updateMomentLikeSession: session,
                               persistentDataStore: PersistentDataStore(database: try AppDatabase(directory: folder)),
                               togglesDataStore: ViewModelSpecs.Toggles(isLikeOn: false), maxAge: .seconds(600),
                               cacheByteLimit: limit)
        var page = MomentsPage.newest
        var pages = 0
        var highest = 0
        while true {
            let snapshot = try await repo.getMoments(userID: "0", page: page, refresh: false)
            #expect(snapshot.momentsDetails.moments.count == 10)
            pages += 1
            highest = max(highest, repo.cacheUsage.bytes)
            guard let next = snapshot.nextCursor else { break }
            page.after = next
        }
        #expect(pages == 300)
        #expect(repo.cacheUsage.limit == limit)
        #expect(highest <= limit)
        #expect(highest > limit / 2, "the walk filled the cache, so the bound was tested: \(highest)")

        let before = session.calls.withLock { $0 }
        _ = try await repo.getMoments(userID: "0", page: MomentsPage(after: "g2980"), refresh: false)
        #expect(session.calls.withLock { $0 } == before, "a page read last comes from the cache")
        _ = try await repo.getMoments(userID: "0", page: MomentsPage(after: "g10"), refresh: false)
        #expect(session.calls.withLock { $0 } == before + 1, "a page read long ago was dropped and is read again")
        #expect(repo.cacheUsage.bytes <= limit)
        #expect(try await repo.moment(id: "g2995", userID: "0").title == "Generated moment 2995", "found in a page kept")
        #expect(session.calls.withLock { $0 } == before + 1)
    }

    @Test func rememberedLikers_countInTheBound_andTheFirstAreDropped() throws {
        var cache = MomentsCache(byteLimit: 16 * 1024)
        for user in 1...1000 {
            let json = #"{"id": "m\#(user)", "userDetails": {"name": "Friend", "avatar": "/images/avatars/01.png"}, "type": "PHOTOS", "photos": [], "createdDate": "1790000000", "isLiked": true, "likes": [{"id": "u\#(user)", "avatar": "/images/avatars/u\#(user).png"}]}"#
            let moment = try JSONDecoder().decode(MomentsDetails.Moment.self, from: Data(json.utf8))
            _ = cache.replace(MomentsCache.Located(moment: moment, previous: nil), userID: "u\(user)")
            #expect(cache.bytes <= cache.byteLimit)
        }
        #expect(cache.liker("u1000")?.avatar == "/images/avatars/u1000.png", "the liker remembered last is kept")
        #expect(cache.liker("u1") == nil, "the liker remembered first made room for the ones after")
    }
}
