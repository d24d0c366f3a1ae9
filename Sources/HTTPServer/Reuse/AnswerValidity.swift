import Locking

/// How long an answer stays right: while none of the states it was drawn from has changed
/// (`StateVersioned`) and, when it says something that ages (a "3 minutes ago", a page due to
/// be read again), not past its deadline.
public struct AnswerValidity: Sendable {
    private var stamps: [(state: any StateVersioned, version: Int)]
    private var deadline: ContinuousClock.Instant?

    /// Stamps `states` as they are now: call it before reading them.
    public init(_ states: [any StateVersioned]) {
        stamps = states.map { ($0, $0.stateVersion) }
    }

    /// This validity, ending at `instant` at the latest.
    public func until(_ instant: ContinuousClock.Instant) -> AnswerValidity {
        var validity = self
        validity.deadline = min(deadline ?? instant, instant)
        return validity
    }

    /// Whether every state is as stamped and the deadline, if any, is still ahead.
    public func isCurrent(at now: ContinuousClock.Instant) -> Bool {
        if let deadline, now >= deadline { return false }
        return stamps.allSatisfy { $0.state.stateVersion == $0.version }
    }
}
