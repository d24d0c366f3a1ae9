/// A like or unlike the BFF accepted, for pages that stay open.
public struct LikeChange: Encodable, Sendable, Equatable {
    public let momentID: String
    public let userID: String
    public let isLiked: Bool
}
