import Foundations

/// The profile header at the top of the timeline.
public struct UserProfileListItemViewModel: ListItemViewModel, Equatable {
    public let name: String
    public let avatarURL: String
    public let backgroundImageURL: String

    public init(userDetails: MomentsDetails.UserDetails) {
        name = userDetails.name
        avatarURL = userDetails.avatar
        backgroundImageURL = userDetails.backgroundImage
    }
}
