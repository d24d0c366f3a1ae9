import Foundation
import Foundations

/// The Moments screen: the profile header, then one item per moment, as in the seed, a page at
/// a time (the header on the newest page only).
///
/// Built per request from the shared repositories; `loadItems` fills it. Encoded, it is the
/// JSON twin of the page (`GET /api/timeline`), and the page is drawn from that same encoding.
public struct MomentsTimelineViewModel: ListViewModel, Encodable {
    /// The seed's current user.
    public static let currentUserID = "0"

    public private(set) var hasError = false
    /// Why the items shown are the saved ones, when the BFF could not answer.
    public private(set) var notice: String?
    /// What went wrong when there is nothing to show.
    public private(set) var errorMessage: String?
    public let isLikeEnabled: Bool
    /// The version of the data shown (`MomentsSnapshot.version`), `nil` before loading.
    public private(set) var dataVersion: Int?
    /// Where the next, older page starts (its `after`) when there is one.
    public private(set) var nextCursor: String?
    /// Which moments this screen shows.
    public let page: MomentsPage
    /// Set when the page's `after` names no moment.
    public private(set) var isUnknownPage = false
    private var momentsDetails: MomentsDetails?

    private let userID: String
    private let refresh: Bool
    /// When the screen is drawn: relative dates ("5 minutes ago") are counted from it.
    private let now: Date
    private let l10n: L10n
    /// Where pictures from elsewhere are loaded from (`/media`).
    private let mediaLinks: MediaLinks
    private let momentsRepo: any MomentsRepoType
    private let trackingRepo: any TrackingRepoType

    public init(
        userID: String = MomentsTimelineViewModel.currentUserID,
        page: MomentsPage = .newest,
        refresh: Bool = false,
        l10n: L10n,
        momentsRepo: any MomentsRepoType,
        togglesDataStore: any TogglesDataStoreType,
        trackingRepo: any TrackingRepoType,
        mediaLinks: MediaLinks = .local,
        now: Date = Date()
    ) {
        self.userID = userID
        self.now = now
        self.page = page
        self.refresh = refresh
        self.l10n = l10n
        self.mediaLinks = mediaLinks
        self.momentsRepo = momentsRepo
        self.trackingRepo = trackingRepo
        isLikeEnabled = togglesDataStore.isToggleOn(InternalToggle.isLikeButtonForMomentEnabled)
    }

    public mutating func loadItems() async {
        do {
            let snapshot = try await momentsRepo.getMoments(userID: userID, page: page, refresh: refresh)
            momentsDetails = snapshot.momentsDetails
            dataVersion = snapshot.version
            nextCursor = snapshot.nextCursor
            notice = snapshot.staleBecause.map { _ in l10n[.staleNotice] }
            hasError = false
        } catch {
            momentsDetails = nil
            dataVersion = nil
            nextCursor = nil
            hasError = true
            isUnknownPage = error == .unknownMoment(page.after ?? "")
            errorMessage = l10n[.errorMessage]
        }
    }

    /// The items, drawn from the loaded details when asked (a cached page never asks).
    public var listItems: [ListSection] {
        momentsDetails.map { [ListSection(items: items(from: $0))] } ?? []
    }

    /// Whether there is a moment to show: the profile header alone is the empty state.
    public var hasContent: Bool {
        momentsDetails.map { !$0.moments.isEmpty } ?? false
    }

    /// Names everything the encoded form depends on, for reusing what was drawn from it:
    /// the data, the like feature, the notice, and the minute relative dates are counted in.
    public var cacheKey: String {
        let minute = Int(now.timeIntervalSince1970 / 60)
        return "\(l10n.language.rawValue)|\(page.after ?? "")|\(dataVersion.map(String.init) ?? "none")|\(isLikeEnabled)|\(notice != nil)|\(hasError)|\(isUnknownPage)|\(minute)"
    }

    public func trackScreenviews() {
        trackingRepo.trackScreenviews(ScreenviewsTrackingEvent(screenName: l10n[.momentsScreen], screenClass: "MomentsTimelineViewModel"))
    }

    private func items(from details: MomentsDetails) -> [any ListItemViewModel] {
        let header: [any ListItemViewModel] = page.isNewest ? [UserProfileListItemViewModel(userDetails: details.userDetails, mediaLinks: mediaLinks)] : []
        return header + details.moments.map(item)
    }

    /// The item of `moment`, as this screen shows it.
    public func item(_ moment: MomentsDetails.Moment) -> MomentListItemViewModel {
        MomentListItemViewModel(moment: moment, isLikeEnabled: isLikeEnabled, l10n: l10n, now: now, mediaLinks: mediaLinks,
                                momentsRepo: momentsRepo, trackingRepo: trackingRepo)
    }

    private enum CodingKeys: String, CodingKey {
        case sections, hasContent, hasError, notice, errorMessage, isLikeEnabled, after, nextCursor, nextPageQuery
    }

    /// `after=` the next cursor, percent-encoded, for links to the next page.
    private var nextPageQuery: String? {
        nextCursor.map(MomentsPage.query(after:))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(listItems, forKey: .sections)
        try container.encode(hasContent, forKey: .hasContent)
        try container.encode(hasError, forKey: .hasError)
        try container.encodeIfPresent(notice, forKey: .notice)
        try container.encodeIfPresent(errorMessage, forKey: .errorMessage)
        try container.encode(isLikeEnabled, forKey: .isLikeEnabled)
        try container.encodeIfPresent(page.after, forKey: .after)
        try container.encodeIfPresent(nextCursor, forKey: .nextCursor)
        try container.encodeIfPresent(nextPageQuery, forKey: .nextPageQuery)
    }
}
