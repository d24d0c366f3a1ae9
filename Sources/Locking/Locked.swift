#if SANITIZE_THREAD
import Foundation
#else
import Synchronization
#endif

/// A value guarded by one lock: how every target here shares state that changes between threads.
///
/// It is `Synchronization.Mutex` in every build but the ThreadSanitizer one (`MOMENTS_SANITIZE=thread`,
/// see `scripts/tsan`), where it is an `NSLock`. On Linux `Mutex` waits on a futex that
/// ThreadSanitizer does not model: eight threads appending to an array under one `Mutex` give
/// "Swift access race" reports, under `NSLock` none. A report on state behind a `Mutex` would
/// prove nothing either way; behind this lock, ThreadSanitizer sees the lock and every report
/// is a race.
///
/// `init` and `withLock` are inlinable so that callers in other targets get them specialized for
/// their value: unspecialized, every call looks up `Locked<Value>`'s generic metadata at run
/// time, on every request's path.
public struct Locked<Value>: ~Copyable {
    #if SANITIZE_THREAD
    @usableFromInline final class Box {
        @usableFromInline let lock = NSLock()
        @usableFromInline var value: Value

        @usableFromInline init(_ value: Value) {
            self.value = value
        }
    }

    @usableFromInline let box: Box

    @inlinable
    public init(_ value: sending Value) {
        box = Box(value)
    }

    /// Runs `body` with the value while holding the lock.
    @inlinable
    public borrowing func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        box.lock.lock()
        defer { box.lock.unlock() }
        return try body(&box.value)
    }
    #else
    @usableFromInline let mutex: Mutex<Value>

    @inlinable
    public init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value while holding the lock.
    @inlinable
    public borrowing func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        try mutex.withLock(body)
    }
    #endif
}

extension Locked: @unchecked Sendable {}
