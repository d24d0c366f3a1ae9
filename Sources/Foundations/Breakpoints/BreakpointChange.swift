import Foundation

/// One breakpoint set or removed, or one call held or let go, as kept in the audit beside
/// toggle, fault and mock changes.
public struct BreakpointChange: Codable, Sendable, Equatable {
    /// What the audit's `entry` column holds: a breakpoint set, or a hold; neither: removed.
    struct Entry: Codable, Sendable {
        var breakpoint: Breakpoint?
        var hold: BreakpointHold?
    }

    public let operation: String
    /// The breakpoint set; `nil` when it was removed or for a hold.
    public let breakpoint: Breakpoint?
    /// A call held (`releasedAt` `nil`) or let go.
    public let hold: BreakpointHold?
    public let source: ToggleChangeSource
    public let changedAt: Date
}
