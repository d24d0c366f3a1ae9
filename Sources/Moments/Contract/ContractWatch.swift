import Foundation
import Foundations
import Locking
import Logging
import Telemetry

/// Reads the BFF's schema by introspection, through the dashboard's own session, at start and
/// every interval (the network inspector shows, as `ContractIntrospection`, each read that
/// failed or found a schema other than the last read's: a read every few seconds would otherwise
/// push the timeline's exchanges, which changes are counted against, out of its ring); keeps a
/// bounded history of the versions seen, across restarts, and tells open tabs of a change. Two
/// versions that alternate within the last reads are version skew (several BFF processes behind
/// one address), not changes.
public actor ContractWatch {
    /// What the watch knows now.
    public struct Snapshot: Sendable {
        public let schemaHash: String?
        public let checkedAt: Date?
        /// Why the last read failed (introspection off, BFF down), as the session tells it.
        public let failure: String?
        /// Newest first.
        public let history: [ContractHistoryEntry]
        public let documents: [DocumentStatus]
        /// Each version seen in the recent reads and when last, while they alternate; else empty.
        public let skew: [SkewRead]
    }

    /// A version seen in the recent reads.
    public struct SkewRead: Codable, Sendable, Equatable {
        public let schemaHash: String
        public let seenAt: Date
    }

    public static let defaultHistoryLimit = 20
    /// How many of the last reads skew is looked for in.
    static let skewWindow = 10
    static let storageKey = "contract.history"

    /// Schema changes as they are seen, for `/events` (event `contract`).
    public nonisolated let events = Broadcaster<ContractEvent>()
    private let apiSession: APISession
    private let store: any PersistentDataStoreType
    private let historyLimit: Int
    private var history: [ContractHistoryEntry] = []
    private var isHistoryLoaded = false
    private var current: (hash: String, schema: IntrospectedSchema, documents: [DocumentStatus])?
    private var checkedAt: Date?
    private var failure: String?
    private var reads: [SkewRead] = []
    private var start: IntrospectedSchema?
    private let logger = Logger(label: "moments.contract")

    public init(apiSession: APISession, store: any PersistentDataStoreType, historyLimit: Int = ContractWatch.defaultHistoryLimit) {
        self.apiSession = apiSession
        self.store = store
        self.historyLimit = max(1, historyLimit)
    }

    /// Reads the schema now every `interval` until cancelled.
    public func watch(every interval: Duration) async {
        while !Task.isCancelled {
            _ = await check()
            try? await Task.sleep(for: interval)
        }
    }

    /// Reads the schema now and answers what the watch knows after it.
    public func check(at now: Date = Date()) async -> Snapshot {
        await loadHistory()
        struct NoVariables: Encodable, Sendable {}
        struct Payload: Decodable { let __schema: IntrospectedSchema }
        checkedAt = now
        let apiSession = apiSession
        let lastHash = reads.last?.schemaHash
        do {
            let answer = try await NetworkCause.$current.withValue("contract watch") {
                try await RequestTrace.withNewTrace {
                    try await apiSession.post(query: IntrospectedSchema.query, variables: NoVariables(), operationName: "ContractIntrospection",
                                              as: Payload.self) { result in
                        guard case .success(let answer) = result else { return true }
                        return answer.data.__schema.hash != lastHash
                    }
                }
            }
            failure = nil
            await see(answer.data.__schema, at: now)
        } catch {
            failure = "\(error)"
        }
        return snapshot
    }

    public var snapshot: Snapshot {
        Snapshot(schemaHash: current?.hash, checkedAt: checkedAt, failure: failure, history: history,
                 documents: current?.documents ?? [], skew: skew)
    }

    /// The schema's hash now, the one this process saw first, and the changes between them: what a
    /// QA session file carries.
    public var sinceStart: (schemaHash: String?, startHash: String?, changes: [SchemaChange]) {
        guard let start, let current else { return (current?.hash, start?.hash, []) }
        return (current.hash, start.hash, SchemaDiff.changes(from: start, to: current.schema))
    }

    private var skew: [SkewRead] {
        // Skew: a version came back after another within the window (A, B, A).
        let hashes: [String] = reads.map(\.schemaHash)
        let alternates = hashes.indices.dropFirst(2).contains { (index: Int) -> Bool in
            let earlier: ArraySlice<String> = hashes[..<(index - 1)]
            return hashes[index] != hashes[index - 1] && earlier.contains(hashes[index])
        }
        guard alternates else { return [] }
        return Set(hashes).compactMap { hash in reads.last { $0.schemaHash == hash } }.sorted { $0.seenAt > $1.seenAt }
    }

    private func see(_ schema: IntrospectedSchema, at now: Date) async {
        let hash = schema.hash
        let returning = reads.suffix(Self.skewWindow - 1).contains { $0.schemaHash == hash }
        reads = Array((reads + [SkewRead(schemaHash: hash, seenAt: now)]).suffix(Self.skewWindow))
        start = start ?? schema
        guard current?.hash != hash else { return }
        current = (hash, schema, DocumentStatus.check(DashboardContract.documents, against: schema))
        updateGauge()
        // A version seen a moment ago is another process behind the same address, not news.
        guard history.first?.schemaHash != hash, !(returning && history.contains { $0.schemaHash == hash }) else { return }
        let previous = history.first
        let entry = ContractHistoryEntry(schema: schema, at: now, previous: previous)
        history = Array(([entry] + history).prefix(historyLimit))
        updateGauge()
        do {
            try await store.save(history, forKey: Self.storageKey)
        } catch {
            logger.warning("The schema history could not be saved: \(error)")
        }
        guard let previous else { return }
        events.send(ContractEvent(
            schemaHash: hash, previousHash: previous.schemaHash, at: now,
            breaking: entry.changes.filter { $0.change.criticality == .breaking }.count,
            stoppedValidating: entry.stoppedValidating,
            timelineAffected: entry.stoppedValidating.contains { Self.timelineOperations.contains($0.operationName) }))
    }

    /// The operations the timeline reads and likes with.
    static let timelineOperations: Set = ["getMomentsDetailsByUserID", "updateMomentLike"]

    /// Documents that validated against a version kept in the history and do not now.
    var noLongerValid: [DocumentStatus] {
        let everValid = Set(history.flatMap(\.validDocuments))
        return (current?.documents ?? []).filter { !$0.valid && everValid.contains($0.operation) }
    }

    private func updateGauge() {
        MomentsMetrics.contractInvalidDocuments.set(noLongerValid.count)
    }

    private func loadHistory() async {
        guard !isHistoryLoaded else { return }
        isHistoryLoaded = true
        do {
            history = try await store.load([ContractHistoryEntry].self, forKey: Self.storageKey)?.value ?? []
        } catch {
            // A history of an older shape, or damaged: start a new one rather than refuse to watch.
            logger.warning("The schema history could not be read, and starts again: \(error)")
        }
    }
}
