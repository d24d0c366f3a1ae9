/// The A/B tests the dashboard takes part in, as in the seed: the value in force, which is a
/// local override when QA set one, else the remote config's.
public struct ABTestProvider: Sendable {
    private let toggles: ToggleCatalog

    public init(toggles: ToggleCatalog) {
        self.toggles = toggles
    }

    public var likeButtonStyle: LikeButtonStyle {
        LikeButtonStyle(rawValue: toggles.variant(of: ABTest.likeButtonStyle)) ?? .heart
    }
}
