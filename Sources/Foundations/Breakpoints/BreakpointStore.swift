import Foundation
import Locking
import Logging

/// The breakpoints in force, per GraphQL operation, and the calls they hold, in memory only:
/// they end with the process, as faults and mocks do. Each set and clear, hold and release is
/// written to the audit (`dashboard.sqlite`). The API session asks at each call's request and
/// answer (`hold`); a held call always ends: let go by QA, or unchanged at its timeout, when its
/// breakpoint is removed, or when the dashboard stops.
public final class BreakpointStore: StateVersioned {
    /// The operations a breakpoint can hold: the BFF contract's GraphQL operations.
    public static let operations = FaultInjector.graphQLOperations

    /// A breakpoint in force, as lists show it.
    public struct Active: Sendable, Codable, Equatable {
        public let operation: String
        public let breakpoint: Breakpoint
    }

    /// What open inspector tabs are told (`/events`, event `breakpoint`): a call held or let go.
    public struct Event: Sendable, Codable, Equatable {
        public let id: Int
        public let operation: String
        public let stage: HeldExchange.Stage
        public let isHeld: Bool
    }

    private struct Waiting {
        let held: HeldExchange
        let continuation: CheckedContinuation<(BreakpointRelease, ToggleChangeSource), Never>
        let timeout: Task<Void, Never>
    }

    private struct State {
        var breakpoints: [String: Breakpoint] = [:]
        var waiting: [Int: Waiting] = [:]
        var nextID = 1
        /// Set when the dashboard stops: nothing is held from then on.
        var isStopped = false
    }

    private let auditLog: OperationAudit<BreakpointChange.Entry>
    private let state = Locked(State())
    /// Advanced with every change of what is in force or held, for answers drawn once per change.
    private let changes = ChangeCount()
    private let logger = Logger(label: "moments.breakpoints")
    /// Every hold and release, for open inspector tabs.
    public let events = Broadcaster<Event>()

    public init(database: AppDatabase) {
        auditLog = OperationAudit(writer: database.writer, table: "breakpointChange", column: "entry")
    }

    /// Refuses an operation no breakpoint can hold.
    public static func check(_ operation: String) throws(BreakpointError) {
        guard operations.contains(operation) else { throw .unknownOperation(operation) }
    }

    /// Sets `breakpoint` for `operation`, replacing any there was; calls held already stay held.
    public func set(_ breakpoint: Breakpoint, for operation: String, source: ToggleChangeSource) async throws(BreakpointError) {
        try Self.check(operation)
        try breakpoint.check()
        try await record(operation, .init(breakpoint: breakpoint), source: source)
        state.withLock { $0.breakpoints[operation] = breakpoint; changes.advance() }
    }

    /// Removes the breakpoint of `operation`; the calls it holds go on unchanged. Removing none
    /// is no change and is not audited.
    public func clear(_ operation: String, source: ToggleChangeSource) async throws(BreakpointError) {
        try Self.check(operation)
        guard state.withLock({ $0.breakpoints[operation] }) != nil else { return }
        try await record(operation, nil, source: source)
        let held = state.withLock { state in
            state.breakpoints[operation] = nil
            changes.advance()
            return state.waiting.values.filter { $0.held.operation == operation }.map(\.held.id)
        }
        for id in held { finish(id, .removed, source: source) }
    }

    /// Lets every held call go on unchanged and holds none from now on: the dashboard is stopping,
    /// and the requests waiting on them must end.
    public func stop() {
        let held = state.withLock { state in
            state.isStopped = true
            return Array(state.waiting.keys)
        }
        for id in held { finish(id, .shutdown, source: .app) }
    }

    /// The breakpoints in force, by operation name.
    public var active: [Active] {
        state.withLock { $0.breakpoints.sorted { $0.key < $1.key }.map { Active(operation: $0.key, breakpoint: $0.value) } }
    }

    /// The calls held now, oldest first.
    public var held: [HeldExchange] {
        state.withLock { $0.waiting.values.map(\.held).sorted { $0.id < $1.id } }
    }

    /// The call held under `id`, while it is.
    public func held(id: Int) -> HeldExchange? {
        state.withLock { $0.waiting[id]?.held }
    }

    /// Changes whenever `active`, `held` or the audit does.
    public var stateVersion: Int { changes.current }

