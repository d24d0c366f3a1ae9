import Foundation
import Foundations

/// One moment in the timeline: who posted it, what, when, and its likes when the like feature
/// is on (`isLikeEnabled`; `isLiked` and `likes` are absent otherwise, as in the BFF's answer).
public struct MomentListItemViewModel: ListItemViewModel, Decodable {
    /// The link a URL moment points to.
    public struct Link: Codable, Sendable, Hashable {
        public let url: String
        public let host: String

        /// A link to `address` when it is a web address (`http` or `https` with a host); `nil`
        /// for any other a BFF may send (`javascript:`, `data:`), which a page must not make a link.
        init?(webAddress address: String) {
            guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  let host = url.host, !host.isEmpty else { return nil }
            self.url = address
            self.host = host
        }
    }

    public let momentID: String
    public let userName: String
    public let userAvatarURL: String
    public let title: String?
    public let photoURL: String?
    /// Every photo, in order: the moment's page shows them all.
    public let photoURLs: [String]
    /// How many more photos the moment has than the one shown.
    public let morePhotosCount: Int?
    public let link: Link?
    public let postDateDescription: String?
    /// When it was posted, in ISO 8601, UTC, for scripts (`postDateDescription` is for people).
    public let createdAt: String?
    public let isLikeEnabled: Bool
    public let isLiked: Bool?
    /// Avatars of those who liked it, newest first: none when they could not be loaded and none
    /// were known before.
    public let likes: [String]?
    /// Says that its likes could not be loaded (and that those shown are the saved ones, when
    /// they are); `nil` when they were.
    public let likesNotice: String?
    /// The fields of the moment that failed in the BFF's answer, by path and code.
    public let partial: [MomentsDetails.FieldError]?
    /// Where the page listing it starts (its `after`), which its like form goes back to; `nil` on
    /// the newest page.
    public let after: String?

    public init(
        moment: MomentsDetails.Moment,
        isLikeEnabled: Bool,
        l10n: L10n,
        now: Date = Date(),
        mediaLinks: MediaLinks = .local,
        after: String? = nil
    ) {
        momentID = moment.id
        userName = moment.userDetails.name
        userAvatarURL = mediaLinks.src(moment.userDetails.avatar)
        title = moment.title.flatMap { $0.isEmpty ? nil : $0 }
        photoURLs = moment.photos.map(mediaLinks.src)
        photoURL = photoURLs.first
        morePhotosCount = moment.photos.count > 1 ? moment.photos.count - 1 : nil
        link = moment.type == .url ? moment.url.flatMap(Link.init(webAddress:)) : nil
        let createdDate = TimeInterval(moment.createdDate).map { Date(timeIntervalSince1970: $0) }
        postDateDescription = createdDate.map { l10n.relativeDate($0, now: now) }
        createdAt = createdDate.map { $0.formatted(.iso8601) }
        self.isLikeEnabled = isLikeEnabled
        isLiked = isLikeEnabled ? (moment.isLiked ?? false) : nil
        likes = isLikeEnabled ? (moment.likes ?? []).map { mediaLinks.src($0.avatar) } : nil
        likesNotice = isLikeEnabled && moment.likesFailed
            ? l10n[moment.hasSavedLikes == true ? .likesSavedNotice : .likesNotLoaded] : nil
        partial = moment.fieldErrors
        self.after = after
    }

    private enum CodingKeys: String, CodingKey {
        case momentID, userName, userAvatarURL, title, photoURL, photoURLs, morePhotosCount, link, postDateDescription, createdAt
        case isLikeEnabled, isLiked, likes, likesNotice, partial, after
    }
}
