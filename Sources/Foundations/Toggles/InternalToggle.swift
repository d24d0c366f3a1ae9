/// Toggles QA flip in Area 51 while a feature is being built. Adding one is one `case` here
/// and its title (`toggle.{name}`) in each language: `ToggleCatalog` lists it in Area 51, in
/// `/api/toggles` and in the key of every cached page.
public enum InternalToggle: String, ToggleType, CaseIterable, Sendable {
    case isLikeButtonForMomentEnabled
    case isNewTimelineLayoutEnabled

    /// Every feature in development starts off, so a fresh install shows what production shows.
    public var defaultValue: Bool { false }
}
