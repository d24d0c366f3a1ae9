import Foundation
import Foundations
import HTTPServer

/// Gathers this dashboard's state into a QA session file, as the request's person sees it (their
/// acting user and language).
struct QASessionExporter {
    let toggles: ToggleCatalog
    let faults: FaultInjector
    let mocks: MockStore
    let actingUser: ActingUser
    let networkLog: NetworkLog
    let recordingTrackingProvider: RecordingTrackingProvider
    let pagination: BFFPagination
    /// The BFF's URL, or "embedded BFF (in process)".
    let bffEndpoint: String

    func file(note: String, for request: Request) async throws -> QASessionFile {
        let l10n = request.l10n
        let learned = pagination.status
        let exchanges = Array(networkLog.latest.prefix(QASessionFile.exchangeLimit).reversed())
        return QASessionFile(
            exportedAt: Date(), note: note,
            build: .init(version: AppInfo.version, target: AppInfo.buildTarget.rawValue, commit: AppInfo.commit,
                         buildDate: AppInfo.buildDate),
            bff: .init(url: bffEndpoint, capabilities: .init(paging: learned.support, introspection: learned.introspection)),
            toggles: toggles.states.map { $0.noted(in: l10n) },
            faults: faults.active(in: l10n), mocks: mocks.active,
            actingUser: .init(userID: actingUser.userID(for: request)), language: l10n.language,
            exchanges: HARDocument(exchanges: exchanges, origin: NetworkInspectorRoutes.origin(of: request)),
            tracking: recordingTrackingProvider.recordedEvents,
            audit: .init(toggles: try await toggles.internalTogglesDataStore.audit(), faults: try await faults.audit(),
                         mocks: try await mocks.audit()))
    }
}
