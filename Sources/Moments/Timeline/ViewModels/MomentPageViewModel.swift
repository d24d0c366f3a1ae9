import Foundation
import Foundations

/// One moment on its own page (`GET /moments/{id}`): every photo, each opening at full size,
/// its likes and the like button when the like feature is on.
///
/// Encoded, it is the JSON twin (`GET /api/moments/{id}`): the moment's item as the timeline
/// encodes it (`createdAt`, `photoURLs` and the rest), and `photos` with their labels; the page
/// is drawn from that same encoding.
public struct MomentPageViewModel: Encodable, Sendable {
    /// A photo as the page links it: its picture, opened full size, and what it says to a
    /// screen reader ("Photo 2 of 5, full size").
    public struct Photo: Codable, Sendable, Equatable {
        public let url: String
        public let label: String
    }

    public let item: MomentListItemViewModel
    public let photos: [Photo]
    private let l10n: L10n
    private let trackingRepo: any TrackingRepoType

    /// - Parameter item: the moment as the timeline draws it (`MomentsTimelineViewModel.loadItem`).
    public init(item: MomentListItemViewModel, l10n: L10n, trackingRepo: any TrackingRepoType) {
        self.item = item
        self.l10n = l10n
        self.trackingRepo = trackingRepo
        photos = item.photoURLs.enumerated().map { index, url in
            Photo(url: url, label: String(format: l10n[.photoOfPhotos], index + 1, item.photoURLs.count))
        }
    }

    /// The page's title: the moment's own, else its author's name.
    public var title: String {
        item.title ?? item.userName
    }

    public func trackScreenviews() {
        trackingRepo.trackScreenviews(ScreenviewsTrackingEvent(screenName: l10n[.momentScreen], screenClass: "MomentPageViewModel"))
    }

    private enum CodingKeys: String, CodingKey {
        case photos
    }

    public func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(photos, forKey: .photos)
    }
}
