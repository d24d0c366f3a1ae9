/// A value read from a state (an audit in a database, say), read again only once the state has
/// changed: what a page shows of it costs one read per change, not one per drawing.
public final class ReadPerChange<Value: Sendable>: Sendable {
    private let state: any StateVersioned
    private let last = Locked<(version: Int, value: Value)?>(nil)

    public init(of state: any StateVersioned) {
        self.state = state
    }

    /// The value `read` gave at the state's current version, by `read` when none has yet.
    public func value(read: () async throws -> Value) async rethrows -> Value {
        // Stamped before the read: a change during it leaves the value under the older version.
        let version = state.stateVersion
        if let last = last.withLock({ $0 }), last.version == version { return last.value }
        let value = try await read()
        last.withLock { $0 = (version, value) }
        return value
    }
}
