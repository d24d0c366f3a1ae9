import Foundation

/// Hands every value sent to all current subscribers; a subscriber that stops iterating is
/// dropped. How a repository's latest value is observed by pages that stay open.
public final class Broadcaster<Value: Sendable>: Sendable {
    private let continuations = Locked<[UUID: AsyncStream<Value>.Continuation]>([:])

    public init() {}

    /// A stream of the values sent from now on.
    public func subscribe() -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            self?.continuations.withLock { _ = $0.removeValue(forKey: id) }
        }
        continuations.withLock { $0[id] = continuation }
        return stream
    }

    public func send(_ value: Value) {
        for continuation in continuations.withLock({ Array($0.values) }) {
            continuation.yield(value)
        }
    }

    /// How many subscribers are listening, for tests and Area 51.
    public var subscriberCount: Int { continuations.withLock { $0.count } }
}
