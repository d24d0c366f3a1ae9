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

    @Test func callersWhileItRuns_shareOneRun_andItsValue() async {
        let flight = SingleFlight<String, Int, Never>()
        let runs = Runs()
        // Every caller comes before the run can end: it sleeps far longer than ten calls take.
        let waiters = (0..<10).map { _ in
            flight.start("page") {
                let run = runs.started()
                try? await Task.sleep(for: .milliseconds(200))
                return run
            }
        }
        var values: [Int] = []
        for waiter in waiters { values.append(await waiter.value.get()) }
        #expect(runs.total == 1)
        #expect(values == Array(repeating: 1, count: 10))
    }

    @Test func failedRun_failsEveryWaiter() async {
        let flight = SingleFlight<String, Int, Refused>()
        let runs = Runs()
        let waiters = (0..<5).map { _ in
            flight.start("page") { () throws(Refused) -> Int in
                _ = runs.started()
                try? await Task.sleep(for: .milliseconds(200))
                throw Refused()
            }
        }
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
        let waiters = ["a", "b"].map { key in
            flight.start(key) {
                let run = runs.started()
                try? await Task.sleep(for: .milliseconds(100))
                return run
            }
        }
        var values: [Int] = []
        for waiter in waiters { values.append(await waiter.value.get()) }
        #expect(values.sorted() == [1, 2])
    }
}
