import Foundation
import Foundations

/// One moment on its own page (`GET /moments/{id}`): every photo, each opening at full size,
/// its likes and the like button when the like feature is on.
///
/// Encoded, it is the JSON twin (`GET /api/moments/{id}`): the moment's item as the timeline
/// encodes it (`createdAt`, `photoURLs` and the rest), and `photos` with their labels; the page
/// is drawn from that same encoding.
public struct MomentPageViewModel: Encodable {
    /// A photo as the page links it: its picture, opened full size, and what it says to a
    /// screen reader ("Photo 2 of 5, full size").
    public struct Photo: Encodable, Sendable, Equatable {
        public let url: String
        public let label: String
    }

    public let momentID: String
    /// The moment, once `load` found it.
    public private(set) var item: MomentListItemViewModel?
    public private(set) var photos: [Photo] = []

    private let userID: String
    private let l10n: L10n
    private let isLikeEnabled: Bool
    private let now: Date
    private let mediaLinks: MediaLinks
    private let momentsRepo: any MomentsRepoType
    private let trackingRepo: any TrackingRepoType

    public init(
        momentID: String,
        userID: String = MomentsTimelineViewModel.currentUserID,
        l10n: L10n,
        momentsRepo: any MomentsRepoType,
        togglesDataStore: any TogglesDataStoreType,
        trackingRepo: any TrackingRepoType,
        mediaLinks: MediaLinks = .local,
        now: Date = Date()
    ) {
        self.momentID = momentID
        self.userID = userID
        self.l10n = l10n
        self.now = now
        self.mediaLinks = mediaLinks
        self.momentsRepo = momentsRepo
        self.trackingRepo = trackingRepo
        isLikeEnabled = togglesDataStore.isToggleOn(InternalToggle.isLikeButtonForMomentEnabled)
    }

    /// Finds the moment (kept from a page or an earlier read, else read by its ID); an unknown
    /// ID is `MomentsRepoError.unknownMoment`.
    public mutating func load() async throws(MomentsRepoError) {
        let moment = try await momentsRepo.moment(id: momentID, userID: userID)
        let item = item(moment)
        self.item = item
        photos = item.photoURLs.enumerated().map { index, url in
            Photo(url: url, label: String(format: l10n[.photoOfPhotos], index + 1, item.photoURLs.count))
        }
    }

    /// The item of `moment`, as this page shows it.
    public func item(_ moment: MomentsDetails.Moment) -> MomentListItemViewModel {
        MomentListItemViewModel(moment: moment, isLikeEnabled: isLikeEnabled, l10n: l10n, now: now, mediaLinks: mediaLinks,
                                momentsRepo: momentsRepo, trackingRepo: trackingRepo)
    }

    /// The page's title: the moment's own, else its author's name.
    public var title: String {
        item.map { $0.title ?? $0.userName } ?? l10n[.momentTitle]
    }

    public func trackScreenviews() {
        trackingRepo.trackScreenviews(ScreenviewsTrackingEvent(screenName: l10n[.momentScreen], screenClass: "MomentPageViewModel"))
    }

    private enum CodingKeys: String, CodingKey {
        case photos
    }

    public func encode(to encoder: any Encoder) throws {
        try item?.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(photos, forKey: .photos)
    }
}
