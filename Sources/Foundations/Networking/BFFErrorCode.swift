/// The `extensions.code`s of the BFF schema's contract that the dashboard decides by (DESIGN,
/// "the BFF schema"): named once here, matched by value, never by an error's message.
public enum BFFErrorCode: String, Sendable, CaseIterable {
    /// No moment has the ID asked for (a page's `after`, a liked moment).
    case unknownMoment = "UNKNOWN_MOMENT"
    /// No user has the ID asked for.
    case unknownUser = "UNKNOWN_USER"
    /// `first` out of range, or `after` and `from` together.
    case badPageArguments = "BAD_PAGE_ARGUMENTS"
    /// The BFF's database did not answer.
    case databaseUnavailable = "DATABASE_UNAVAILABLE"
}
