import Locking

/// A switch set once, from any task or thread, that a test looks at: a handler that has started,
/// a run the test lets end (`try await eventually { released.isSet }`).
public final class Flag: Sendable {
    private let value = Locked(false)

    public init() {}

    public var isSet: Bool { value.withLock { $0 } }

    public func set() { value.withLock { $0 = true } }
}
