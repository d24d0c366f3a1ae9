import Foundation
import Synchronization

/// A value kept once per stripe, each behind its own lock, the stripe picked by the calling
/// thread's number (`ThreadNumber`): the first threads to use it never wait on each other's
/// lock nor pass its cache line between processors. For state that is each thread's own
/// business (spare responses a worker lends and takes back, random bytes drawn ahead), not for
/// state every thread must see the same.
///
/// Each libmicrohttpd worker thread serves its own connections; a lock every worker takes on
/// every request (the spare responses, the random bytes) has its cache line passed back and forth
/// between cores.
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
        try stripes[ThreadNumber.current & (stripes.count - 1)].locked.withLock(body)
    }

    /// Runs `body` with each stripe in turn, under its lock.
    public func forEach(_ body: (inout sending Value) -> Void) {
        for stripe in stripes { stripe.locked.withLock { body(&$0) } }
    }
}

/// A number for each thread, given in the order threads first ask: the first threads to use a
/// `Striped` value each get a stripe of their own.
@usableFromInline
enum ThreadNumber {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left")
        return key
    }()

    private static let given = Atomic<Int>(0)

    /// The calling thread's number, kept as the thread's own value (plus one: nil is "none yet").
    @usableFromInline
    static var current: Int {
        if let kept = pthread_getspecific(key) { return Int(bitPattern: kept) - 1 }
        let number = given.wrappingAdd(1, ordering: .relaxed).oldValue
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: number + 1))
        return number
    }
}
