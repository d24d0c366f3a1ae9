import Foundation
import Foundations
@testable import Moments
import Testing

/// The write-behind saver keeps the newest page by version, whatever order the pages reach it in.
@Suite struct MomentsSaverTests {
    @Test func anOlderPageHandedInAfterANewerOne_isNotSaved() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moments-saver-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let saver = MomentsSaver(persistentDataStore: PersistentDataStore(database: try AppDatabase(directory: folder)))
        // Two likes changed the page, in this order, and reached the saver the other way round.
        saver.saveSoon(try Self.page(isLiked: false), version: 8, userID: "0")
        saver.saveSoon(try Self.page(isLiked: true), version: 7, userID: "0")
        await saver.flush()
        let saved = await saver.load(userID: "0")
        #expect(saved?.value.details.moments.first?.isLiked == false)
    }

    private static func page(isLiked: Bool) throws -> MomentsSaver.SavedPage {
        let json = #"{"userDetails": {"id": "0", "name": "Alex Chen", "avatar": "/images/avatars/00.png", "backgroundImage": "/images/backgrounds/00.jpg"}, "moments": [{"id": "9", "userDetails": {"name": "Friend", "avatar": "/images/avatars/01.png"}, "type": "PHOTOS", "photos": [], "createdDate": "1790000000", "isLiked": \#(isLiked), "likes": []}]}"#
        return MomentsSaver.SavedPage(details: try JSONDecoder().decode(MomentsDetails.self, from: Data(json.utf8)), hasMore: false)
    }
}
