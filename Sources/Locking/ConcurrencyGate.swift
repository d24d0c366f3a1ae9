/// Lets at most `limit` holders in at once; the others wait in arrival order, each as the
/// closure that lets it in. What waits costs what that closure holds: a request waiting for a
/// slot is its sleeping connection and this closure, not a task's suspended frames.
///
/// `enter` runs its closure at once on the caller's thread when there is room, else when a
/// holder leaves, on the leaver's thread. Every entry must `leave` once it is done.
public final class ConcurrencyGate: Sendable {
    public typealias Entry = @Sendable () -> Void

    private struct State {
        var inside = 0
        /// The entries waiting, oldest from `head` on; what `head` passed is cleared and dropped in bulk.
        var waiting: [Entry?] = []
        var head = 0

        mutating func next() -> Entry? {
            guard head < waiting.count else { return nil }
            defer {
                waiting[head] = nil
                head += 1
                if head == waiting.count {
                    waiting.removeAll(keepingCapacity: true)
                    head = 0
                } else if head >= 64, head * 2 >= waiting.count {
                    waiting.removeFirst(head)
                    head = 0
                }
            }
            return waiting[head]
        }
    }

    public let limit: Int
    private let state = Locked(State())

    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `entry` now when fewer than `limit` are inside, else once it is its turn.
    public func enter(_ entry: @escaping Entry) {
        let admitted = state.withLock { state in
            guard state.inside < limit else {
                state.waiting.append(entry)
                return false
            }
            state.inside += 1
            return true
        }
        if admitted { entry() }
    }

    /// Ends a holder's turn: the oldest waiting entry runs in its place.
    public func leave() {
        let next = state.withLock { state -> Entry? in
            guard let next = state.next() else {
                state.inside -= 1
                return nil
            }
            return next
        }
        next?()
    }

    /// How many wait for their turn.
    public var waitingCount: Int { state.withLock { $0.waiting.count - $0.head } }

    /// How many are inside.
    public var insideCount: Int { state.withLock { $0.inside } }
}
