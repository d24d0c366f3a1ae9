/// What a user needs to know about one SQLite file of the app to decide what to do with it:
/// what it is called in a message, and what is lost when it is moved away.
public struct DatabaseKind: Sendable {
    /// How messages name the file, e.g. "the BFF's database".
    public let name: String
    /// What happens on the next start once the file is moved away, e.g. "a new one with demo
    /// data is made".
    public let afterMovingAway: String

    /// A kind of database file named `name`, whose loss means `afterMovingAway`.
    public init(name: String, afterMovingAway: String) {
        self.name = name
        self.afterMovingAway = afterMovingAway
    }
}
