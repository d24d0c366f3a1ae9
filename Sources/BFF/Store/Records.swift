import GRDB

// The rows of the BFF's tables; `MomentsStoreMigrations` creates the tables.

/// A row of `users`.
struct UserRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "users"
    var id: String
    var name: String
    var avatar: String
    var backgroundImage: String
}

/// A row of `moments`; its photos are rows of `photos`.
struct MomentRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "moments"
    var id: String
    var userID: String
    var type: MomentType
    var title: String?
    var url: String?
    /// Seconds since 1970.
    var createdAt: Int64
}

/// A row of `photos`: one picture of a moment, at its place in the moment's order.
struct PhotoRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "photos"
    var momentID: String
    var position: Int
    var url: String
}

/// A row of `likes`: `userID` likes `momentID`, at most once.
struct LikeRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "likes"
    var momentID: String
    var userID: String
    /// Seconds since 1970, with fractions, so that likes made in the same second keep their order.
    var likedAt: Double
}

extension MomentType: DatabaseValueConvertible {}
