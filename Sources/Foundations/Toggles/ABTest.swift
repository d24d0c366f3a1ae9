/// The A/B tests the dashboard takes part in, named as in the remote config.
public enum ABTest: String, ToggleType, CaseIterable, Sendable {
    case likeButtonStyle

    /// The values the test can take, as the remote config writes them.
    public var variants: [String] {
        switch self {
        case .likeButtonStyle: LikeButtonStyle.allCases.map(\.rawValue)
        }
    }
}
