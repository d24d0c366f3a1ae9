import Foundation
import Logging
import Locking

/// The mocks in force, per GraphQL operation, in memory only: they end with the process, as
/// faults do. Each set and clear is written to the audit (`dashboard.sqlite`) before it takes
/// effect. The API session asks for a mock per call (`take`) before it asks the BFF.
public final class MockStore: StateVersioned {
    /// The operations a mock can answer: the BFF contract's GraphQL operations.
    public static let operations = FaultInjector.graphQLOperations

    /// A mock in force, as lists show it.
    public struct Active: Sendable, Codable, Equatable {
        public let operation: String
        public let mock: Mock
    }

    private struct State {
        var mocks: [String: Mock] = [:]
    }

    private let auditLog: OperationAudit<Mock>
    private let state = Locked(State())
    /// Advanced with every change of what is in force (a count-down included), for answers drawn once per change.
    private let changes = ChangeCount()
    private let logger = Logger(label: "moments.mocks")

    public init(database: AppDatabase) {
        auditLog = OperationAudit(writer: database.writer, table: "mockChange", column: "mock")
    }

    /// Refuses an operation no mock can answer.
    public static func check(_ operation: String) throws(MockError) {
        guard operations.contains(operation) else { throw .unknownOperation(operation) }
    }

    /// Sets `mock` for `operation`, replacing any there was.
    public func set(_ mock: Mock, for operation: String, source: ToggleChangeSource) async throws(MockError) {
        try Self.check(operation)
        try mock.check()
        try await record(MockChange(operation: operation, mock: mock, source: source, changedAt: Date()))
        state.withLock { $0.mocks[operation] = mock; changes.advance() }
    }

    /// Clears the mock of `operation`; clearing none is no change and is not audited.
    public func clear(_ operation: String, source: ToggleChangeSource) async throws(MockError) {
        try Self.check(operation)
        guard state.withLock({ $0.mocks[operation] }) != nil else { return }
        try await record(MockChange(operation: operation, mock: nil, source: source, changedAt: Date()))
        state.withLock { $0.mocks[operation] = nil; changes.advance() }
    }

    /// The mocks in force, by operation name.
    public var active: [Active] {
        state.withLock { $0.mocks.sorted { $0.key < $1.key }.map { Active(operation: $0.key, mock: $0.value) } }
    }

    /// Changes whenever `active` or the audit does.
    public var stateVersion: Int { changes.current }

    /// The mock that answers one call of `operation` whose request body is `body` (its
    /// `variables` are read only when a mock is set), once the calls it lets through are used,
    /// counting its remaining calls down; at zero it ends, and the audit records the end (source `expired`).
    public func take(_ operation: String, body: Data) async -> Mock? {
        guard state.withLock({ $0.mocks[operation] }) != nil else { return nil }
        let variables = JSONValue(data: body)?["variables"]
        let taken = state.withLock { state -> (setting: Mock, isCounted: Bool, isLast: Bool)? in
            guard state.mocks[operation]?.matches(variables) == true else { return nil }
            if state.mocks[operation]?.skipsCall() == true {
                changes.advance()
                return nil
            }
            let taken = state.mocks.takeCall(operation)
            if taken?.isCounted == true { changes.advance() }
            return taken
        }
        if taken?.isLast == true {
            await auditLog.recordExpiry(of: operation, logger: logger)
            changes.advance() // the audit, which pages show beside what is in force, changed too
        }
        return taken?.setting
    }

    /// The latest sets and clears, newest first.
    public func audit(limit: Int = 50) async throws(MockError) -> [MockChange] {
        do {
            return try await auditLog.latest(limit: limit).map {
                MockChange(operation: $0.operation, mock: $0.setting, source: $0.source, changedAt: $0.changedAt)
            }
        } catch {
            throw .storage(String(describing: error))
        }
    }

    private func record(_ change: MockChange) async throws(MockError) {
        do {
            try await auditLog.record(change.operation, change.mock, source: change.source, changedAt: change.changedAt)
        } catch {
            throw .storage(String(describing: error))
        }
    }
}
