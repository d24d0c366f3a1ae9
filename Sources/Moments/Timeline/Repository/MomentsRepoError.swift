import Foundations

/// Why the repository has nothing to show or could not change anything.
public enum MomentsRepoError: Error, Equatable, Sendable {
    /// The BFF could not answer and nothing was saved before.
    case unavailable(APISessionError)
    /// The BFF could not take a like, or answer it: nothing was changed.
    case likeNotSaved(APISessionError)
    /// No moment of the timeline has this id (a liked moment or a page's `after`).
    case unknownMoment(String)
    /// The BFF has no user with this id (its `UNKNOWN_USER`).
    case unknownUser(String)
}
