import Foundation
import Locking

/// The last exchanges with the BFF, newest first, for Area 51's network inspector: a ring of
/// `capacity` exchanges whose bodies are cut at `bodyCap` bytes, and that drops its oldest ones
/// as well when what it holds passes `byteBudget`, so memory stays bounded under any load. A
/// capacity of 0 records nothing (`--network-log-size 0`): only the last failure is noted.
public final class NetworkLog: StateVersioned {
    public static let defaultCapacity = 500
    public static let defaultBodyCap = 256 * 1024
    public static let defaultByteBudget = 32 * 1024 * 1024

    /// What live pages are told of a new exchange: enough to know the list changed.
    public struct Event: Sendable, Encodable, Equatable {
        public let id: Int
        public let operationName: String
        public let outcome: NetworkExchange.Outcome
    }

    private struct State {
        /// Oldest first; the ring is at most `capacity` long.
        var exchanges: [NetworkExchange] = []
        var storedBytes = 0
        var nextID = 1
        var lastFailure: BFFFailureRecord?
        /// One more with every exchange or failure recorded.
        var version = 0
    }

    public let capacity: Int
    public let bodyCap: Int
    public let byteBudget: Int
    private let state = Locked(State())
    /// Every exchange recorded, for open inspector tabs (`/events`, event `exchange`).
    public let events = Broadcaster<Event>()

    public init(capacity: Int = NetworkLog.defaultCapacity, bodyCap: Int = NetworkLog.defaultBodyCap,
                byteBudget: Int = NetworkLog.defaultByteBudget) {
        self.capacity = max(0, capacity)
        self.bodyCap = bodyCap
        self.byteBudget = byteBudget
    }

    /// `data` as the log keeps a body: cut at the cap.
    public func body(_ data: Data, mimeType: String = "application/json") -> NetworkBody {
        NetworkBody(data, mimeType: mimeType, cap: bodyCap)
    }

    /// Adds `exchange` with the next id and answers it as kept.
    @discardableResult
    public func record(_ exchange: NetworkExchange, failure: APISessionError? = nil) -> NetworkExchange {
        let recorded = state.withLock { state in
            state.version += 1
            if let failure {
                state.lastFailure = BFFFailureRecord(error: failure, operationName: exchange.operationName, failedAt: exchange.startedAt)
            }
            guard capacity > 0 else { return exchange }
            var exchange = exchange
            exchange.id = state.nextID
            state.nextID += 1
            state.exchanges.append(exchange)
            state.storedBytes += exchange.storedBytes
            var dropped = 0
            while state.exchanges.count - dropped > capacity || (state.storedBytes > byteBudget && state.exchanges.count - dropped > 1) {
                state.storedBytes -= state.exchanges[dropped].storedBytes
                dropped += 1
            }
            state.exchanges.removeFirst(dropped)
            return exchange
        }
        guard capacity > 0 else { return recorded }
        events.send(Event(id: recorded.id, operationName: recorded.operationName, outcome: recorded.outcome))
        return recorded
    }

    /// The exchanges kept, newest first.
    public var latest: ReversedCollection<ArraySlice<NetworkExchange>> { latest(capacity) }

    /// The newest `count` exchanges kept, newest first: a view of the ring as it is now, which
    /// copies no exchange (a page reads a few of 500).
    public func latest(_ count: Int) -> ReversedCollection<ArraySlice<NetworkExchange>> {
        state.withLock { $0.exchanges.suffix(count) }.reversed()
    }

    /// The exchange `id`, while the ring still holds it.
    public func exchange(id: Int) -> NetworkExchange? {
        state.withLock { state in state.exchanges.last { $0.id == id } }
    }

    /// Changes whenever `latest` or `lastFailure` does.
    public var stateVersion: Int { state.withLock { $0.version } }

    /// The latest call that failed, whatever came after it.
    public var lastFailure: BFFFailureRecord? { state.withLock { $0.lastFailure } }
}
