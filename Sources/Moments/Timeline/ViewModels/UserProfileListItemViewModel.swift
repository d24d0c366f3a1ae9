import Foundations

/// The profile header at the top of the timeline.
public struct UserProfileListItemViewModel: ListItemViewModel, Decodable, Equatable {
    public let name: String
    public let avatarURL: String
    public let backgroundImageURL: String

    /// - Parameter mediaLinks: where pictures from elsewhere are loaded from (`/media`).
    public init(userDetails: MomentsDetails.UserDetails, mediaLinks: MediaLinks = .local) {
        name = userDetails.name
        avatarURL = mediaLinks.src(userDetails.avatar)
        backgroundImageURL = mediaLinks.src(userDetails.backgroundImage)
    }
}
