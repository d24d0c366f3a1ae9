import Foundations
import Locking
import Testing

@Suite struct SingleFlightTests {
    private struct Refused: Error, Equatable {}

    /// Counts the runs of an operation.
    private final class Runs: Sendable {
        private let count = Locked(0)
        func started() -> Int { count.withLock { $0 += 1; return $0 } }
        var total: Int { count.withLock { $0 } }
    }

    /// A gate that opens when the test finishes `release`; runs await `released.value`, which any
    /// number of them may.
    private static func gate() -> (release: AsyncStream<Void>.Continuation, released: Task<Void, Never>) {
        let (stream, release) = AsyncStream<Void>.makeStream()
        return (release, Task { for await _ in stream {} })
    }

    @Test func callersWhileItRuns_shareOneRun_andItsValue() async {
        let flight = SingleFlight<String, Int, Never>()
        let runs = Runs()
        let (release, released) = Self.gate()
        // Every caller comes before the run can end: it ends once the test lets it.
        let waiters = (0..<10).map { _ in
            flight.start("page") {
                let run = runs.started()
                await released.value
                return run
            }
        }
        release.finish()
        var values: [Int] = []
        for waiter in waiters { values.append(await waiter.value.get()) }
        #expect(runs.total == 1)
        #expect(values == Array(repeating: 1, count: 10))
    }

    @Test func failedRun_failsEveryWaiter() async {
        let flight = SingleFlight<String, Int, Refused>()
        let runs = Runs()
        let (release, released) = Self.gate()
        let waiters = (0..<5).map { _ in
            flight.start("page") { () throws(Refused) -> Int in
                _ = runs.started()
                await released.value
                throw Refused()
            }
        }
        release.finish()
        for waiter in waiters {
            await #expect(throws: Refused()) { try await waiter.value.get() }
        }
        #expect(runs.total == 1)
    }

    @Test func callAfterTheRunEnded_runsAgain() async throws {
        let flight = SingleFlight<String, Int, Refused>()
        let runs = Runs()
        let operation: @Sendable () async throws(Refused) -> Int = { runs.started() }
        let first = try await flight.value("page", operation)
        let second = try await flight.value("page", operation)
        #expect([first, second] == [1, 2])
    }

    @Test func differentKeys_runApart() async throws {
        let flight = SingleFlight<String, Int, Never>()
        let runs = Runs()
        let (release, released) = Self.gate()
        // Both runs are on their way at once: a second key that joined the first's run would share its value.
        let waiters = ["a", "b"].map { key in
            flight.start(key) {
                let run = runs.started()
                await released.value
                return run
            }
        }
        release.finish()
        var values: [Int] = []
        for waiter in waiters { values.append(await waiter.value.get()) }
        #expect(values.sorted() == [1, 2])
    }
}
