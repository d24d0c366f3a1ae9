import Foundation
import Foundations

/// What the timeline shows of one page: its moments, whether they are fresh from the BFF, and
/// where the next page starts.
public struct MomentsSnapshot: Sendable {
    /// The profile and the page's moments.
    public let momentsDetails: MomentsDetails
    /// Changes whenever the page does, so what was drawn from it can be reused until then.
    public let version: Int
    /// Set when the BFF could not answer and these are the saved details.
    public let staleBecause: APISessionError?
    /// With `staleBecause`: when the details shown came from the BFF (saved on disk, or read
    /// earlier in this process).
    public let savedAt: Date?
    /// The id of the page's last moment when older moments follow: the next page's `after`.
    public let nextCursor: String?
    /// When the repository reads the page again from the BFF, when it keeps it: what is drawn
    /// from it is not reused past then.
    public var refreshDue: ContinuousClock.Instant?

    public init(momentsDetails: MomentsDetails, version: Int, staleBecause: APISessionError?, savedAt: Date? = nil,
                nextCursor: String?) {
        self.momentsDetails = momentsDetails
        self.version = version
        self.staleBecause = staleBecause
        self.savedAt = savedAt
        self.nextCursor = nextCursor
    }
}
