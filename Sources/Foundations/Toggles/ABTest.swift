/// The A/B tests the dashboard takes part in, named as in the remote config.
public enum ABTest: String, ToggleType, CaseIterable, Sendable {
    case likeButtonStyle
}
