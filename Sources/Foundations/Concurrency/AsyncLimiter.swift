import Locking

/// Lets at most `limit` operations run at once; the others wait, suspended, in arrival order
/// (`ConcurrencyGate`, each waiter the continuation that resumes it).
///
/// The embedded BFF does its work on the same two cores as the server: running every request
/// at once only multiplies the memory each one holds, so excess ones queue here instead.
public final class AsyncLimiter: Sendable {
    private let gate: ConcurrencyGate

    public init(limit: Int) {
        gate = ConcurrencyGate(limit: limit)
    }

    /// Runs `operation` once a slot is free.
    public func run<T: Sendable>(_ operation: @Sendable () async -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            gate.enter { continuation.resume() }
        }
        defer { gate.leave() }
        return await operation()
    }
}
