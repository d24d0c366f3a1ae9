import Foundation

/// One hold of a call, as its record in the inspector, HAR export and the audit keep it: where
/// and when it was held, and when and how it was let go (`nil` while it is held).
public struct BreakpointHold: Codable, Sendable, Equatable {
    public let heldID: Int
    public let stage: HeldExchange.Stage
    public let heldAt: Date
    public let releasedAt: Date?
    public let release: BreakpointRelease.Kind?
    /// What QA chose (`status 503`, `variables`), when they chose something.
    public let detail: String?

    init(_ held: HeldExchange, releasedAt: Date? = nil, release: BreakpointRelease? = nil) {
        heldID = held.id
        stage = held.stage
        heldAt = held.heldAt
        self.releasedAt = releasedAt
        self.release = release?.kind
        detail = release?.detail
    }

    /// The hold in a few words: `request held 2.1 s, edited (variables)`.
    public var summary: String {
        var text = "\(stage.rawValue) held"
        if let releasedAt { text += String(format: " %.1f s", releasedAt.timeIntervalSince(heldAt)) }
        if let release { text += ", \(release.rawValue)" }
        if let detail, !detail.isEmpty { text += " (\(detail))" }
        return text
    }
}
