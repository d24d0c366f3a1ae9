import Locking

/// Values kept by key, at most `capacity` of them: past it the memo starts over, so a client that
/// sends a new key each time cannot grow it.
final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let capacity: Int
    private let values = Locked<[Key: Value]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    subscript(key: Key) -> Value? {
        values.withLock { $0[key] }
    }

    func keep(_ value: Value, for key: Key) {
        values.withLock { values in
            if values.count >= capacity { values.removeAll() }
            values[key] = value
        }
    }
}
