import Foundation
import Locking
import Testing
@testable import HTTPServer
import TestSupport

/// A write's route that declares a gate handles that many of its requests at once; the others
/// wait as sleeping connections, their handlers not started, while other routes answer.
@Suite struct RouteConcurrencyTests {
    /// Holds every handler that enters until `open`, and counts who entered and how many at once.
    private final class Door: Sendable {
        private struct State {
            var entered = 0
            var inside = 0
            var peak = 0
            var isOpen = false
            var held: [CheckedContinuation<Void, Never>] = []
        }
        private let state = Locked(State())

        func pass() async {
            await withCheckedContinuation { continuation in
                let isOpen = state.withLock { state in
                    state.entered += 1
                    state.inside += 1
                    state.peak = max(state.peak, state.inside)
                    if !state.isOpen { state.held.append(continuation) }
                    return state.isOpen
                }
                if isOpen { continuation.resume() }
            }
            state.withLock { $0.inside -= 1 }
        }

        func open() {
            for continuation in state.withLock({ state in
                state.isOpen = true
                defer { state.held = [] }
                return state.held
            }) { continuation.resume() }
        }

        var entered: Int { state.withLock { $0.entered } }
        var peak: Int { state.withLock { $0.peak } }
    }

    private func makeServer(door: Door, gate: ConcurrencyGate) throws -> TestServer {
        var router = Router()
        router.put("/gated", concurrency: gate) { _ in
            await door.pass()
            return .text("done")
        }
        router.put("/other") { _ in .text("other") }
        return try TestServer(router: router)
    }

    /// `count` writes to the gated route at once; their statuses, as they come.
    private func putAll(_ count: Int, to server: TestServer) -> Task<[Int], any Error> {
        Task {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<count { group.addTask { try await server.send("PUT", "/gated").status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
    }

    @Test func requestsPastTheLimit_waitWithoutTheirHandler_whileOtherRoutesAnswer_thenAllAreAnswered() async throws {
        let door = Door()
        let gate = ConcurrencyGate(limit: 2)
        let server = try makeServer(door: door, gate: gate)
        let gated = putAll(6, to: server)
        try await eventually { gate.waitingCount == 4 && door.entered == 2 }
        #expect(gate.waitingCount == 4)
        #expect(door.entered == 2, "only the gate's two handlers started")
        #expect(try await server.send("PUT", "/other").status == 200, "another route is not queued behind the gated one")
        #expect(gate.waitingCount == 4)

        door.open()
        #expect(try await gated.value == Array(repeating: 200, count: 6))
        #expect(door.entered == 6)
        #expect(door.peak == 2)
        #expect(gate.insideCount == 0 && gate.waitingCount == 0)
        await server.stop()
    }

    @Test func requestsStillWaitingWhenTheServerStops_areAnswered503_andTheirHandlersNeverRun() async throws {
        let door = Door()
        let gate = ConcurrencyGate(limit: 1)
        let server = try makeServer(door: door, gate: gate)
        let gated = putAll(3, to: server)
        try await eventually { gate.waitingCount == 2 && door.entered == 1 }
        #expect(gate.waitingCount == 2)

        await server.server.shutdown(gracePeriod: .milliseconds(100))
        #expect(try await gated.value.sorted() == [503, 503, 503])
        door.open()
        try await eventually { gate.insideCount == 0 }
        #expect(door.entered == 1, "the two that waited were answered without their handler")
        #expect(gate.insideCount == 0 && gate.waitingCount == 0)
    }
}
