import Foundation
import Locking
import Testing
@testable import Foundations

/// A cancelled caller of `HTTPClient.uncancelled` stops waiting at once, and the operation it
/// waited on is never cancelled: what keeps cancellation away from `URLSession.data(for:)`,
/// which swift-corelibs-foundation can deadlock on (issue 5412).
@Suite struct HTTPClientTests {
    @Test func aCancelledCaller_stopsWaitingAtOnce_andTheOperationRunsToItsEnd() async throws {
        let operationWasCancelled = Locked<Bool?>(nil)
        let caller = Task {
            try await HTTPClient.uncancelled {
                try? await Task.sleep(for: .milliseconds(600))
                operationWasCancelled.withLock { $0 = Task.isCancelled }
                return 1
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        let cancelledAt = ContinuousClock.now
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(ContinuousClock.now - cancelledAt < .milliseconds(400))
        try await Task.sleep(for: .milliseconds(900))
        #expect(operationWasCancelled.withLock { $0 } == false)
    }

    @Test func aCallerCancelledBeforeItWaits_getsCancellationError() async {
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await HTTPClient.uncancelled { 1 }
        }
        await #expect(throws: CancellationError.self) { try await caller.value }
    }

    @Test func theOperationsResultAndError_reachTheCaller() async throws {
        #expect(try await HTTPClient.uncancelled { 42 } == 42)
        await #expect(throws: URLError.self) { try await HTTPClient.uncancelled { () -> Int in throw URLError(.timedOut) } }
    }
}
