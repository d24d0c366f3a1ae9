import Locking

/// What an answer is drawn from, said once by its route: the states it reads, stamped before they
/// are read, and the facets it depends on besides (of the request: its language, its user; of
/// what was read: the page, whether it failed). Both the key of what was drawn (`key`) and how
/// long a kept answer stays right (`validity`) come from it, so a state a page reads is named in
/// one place.
public struct DrawnFrom: Sendable {
    /// The states' versions as stamped and the facets: equal keys, equal drawings.
    public struct Key: Hashable, Sendable {
        fileprivate let versions: [Int]
        fileprivate let facets: [String]
    }

    /// The states, stamped as they were before they were read.
    private var stamped: AnswerValidity
    private var facets: [String]

    /// Stamps `states` as they are now: make it before reading them.
    public init(states: [any StateVersioned], facets: [String] = []) {
        stamped = AnswerValidity(states)
        self.facets = facets
    }

    /// This description with more states, stamped now, and more facets.
    public func adding(states: [any StateVersioned] = [], facets: [String] = []) -> DrawnFrom {
        var drawnFrom = self
        drawnFrom.stamped = stamped.adding(states)
        drawnFrom.facets += facets
        return drawnFrom
    }

    public var key: Key { Key(versions: stamped.versions, facets: facets) }

    /// How long an answer drawn from it stays right: while no state changed, and not past `deadline`
    /// (when what it says ages: a relative date, a page due to be read again).
    public func validity(until deadline: ContinuousClock.Instant? = nil) -> AnswerValidity {
        deadline.map { stamped.until($0) } ?? stamped
    }
}
