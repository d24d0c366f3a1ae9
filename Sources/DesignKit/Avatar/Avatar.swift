/// The avatar component: a rounded square by default (the seed's `asAvatar(cornerRadius: 4)`),
/// or a circle. The shape is one class, so switching every avatar is one change.
public enum Avatar {
    public enum Shape: String, Sendable, CaseIterable {
        case roundedSquare
        case round
    }

    /// The seed's corner radius, in CSS pixels, for a 40 px avatar; it scales with the size.
    public static let cornerRadiusRatio = 0.1

    /// The classes for an avatar of `shape`.
    public static func cssClasses(_ shape: Shape) -> String {
        shape == .round ? "dk-avatar dk-avatar--round" : "dk-avatar"
    }
}
