/// One like (`isLiked`) or unlike of `momentID` by `userID`, as a store applies it in a batch.
struct LikeChange: Sendable {
    var momentID: String
    var userID: String
    var isLiked: Bool
}
