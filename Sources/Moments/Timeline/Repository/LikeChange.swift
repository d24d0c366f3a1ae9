/// A like or unlike the BFF accepted or told of, for pages that stay open: `isLiked` as `userID`,
/// whose page it changed, sees the moment.
public struct LikeChange: Encodable, Sendable, Equatable {
    public let momentID: String
    public let userID: String
    public let isLiked: Bool
}
