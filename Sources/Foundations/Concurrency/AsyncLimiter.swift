import Locking

/// Lets at most `limit` operations run at once; the others wait, suspended, in arrival order.
///
/// The embedded BFF does its work on the same two cores as the server: running every request
/// at once only multiplies the memory each one holds, so excess ones queue here instead.
public final class AsyncLimiter: Sendable {
    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let limit: Int
    private let state = Locked(State())

    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `operation` once a slot is free.
    public func run<T: Sendable>(_ operation: @Sendable () async -> T) async -> T {
        await acquire()
        defer { release() }
        return await operation()
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state in
                if state.running < limit {
                    state.running += 1
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if admitted { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            // The slot passes straight to the next waiter.
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
