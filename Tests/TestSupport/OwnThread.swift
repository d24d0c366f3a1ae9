import Foundation

/// Runs blocking `work` (a socket read, a child process starting) on a thread of its own.
///
/// A test that blocks one of the few cooperative threads starves every server running in the
/// same test process, whose handlers need those threads: answers then take seconds.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
