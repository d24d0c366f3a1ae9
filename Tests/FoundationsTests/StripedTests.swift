import Foundation
import Locking
import Testing

struct StripedTests {
    /// Threads that use a striped value first each get a stripe of their own, and keep it for
    /// every call: what each thread put in is found together, alone, in one stripe.
    @Test func threadsEachKeepAStripeOfTheirOwn() {
        let striped = Striped(count: 8) { [String]() }
        let done = DispatchSemaphore(value: 0)
        for name in ["a", "b", "c", "d"] {
            Thread {
                for _ in 0..<100 { striped.withLock { $0.append(name) } }
                done.signal()
            }.start()
        }
        for _ in 0..<4 { done.wait() }
        var stripes: [[String]] = []
        striped.forEach { if !$0.isEmpty { stripes.append($0) } }
        #expect(stripes.count == 4)
        #expect(stripes.allSatisfy { $0.count == 100 && Set($0).count == 1 })
        #expect(Set(stripes.compactMap(\.first)) == ["a", "b", "c", "d"])
    }
}