    /// Lets the held call `id` go as `release` says, once what QA wrote fits where it is held.
    public func release(_ id: Int, with release: BreakpointRelease, source: ToggleChangeSource) throws(BreakpointError) {
        guard let held = held(id: id) else { throw .unknownHeldExchange(String(id)) }
        switch release {
        case .edited(let edit): try edit.check(at: held.stage)
        case .aborted(let abort): try abort.check()
        default: break
        }
        guard finish(id, release, source: source) else { throw .unknownHeldExchange(String(id)) }
    }

    /// Whether a breakpoint may hold calls of `operation` at `stage`: asked first, so a call
    /// reads its bodies for `hold` only then.
    func mayHold(_ operation: String, at stage: HeldExchange.Stage) -> Bool {
        state.withLock { !$0.isStopped && $0.breakpoints[operation]?.stage.holds(at: stage) == true }
    }

    /// Holds one call of `operation` at `stage` when a breakpoint in force says so, until it is
    /// let go; answers how, and the hold as its record keeps it. `nil`: the call is not held.
    func hold(_ operation: String, at stage: HeldExchange.Stage, variables: JSONValue?, headers: [String: String]? = nil,
              status: Int? = nil, response: JSONValue? = nil) async -> (release: BreakpointRelease, hold: BreakpointHold)? {
        let breakpoint = state.withLock { $0.isStopped ? nil : $0.breakpoints[operation] }
        guard let breakpoint, breakpoint.stage.holds(at: stage), breakpoint.matches(variables) else { return nil }
        let heldAt = Date()
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let held = HeldExchange(id: id, operation: operation, stage: stage, variables: variables, headers: headers, status: status,
                                response: response, heldAt: heldAt, expiresAt: heldAt.addingTimeInterval(Double(breakpoint.timeout.components.seconds)))
        await recordQuietly(operation, .init(hold: BreakpointHold(held)), source: .app)
        let (release, source) = await withCheckedContinuation { continuation in
            let timeout = Task {
                try? await Task.sleep(for: breakpoint.timeout)
                guard !Task.isCancelled else { return }
                self.finish(id, .timedOut, source: .expired)
            }
            let isStopped = state.withLock { state in
                guard !state.isStopped else { return true }
                state.waiting[id] = Waiting(held: held, continuation: continuation, timeout: timeout)
                changes.advance()
                return false
            }
            guard !isStopped else {
                timeout.cancel()
                continuation.resume(returning: (.shutdown, .app))
                return
            }
            events.send(Event(id: id, operation: operation, stage: stage, isHeld: true))
        }
        let hold = BreakpointHold(held, releasedAt: Date(), release: release)
        await recordQuietly(operation, .init(hold: hold), source: source)
        return (release, hold)
    }

    /// The latest sets, clears, holds and releases, newest first.
    public func audit(limit: Int = 50) async throws(BreakpointError) -> [BreakpointChange] {
        do {
            return try await auditLog.latest(limit: limit).map {
                BreakpointChange(operation: $0.operation, breakpoint: $0.setting?.breakpoint, hold: $0.setting?.hold,
                                 source: $0.source, changedAt: $0.changedAt)
            }
        } catch {
            throw .storage(String(describing: error))
        }
    }

    /// Resumes the call held under `id`; `false` when it was let go already.
    @discardableResult
    private func finish(_ id: Int, _ release: BreakpointRelease, source: ToggleChangeSource) -> Bool {
        guard let waiting = state.withLock({ state -> Waiting? in
            defer { changes.advance() }
            return state.waiting.removeValue(forKey: id)
        }) else { return false }
        waiting.timeout.cancel()
        waiting.continuation.resume(returning: (release, source))
        events.send(Event(id: id, operation: waiting.held.operation, stage: waiting.held.stage, isHeld: false))
        return true
    }

    private func record(_ operation: String, _ entry: BreakpointChange.Entry?, source: ToggleChangeSource) async throws(BreakpointError) {
        do {
            try await auditLog.record(operation, entry, source: source, changedAt: Date())
        } catch {
            throw .storage(String(describing: error))
        }
    }

    /// A hold or release happens whatever the audit says: a failure to write it is logged.
    private func recordQuietly(_ operation: String, _ entry: BreakpointChange.Entry, source: ToggleChangeSource) async {
        do {
            try await record(operation, entry, source: source)
            changes.advance()
        } catch {
            logger.error("hold not audited", metadata: ["operation": "\(operation)", "error": "\(error)"])
        }
    }
}
