/// Toggles QA flips in Area 51 while a feature is being built. Adding one is one `case` here
/// and its default in `InternalToggle.defaults`.
public enum InternalToggle: String, ToggleType, CaseIterable, Sendable {
    case isLikeButtonForMomentEnabled
    case isNewTimelineLayoutEnabled

    /// Registered defaults: every feature in development starts off, so a fresh install shows
    /// what production shows.
    public var defaultValue: Bool {
        switch self {
        case .isLikeButtonForMomentEnabled: false
        case .isNewTimelineLayoutEnabled: false
        }
    }
}
