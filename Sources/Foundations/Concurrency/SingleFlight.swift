import Locking

/// Runs one operation per key at a time: callers who come while it runs wait for its outcome
/// instead of starting their own, and the first caller after it ended starts it anew.
///
/// The run is a task of its own, so a caller that goes away (a closed connection) stops neither
/// the run nor the others waiting for it.
public final class SingleFlight<Key: Hashable & Sendable, Value: Sendable, Failure: Error>: Sendable {
    /// One run, as its waiters await it.
    public typealias Run = Task<Result<Value, Failure>, Never>

    private let runs = Locked<[Key: Run]>([:])

    public init() {}

    /// The run for `key` under way, else `operation` started as it.
    @discardableResult
    public func start(_ key: Key, _ operation: @escaping @Sendable () async throws(Failure) -> Value) -> Run {
        runs.withLock { runs in
            if let running = runs[key] { return running }
            let run = Run { [self] in
                defer { _ = self.runs.withLock { $0.removeValue(forKey: key) } }
                do throws(Failure) {
                    return .success(try await operation())
                } catch {
                    return .failure(error)
                }
            }
            runs[key] = run
            return run
        }
    }

    /// The outcome of the run for `key`, joined if one is under way, else of `operation`.
    public func value(_ key: Key, _ operation: @escaping @Sendable () async throws(Failure) -> Value) async throws(Failure) -> Value {
        try await start(key, operation).value.get()
    }
}
