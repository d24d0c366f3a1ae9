import Foundation
import Foundations

/// Gathers this dashboard's state into a QA session file, as one person sees it (their acting
/// user and language).
struct QASessionExporter {
    let toggles: ToggleCatalog
    let faults: FaultInjector
    let mocks: MockStore
    let breakpoints: BreakpointStore
    let actingUser: ActingUser
    let networkLog: NetworkLog
    let recordingTrackingProvider: RecordingTrackingProvider
    let pagination: BFFPagination
    /// `nil` where nothing watches the schema: the file says it was not read.
    let contractWatch: ContractWatch?
    /// The BFF's URL, or "embedded BFF (in process)".
    let bffEndpoint: String

    /// The file for someone acting as `userID` and reading `l10n`'s language; its exchanges name
    /// the dashboard by `origin` (`http://host:port`).
    func file(note: String, userID: String, l10n: L10n, origin: String) async throws -> QASessionFile {
        let learned = pagination.status
        let exchanges = Array(networkLog.latest(QASessionFile.exchangeLimit).reversed())
        let contract = await contractWatch?.sinceStart
        return QASessionFile(
            exportedAt: Date(), note: note,
            build: .init(version: AppInfo.version, target: AppInfo.buildTarget.rawValue, commit: AppInfo.commit,
                         buildDate: AppInfo.buildDate),
            bff: .init(url: bffEndpoint, capabilities: .init(paging: learned.support, introspection: learned.introspection),
                       contract: .init(schemaHash: contract?.schemaHash, startSchemaHash: contract?.startHash,
                                       changesSinceStart: contract?.changes ?? [])),
            toggles: toggles.states.map { $0.noted(in: l10n) },
            faults: faults.active(in: l10n), mocks: mocks.active,
            actingUser: .init(userID: userID), language: l10n.language,
            exchanges: HARDocument(exchanges: exchanges, origin: origin),
            tracking: recordingTrackingProvider.recordedEvents,
            audit: .init(toggles: try await toggles.internalTogglesDataStore.audit(), faults: try await faults.audit(),
                         mocks: try await mocks.audit(), breakpoints: try await breakpoints.audit()))
    }
}
