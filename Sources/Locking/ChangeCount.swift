import Synchronization

/// A count of changes, read without a lock: the `stateVersion` of state that changes seldom and
/// is read on every request (`StateVersioned`). Advance it after the change, or inside the lock
/// the change is made and read under.
public final class ChangeCount: Sendable {
    private let count = Atomic<Int>(0)

    public init() {}

    public func advance() {
        count.add(1, ordering: .releasing)
    }

    public var current: Int { count.load(ordering: .acquiring) }
}
