import Foundation
import Foundations
import Locking
@testable import Moments
import Testing

/// A page read from the BFF that began before a like and ends after the like was answered may
/// lack it: the like stays in the page kept and in the page saved for offline use. The BFF is an
/// in-process session whose second read waits until the test lets it answer.
@Suite struct PageReadDuringALikeTests {
    final class Session: GetMomentsByUserIDSessionType, UpdateMomentLikeSessionType {
        private let reads = Locked(0)
        private let heldRead = Locked<CheckedContinuation<Void, Never>?>(nil)
        /// Yields once the second read is under way and waiting.
        let secondReadWaits = AsyncStream<Void>.makeStream()

        func getMoments(userID: String, first: Int?, after: String?) async throws(APISessionError) -> MomentsDetails? {
            let read = reads.withLock { $0 += 1; return $0 }
            // What the BFF held when the read began: the moment not liked yet.
            let page = Self.page(isLiked: false)
            if read == 2 {
                await withCheckedContinuation { resume in
                    heldRead.withLock { $0 = resume }
                    secondReadWaits.continuation.yield()
                }
            }
            return page
        }

        func getMoment(userID: String, momentID: String) async throws(APISessionError) -> MomentsDetails? { nil }

        func updateLike(_ isLiked: Bool, momentID: String, fromUserID userID: String, previous: String?)
            async throws(APISessionError) -> [MomentLikes] {
            [MomentLikes(id: momentID, isLiked: isLiked, likes: isLiked ? [MomentsDetails.LikedUserDetails(id: userID, avatar: "/images/avatars/00.png")] : [])]
        }

        func answerSecondRead() {
            heldRead.withLock { $0 }?.resume()
        }

        private static func page(isLiked: Bool) -> MomentsDetails {
            let json = #"{"userDetails": {"id": "0", "name": "Alex Chen", "avatar": "/images/avatars/00.png", "backgroundImage": "/images/backgrounds/00.jpg"}, "moments": [{"id": "9", "userDetails": {"name": "Friend", "avatar": "/images/avatars/01.png"}, "type": "PHOTOS", "photos": [], "createdDate": "1790000000", "isLiked": \#(isLiked), "likes": []}]}"#
            return try! JSONDecoder().decode(MomentsDetails.self, from: Data(json.utf8))
        }
    }

    @Test func aLikeAnsweredWhileThePageWasBeingRead_staysInThePageKept_andInThePageSaved() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moments-read-during-like-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = PersistentDataStore(database: try AppDatabase(directory: folder))
        let session = Session()
        let repo = MomentsRepo(getMomentsSession: session, updateMomentLikeSession: session, persistentDataStore: store,
                               togglesDataStore: ViewModelSpecs.Toggles(isLikeOn: true), maxAge: .seconds(600))
        _ = try await repo.getMoments(userID: "0", page: .newest, refresh: false)

        let refresh = Task { try await repo.getMoments(userID: "0", page: .newest, refresh: true) }
        for await _ in session.secondReadWaits.stream { break }
        let liked = try await repo.updateLike(isLiked: true, momentID: "9", fromUserID: "0")
        #expect(liked.isLiked == true)
        session.answerSecondRead()

        let refreshed = try await refresh.value
        #expect(refreshed.momentsDetails.moments.first?.isLiked == true, "the page kept")
        let kept = try await repo.getMoments(userID: "0", page: .newest, refresh: false)
        #expect(kept.momentsDetails.moments.first?.likes?.map(\.id) == ["0"])
        await repo.flush()
        let saved = await MomentsSaver(persistentDataStore: store).load(userID: "0")
        #expect(saved?.value.details.moments.first?.isLiked == true, "the page saved")
    }
}
