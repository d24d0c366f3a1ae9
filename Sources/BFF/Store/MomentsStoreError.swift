/// Why the moments store could not answer; the first two are the client's mistake.
enum MomentsStoreError: Error, CustomStringConvertible {
    case unknownUser(String)
    case unknownMoment(String)
    /// SQLite failed; the underlying error is logged, never shown to clients.
    case storage(any Error)

    /// The message a GraphQL client reads in `errors`.
    var description: String {
        switch self {
        case .unknownUser(let id): "There is no user with ID \"\(id)\"."
        case .unknownMoment(let id): "There is no moment with ID \"\(id)\"."
        case .storage: "The BFF could not reach its database."
        }
    }
}
