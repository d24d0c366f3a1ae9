/// How many users, moments, photos and likes the BFF's database holds.
public struct BFFDataCounts: Sendable, Equatable {
    public var users: Int
    public var moments: Int
    public var photos: Int
    public var likes: Int
}
