import Foundation

/// A value kept once per stripe, each behind its own lock, the stripe picked by the calling
/// thread: threads that keep to their own stripe never wait on each other's lock nor pass its
/// cache line between processors. For state that is each thread's own business (spare
/// responses a worker lends and takes back, random bytes drawn ahead), not for state every
/// thread must see the same.
///
/// Each libmicrohttpd worker thread serves its own connections, so on the cached path every
/// request touched three locks shared by all workers; two workers on two cores then passed
/// those lines back and forth on every request (perf, `/healthz` under wrk, 2026-11-27).
public final class Striped<Value>: @unchecked Sendable {
    // Unchecked: each stripe's value is reached only through its lock.
    @usableFromInline final class Stripe {
        @usableFromInline let locked: Locked<Value>

        init(_ value: sending Value) {
            locked = Locked(value)
        }
    }

    @usableFromInline let stripes: [Stripe]

    /// `count` stripes (a power of two), each starting with what `make` returns.
    public init(count: Int = 8, _ make: () -> sending Value) {
        precondition(count > 0 && count & (count - 1) == 0, "a power of two")
        stripes = (0..<count).map { _ in Stripe(make()) }
    }

    /// Runs `body` with the calling thread's stripe while holding its lock.
    @inlinable
    public func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        try stripes[Self.index(of: pthread_self(), among: stripes.count)].locked.withLock(body)
    }

    /// Runs `body` with each stripe in turn, under its lock.
    public func forEach(_ body: (inout sending Value) -> Void) {
        for stripe in stripes { stripe.locked.withLock { body(&$0) } }
    }

    /// A thread's stripe: its id (the address of its control block) spread by Fibonacci hashing,
    /// so threads whose blocks lie a stack's size apart fall on different stripes.
    @inlinable
    static func index(of thread: pthread_t, among count: Int) -> Int {
        let spread = UInt64(thread) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: spread >> UInt64(64 - count.trailingZeroBitCount))
    }
}
