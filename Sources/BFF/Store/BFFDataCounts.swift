/// How many users, moments, photos and likes the BFF's database holds.
public struct BFFDataCounts: Sendable, Equatable {
    /// Rows of `users`, the current user included.
    public var users: Int
    /// Rows of `moments`.
    public var moments: Int
    /// Rows of `photos`: one per picture of a photo moment.
    public var photos: Int
    /// Rows of `likes`: one per user and moment they like.
    public var likes: Int
}
