import Foundation

/// Hands every value sent to all current subscribers; a subscriber that stops iterating is
/// dropped. How a repository's latest value is observed by pages that stay open.
///
/// Its `stateVersion` counts the values sent: a sender sends after its state changed, so
/// whatever was drawn from that state is current while the count stays (`StateVersioned`).
public final class Broadcaster<Value: Sendable>: StateVersioned {
    private let continuations = Locked<[UUID: AsyncStream<Value>.Continuation]>([:])
    private let sent = ChangeCount()

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
        sent.advance()
        for continuation in continuations.withLock({ Array($0.values) }) {
            continuation.yield(value)
        }
    }

    public var stateVersion: Int { sent.current }

    /// How many subscribers are listening, for tests and Area 51.
    public var subscriberCount: Int { continuations.withLock { $0.count } }
}
