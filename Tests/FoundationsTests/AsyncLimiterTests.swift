import Foundations
import Locking
import Testing

@Suite struct AsyncLimiterTests {
    private final class Gauge: Sendable {
        private let counts = Locked((current: 0, peak: 0))
        func enter() { counts.withLock { $0.current += 1; $0.peak = max($0.peak, $0.current) } }
        func leave() { counts.withLock { $0.current -= 1 } }
        var peak: Int { counts.withLock { $0.peak } }
    }

    @Test func burstOfOperations_neverRunsMoreThanTheLimitAtOnce_andAllFinish() async {
        let limiter = AsyncLimiter(limit: 2)
        let gauge = Gauge()
        let results = await withTaskGroup(of: Int.self) { group in
            for index in 0..<40 {
                group.addTask {
                    await limiter.run {
                        gauge.enter()
                        try? await Task.sleep(for: .milliseconds(2))
                        gauge.leave()
                        return index
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.sorted() == Array(0..<40))
        #expect(gauge.peak == 2)
    }
}
