/// A user the dashboard can act as.
public struct KnownUser: Encodable, Sendable, Equatable {
    public let id: String
    /// The name, when an answer said it (likers come with an avatar only).
    public let name: String?
    public let avatar: String?

    public init(id: String, name: String?, avatar: String?) {
        self.id = id
        self.name = name
        self.avatar = avatar
    }
}
