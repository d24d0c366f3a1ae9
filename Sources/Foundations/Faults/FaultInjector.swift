import Foundation
import Logging
import Locking

/// The faults in force, per operation, in memory only: they end with the process. Each set and
/// clear is written to the audit (`dashboard.sqlite`, beside toggle changes) before it takes
/// effect. The API session and the remote-config source take a fault per call (`take`).
public final class FaultInjector: StateVersioned {
    /// The BFF contract's GraphQL operations, by the names the client sends.
    public static let graphQLOperations = ["getMomentsDetailsByUserID", "updateMomentLike"]
    /// The operations a fault can be set for: the GraphQL operation names and `remoteConfig`.
    public static let operations = graphQLOperations + ["remoteConfig"]

    /// A fault in force, as lists show it.
    public struct Active: Sendable, Codable, Equatable {
        public let operation: String
        public let fault: Fault
        public let summary: String
    }

    private struct State {
        var faults: [String: Fault] = [:]
    }

    private let auditLog: OperationAudit<Fault>
    private let state = Locked(State())
    /// Advanced with every change of what is in force (a count-down included), for answers drawn once per change.
    private let changes = ChangeCount()
    private let logger = Logger(label: "moments.faults")

    public init(database: AppDatabase) {
        auditLog = OperationAudit(writer: database.writer, table: "faultChange", column: "fault")
    }

    /// Sets `fault` for `operation`, replacing any there was.
    public func set(_ fault: Fault, for operation: String, source: ToggleChangeSource) async throws(FaultError) {
        try Self.check(operation)
        try fault.check(for: operation)
        try await record(FaultChange(operation: operation, fault: fault, source: source, changedAt: Date()))
        state.withLock { $0.faults[operation] = fault; changes.advance() }
    }

    /// Clears the fault of `operation`; clearing none is no change and is not audited.
    public func clear(_ operation: String, source: ToggleChangeSource) async throws(FaultError) {
        try Self.check(operation)
        guard state.withLock({ $0.faults[operation] }) != nil else { return }
        try await record(FaultChange(operation: operation, fault: nil, source: source, changedAt: Date()))
        state.withLock { $0.faults[operation] = nil; changes.advance() }
    }

    /// Clears every fault.
    public func clearAll(source: ToggleChangeSource) async throws(FaultError) {
        for operation in state.withLock({ $0.faults.keys.sorted() }) {
            try await clear(operation, source: source)
        }
    }

    /// The faults in force, by operation name, summed up in `l10n`'s language.
    public func active(in l10n: L10n) -> [Active] {
        state.withLock { state in
            state.faults.sorted { $0.key < $1.key }.map { Active(operation: $0.key, fault: $0.value, summary: $0.value.summary(in: l10n)) }
        }
    }

    /// Changes whenever `active` or the audit does.
    public var stateVersion: Int { changes.current }

    /// The fault for one call of `operation`, counting its remaining calls down; at zero it ends,
    /// and the audit records the end (source `expired`) as it records a clear.
    public func take(_ operation: String) async -> Fault? {
        let taken = state.withLock { state in
            let taken = state.faults.takeCall(operation)
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
    public func audit(limit: Int = 50) async throws(FaultError) -> [FaultChange] {
        do {
            return try await auditLog.latest(limit: limit).map {
                FaultChange(operation: $0.operation, fault: $0.setting, source: $0.source, changedAt: $0.changedAt)
            }
        } catch {
            throw .storage(String(describing: error))
        }
    }

    private static func check(_ operation: String) throws(FaultError) {
        guard operations.contains(operation) else { throw .unknownOperation(operation) }
    }

    private func record(_ change: FaultChange) async throws(FaultError) {
        do {
            try await auditLog.record(change.operation, change.fault, source: change.source, changedAt: change.changedAt)
        } catch {
            throw .storage(String(describing: error))
        }
    }
}

extension Fault {
    /// Refuses a fault whose fields do not fit its kind or its operation.
    public func check(for operation: String) throws(FaultError) {
        if let remainingCalls, remainingCalls < 1 { throw .invalidField("remainingCalls", expected: .wholeNumberFromOne) }
        switch kind {
        case .delay:
            guard let delayMs, delayMs >= 0, delayMs <= 60_000 else {
                throw .invalidField("delayMs", expected: .delayMilliseconds)
            }
        case .httpStatus:
            guard let status, (400...599).contains(status) else { throw .invalidField("status", expected: .errorStatus) }
        case .graphQLError, .emptyMoments:
            if operation == "remoteConfig" { throw .kindNotApplicable(kind, operation: operation) }
        case .timeout, .malformedJSON:
            break
        }
    }
}
