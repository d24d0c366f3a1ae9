/// The values the BFF side hands the dashboard for its remote toggles and A/B test.
public struct RemoteConfig: Codable, Sendable, Equatable {
    /// Round avatars instead of rounded squares.
    public var isRoundedAvatar: Bool
    /// The A/B test of the like button.
    public var likeButtonStyle: LikeButtonStyle

    public init(isRoundedAvatar: Bool = false, likeButtonStyle: LikeButtonStyle = .heart) {
        self.isRoundedAvatar = isRoundedAvatar
        self.likeButtonStyle = likeButtonStyle
    }

    /// What the dashboard uses when nothing was changed.
    public static let defaults = RemoteConfig()
}

/// The favorite button the A/B test shows.
public enum LikeButtonStyle: String, Codable, Sendable, CaseIterable {
    case heart
    case star
}
