import Locking

/// How long an answer stays right: while none of the states it was drawn from has changed
/// (`StateVersioned`) and, when it says something that ages (a "3 minutes ago", a page due to
/// be read again), not past its deadline.
public struct AnswerValidity: Sendable {
    private let states: [any StateVersioned]
    private let versions: [Int]
    /// A year on when none was given: a plain value is read on every reuse, an optional one copied.
    private var deadline: ContinuousClock.Instant

    /// Stamps `states` as they are now: call it before reading them.
    public init(_ states: [any StateVersioned]) {
        self.states = states
        versions = states.map(\.stateVersion)
        deadline = .now + .seconds(365 * 24 * 3600)
    }

    /// This validity, ending at `instant` at the latest.
    public func until(_ instant: ContinuousClock.Instant) -> AnswerValidity {
        var validity = self
        validity.deadline = min(deadline, instant)
        return validity
    }

    /// Whether every state is as stamped and the deadline is still ahead.
    public func isCurrent(at now: ContinuousClock.Instant) -> Bool {
        guard now < deadline else { return false }
        for index in states.indices where states[index].stateVersion != versions[index] { return false }
        return true
    }
}
