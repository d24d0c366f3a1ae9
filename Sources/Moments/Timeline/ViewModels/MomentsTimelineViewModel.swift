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

    /// Why the saved items are shown, for scripts: the failure's class and when they were saved.
    public struct Stale: Decodable, Equatable, Sendable {
        /// The failure's sentence in the reader's language.
        public let reason: String
        /// The failure's code (`bff_unreachable`, ...).
        public let code: String
        /// When the items shown came from the BFF.
        public let savedAt: Date
    }

    /// A field that failed in the BFF's answer, for scripts: where and why, and in which moment.
    public struct PartialField: Codable, Equatable, Sendable {
        public let path: [GraphQLErrorDetail.PathSegment]
        public let code: String?
        /// The moment it names, when it names one.
        public let momentID: String?
    }

    public private(set) var hasError = false
    /// Why the items shown are the saved ones, when the BFF could not answer, and how old they
    /// are ("Showing moments saved 3 minutes ago. The BFF did not answer within 5 seconds.").
    public private(set) var notice: String?
    /// The same as `notice`, as values.
    public private(set) var stale: Stale?
    /// What went wrong when there is nothing to show.
    public private(set) var errorMessage: String?
    /// Why there is nothing to show: the code and status come from it (`AppErrors.swift`).
    public private(set) var failure: MomentsRepoError?
    public let isLikeEnabled: Bool
    /// The version of the data shown (`MomentsSnapshot.version`), `nil` before loading.
    public private(set) var dataVersion: Int?
    /// Where the next, older page starts (its `after`) when there is one.
    public private(set) var nextCursor: String?
    /// Which moments this screen shows.
    public let page: MomentsPage
    /// Set when the page's `after` names no moment.
    public private(set) var isUnknownPage = false
    /// When the repository reads the page shown again (`MomentsSnapshot.refreshDue`).
    private var refreshDue: ContinuousClock.Instant?
    private var momentsDetails: MomentsDetails?

    public let userID: String
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
            refreshDue = snapshot.refreshDue
            stale = snapshot.staleBecause.map { cause in
                Stale(reason: cause.message(in: l10n), code: cause.code, savedAt: snapshot.savedAt ?? now)
            }
            notice = stale.map { String(format: l10n[.staleNotice], savedAgo($0.savedAt), $0.reason) }
            hasError = false
            failure = nil
        } catch {
            momentsDetails = nil
            dataVersion = nil
            nextCursor = nil
            hasError = true
            failure = error
            isUnknownPage = error == .unknownMoment(page.after ?? "")
            errorMessage = error.message(in: l10n)
        }
    }

    /// "3 minutes ago" in whole minutes, "just now" under one: what the notice says of `savedAt`.
    private func savedAgo(_ savedAt: Date) -> String {
        let minutes = (max(0, now.timeIntervalSince(savedAt)) / 60).rounded(.down)
        return minutes < 1 ? l10n[.savedJustNow] : l10n.relativeDate(now.addingTimeInterval(-minutes * 60), now: now)
    }

    /// The items, drawn from the loaded details when asked (a cached page never asks).
    public var listItems: [ListSection] {
        momentsDetails.map { [ListSection(items: items(from: $0))] } ?? []
    }

    /// The fields that failed in the answer the items come from (moments shown whole but for
    /// them, marked); empty when it was whole.
    public var partial: [PartialField] {
        guard let momentsDetails else { return [] }
        let outside = (momentsDetails.fieldErrors ?? []).map { PartialField(path: $0.path, code: $0.code, momentID: nil) }
        return outside + momentsDetails.moments.flatMap { moment in
            (moment.fieldErrors ?? []).map { PartialField(path: $0.path, code: $0.code, momentID: moment.id) }
        }
    }

    /// Whether there is a moment to show: the profile header alone is the empty state.
    public var hasContent: Bool {
        momentsDetails.map { !$0.moments.isEmpty } ?? false
    }

    /// What this screen's content read adds to what a page is drawn from (`PageRenderer.drawnFrom`,
    /// which names the reader, the toggles and the repository's state): the page, the version of
    /// its data, the notice and its saved time (whose "3 minutes ago" turns on the minute after the
    /// save, not on the clock's), the failure, and the minute relative dates are counted in.
    public var facets: [String] {
        let minute = Int(now.timeIntervalSince1970 / 60)
        let staleKey = stale.map { "\($0.code)@\($0.savedAt.timeIntervalSince1970)|\(notice ?? "")" } ?? "fresh"
        return [page.after ?? "", dataVersion.map(String.init) ?? "none", staleKey, errorCode ?? "", errorMessage ?? "",
                "\(hasError)", "\(isUnknownPage)", String(minute)]
    }

    /// Until when what is drawn from this screen stays right, its data unchanged: the next
    /// minute (relative dates count whole minutes, as `cacheKey` does) or the page's next read
    /// from the BFF, whichever comes first.
    public var staysCurrentUntil: ContinuousClock.Instant {
        let nextMinute = ContinuousClock.now + .seconds(60 - now.timeIntervalSince1970.truncatingRemainder(dividingBy: 60))
        return min(nextMinute, refreshDue ?? nextMinute)
    }

    /// The failure's code, for scripts and the error state.
    public var errorCode: String? { failure?.code }

    public func trackScreenviews() {
        trackingRepo.trackScreenviews(ScreenviewsTrackingEvent(screenName: l10n[.momentsScreen], screenClass: "MomentsTimelineViewModel"))
    }

    private func items(from details: MomentsDetails) -> [any ListItemViewModel] {
        let header: [any ListItemViewModel] = page.isNewest ? [UserProfileListItemViewModel(userDetails: details.userDetails, mediaLinks: mediaLinks)] : []
        return header + details.moments.map(item)
    }

    /// The item of the moment `momentID`, as this screen shows it: kept from a page or an
    /// earlier read, else read by its ID (an unknown ID is `MomentsRepoError.unknownMoment`).
    public func loadItem(momentID: String) async throws(MomentsRepoError) -> MomentListItemViewModel {
        item(try await momentsRepo.moment(id: momentID, userID: userID))
    }

    /// The item of `moment`, as this screen shows it.
    public func item(_ moment: MomentsDetails.Moment) -> MomentListItemViewModel {
        MomentListItemViewModel(moment: moment, isLikeEnabled: isLikeEnabled, l10n: l10n, now: now, mediaLinks: mediaLinks,
                                after: page.after)
    }

    /// Likes or unlikes the moment `momentID` as the screen's user and answers its item after the
    /// change. A moment no page has shown is not read first: the repository likes and reads it
    /// in one call when the BFF can.
    public func updateLike(_ isLiked: Bool, momentID: String) async throws(MomentsRepoError) -> MomentListItemViewModel {
        let moment = try await momentsRepo.updateLike(isLiked: isLiked, momentID: momentID, fromUserID: userID)
        trackingRepo.trackAction(isLiked
            ? LikeActionTrackingEvent(momentID: momentID, userID: userID) as any TrackingEvent
            : UnlikeActionTrackingEvent(momentID: momentID, userID: userID))
        return item(moment)
    }

    private enum CodingKeys: String, CodingKey {
        case sections, hasContent, hasError, notice, stale, error, errorMessage, isLikeEnabled, after, nextCursor, nextPageQuery
        case partial
    }

    private enum StaleKeys: String, CodingKey {
        case reason, code, savedAt
    }

    private enum ErrorKeys: String, CodingKey {
        case code, message
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
        if let stale {
            var staleContainer = container.nestedContainer(keyedBy: StaleKeys.self, forKey: .stale)
            try staleContainer.encode(stale.reason, forKey: .reason)
            try staleContainer.encode(stale.code, forKey: .code)
            try staleContainer.encode(stale.savedAt.formatted(.iso8601), forKey: .savedAt)
        }
        if let errorCode, let errorMessage {
            // The shape of every JSON error (`{"error": {"code", "message"}}`), beside the empty timeline.
            var errorContainer = container.nestedContainer(keyedBy: ErrorKeys.self, forKey: .error)
            try errorContainer.encode(errorCode, forKey: .code)
            try errorContainer.encode(errorMessage, forKey: .message)
        }
        try container.encodeIfPresent(errorMessage, forKey: .errorMessage)
        try container.encode(isLikeEnabled, forKey: .isLikeEnabled)
        try container.encodeIfPresent(page.after, forKey: .after)
        try container.encodeIfPresent(nextCursor, forKey: .nextCursor)
        try container.encodeIfPresent(nextPageQuery, forKey: .nextPageQuery)
        let partial = partial
        if !partial.isEmpty { try container.encode(partial, forKey: .partial) }
    }
}
