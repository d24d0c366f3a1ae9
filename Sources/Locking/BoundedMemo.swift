/// Values kept by key, at most `capacity` of them: past it the memo starts over, so a client that
/// sends a new key each time cannot grow it.
public final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let capacity: Int
    private let values = Locked<[Key: Value]>([:])

    public init(capacity: Int) {
        self.capacity = capacity
    }

    public subscript(key: Key) -> Value? {
        values.withLock { $0[key] }
    }

    /// The value kept for `key`, or the one `make` gives, which is kept.
    public func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        if let value = self[key] { return value }
        let value = try make()
        keep(value, for: key)
        return value
    }

    public func keep(_ value: Value, for key: Key) {
        values.withLock { values in
            if values.count >= capacity { values.removeAll() }
            values[key] = value
        }
    }
}
