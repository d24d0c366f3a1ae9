import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking

/// The one `URLSession` the dashboard's clients share, and the one way they wait on it.
enum HTTPClient {
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        return URLSession(configuration: configuration)
    }()

    /// `session.data(for:)`, run where no cancellation reaches it. swift-corelibs-foundation
    /// deadlocks when the task awaiting `data(for:)` is cancelled while a network thread finishes
    /// the request (issue 5412, fixed by PR 5417 after this toolchain): a timeout racing an
    /// answer hung two threads (seen in a test run, both in `URLSessionTask.cancel`). A cancelled
    /// caller stops waiting at once with `CancellationError`; the request runs on to its end or to
    /// the session's own timeout, and its answer is dropped.
    static func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await uncancelled { try await session.data(for: request) }
    }

    /// Runs `operation` in a task of its own that is never cancelled, and waits for its result
    /// unless the caller is cancelled first.
    static func uncancelled<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let waiter = Waiter<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard waiter.wait(continuation) else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                Task.detached {
                    do {
                        waiter.finish(.success(try await operation()))
                    } catch {
                        waiter.finish(.failure(error))
                    }
                }
            }
        } onCancel: {
            waiter.finish(.failure(CancellationError()))
        }
    }

    /// The one continuation of `uncancelled`, resumed once: by the result or by the cancellation.
    private final class Waiter<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value, any Error>?
            var isFinished = false
        }

        private let state = Locked(State())

        /// Keeps `continuation`; false when the wait already ended (cancelled before it began).
        func wait(_ continuation: CheckedContinuation<Value, any Error>) -> Bool {
            state.withLock { state in
                guard !state.isFinished else { return false }
                state.continuation = continuation
                return true
            }
        }

        func finish(_ result: Result<Value, any Error>) {
            let continuation = state.withLock { state in
                defer { state.isFinished = true; state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(with: result)
        }
    }
}
