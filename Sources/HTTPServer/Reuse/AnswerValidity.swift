import Locking

/// How long an answer stays right: while none of the states it was drawn from has changed
/// (`StateVersioned`) and, when it says something that ages (a "3 minutes ago", a page due to
/// be read again), not past its deadline.
public struct AnswerValidity: Sendable {
    private let states: [any StateVersioned]
    /// The states' versions as stamped.
    let versions: [Int]
    /// A year on when none was given: a plain value is read on every reuse, an optional one copied.
    private var deadline: ContinuousClock.Instant

    /// Stamps `states` as they are now: call it before reading them.
    public init(_ states: [any StateVersioned]) {
        self.states = states
        versions = states.map(\.stateVersion)
        deadline = .now + .seconds(365 * 24 * 3600)
    }

    private init(states: [any StateVersioned], versions: [Int], deadline: ContinuousClock.Instant) {
        self.states = states
        self.versions = versions
        self.deadline = deadline
    }

    /// This validity with `more` states, stamped now.
    func adding(_ more: [any StateVersioned]) -> AnswerValidity {
        AnswerValidity(states: states + more, versions: versions + more.map(\.stateVersion), deadline: deadline)
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
