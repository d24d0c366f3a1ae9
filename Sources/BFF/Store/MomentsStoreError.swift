/// Why the moments store could not answer; all but `storage` are the client's mistake.
enum MomentsStoreError: CodedError, CustomStringConvertible {
    case unknownUser(String)
    case unknownMoment(String)
    /// The `after` of a page names no moment.
    case unknownPageStart(String)
    /// The `first` of a page is negative or above `MomentsPage.maximumFirst`.
    case pageSizeOutOfRange(Int)
    /// A page given both `after` and `from`.
    case twoPageStarts
    /// The database failed or cannot be reached; the underlying error is logged, never shown to clients.
    case storage(any Error)

    /// The message a GraphQL client reads in `errors`.
    var description: String {
        switch self {
        case .unknownUser(let id): "There is no user with ID \"\(id)\"."
        case .unknownMoment(let id): "There is no moment with ID \"\(id)\"."
        case .unknownPageStart(let id): "There is no moment with ID \"\(id)\" to start the page after."
        case .pageSizeOutOfRange(let first):
            "first must be between 0 and \(MomentsPage.maximumFirst), not \(first)."
        case .twoPageStarts: "A page starts after one moment or from one moment: give after or from, not both."
        case .storage: "The BFF could not reach its database."
        }
    }

    /// The `extensions.code` of the GraphQL error, the name clients decide on
    /// (docs/bff.md, "How the dashboard talks to a BFF").
    var code: String {
        switch self {
        case .unknownUser: "UNKNOWN_USER"
        case .unknownMoment: "UNKNOWN_MOMENT"
        case .unknownPageStart, .pageSizeOutOfRange, .twoPageStarts: "BAD_PAGE_ARGUMENTS"
        case .storage: "DATABASE_UNAVAILABLE"
        }
    }

    var isServiceUnavailable: Bool {
        if case .storage = self { true } else { false }
    }
}

extension MomentsStoreError {
    /// Keeps the store's own errors and wraps the database's.
    init(_ error: any Error) {
        self = error as? MomentsStoreError ?? .storage(error)
    }
}
