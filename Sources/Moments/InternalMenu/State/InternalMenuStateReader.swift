import Foundation
import Foundations
import Locking

/// Reads what Area 51 shows from the services that hold it, at one moment.
public struct InternalMenuStateReader: Sendable {
    let toggles: ToggleCatalog
    let actions: [any InternalMenuAction]
    let recordingTrackingProvider: RecordingTrackingProvider
    let networkLog: NetworkLog
    let faults: FaultInjector?
    let bffHealthCheck: BFFHealthCheck
    /// The latest probe's answer: what a live redraw and the page after a flip show, so open
    /// tabs do not ask the BFF again at every toggle flip or like.
    private let lastBFFStatus = LastBFFStatus()
    /// The audits, read from the database once per change of what they record.
    private let toggleAudit: ReadPerChange<[ToggleChange]>
    private let faultAudit: ReadPerChange<[FaultChange]>?
    /// What the dashboard learned of the BFF's paging and introspection.
    let pagination: BFFPagination
    let dataDirectory: URL
    /// The crash recorded before this start, if any.
    let lastCrash: CrashReport?
    /// Whom requests act as, and the users the switcher offers.
    let actingUser: ActingUser
    let userDirectory: UserDirectory

    public init(toggles: ToggleCatalog, actions: [any InternalMenuAction], recordingTrackingProvider: RecordingTrackingProvider,
                networkLog: NetworkLog, faults: FaultInjector?, bffHealthCheck: BFFHealthCheck, pagination: BFFPagination,
                dataDirectory: URL, lastCrash: CrashReport?, actingUser: ActingUser = ActingUser(),
                userDirectory: UserDirectory = UserDirectory()) {
        self.toggles = toggles
        self.actions = actions
        self.recordingTrackingProvider = recordingTrackingProvider
        self.networkLog = networkLog
        self.faults = faults
        toggleAudit = ReadPerChange(of: toggles.changes)
        faultAudit = faults.map { ReadPerChange(of: $0) }
        self.bffHealthCheck = bffHealthCheck
        self.pagination = pagination
        self.dataDirectory = dataDirectory
        self.lastCrash = lastCrash
        self.actingUser = actingUser
        self.userDirectory = userDirectory
    }

    /// What Area 51 shows to someone acting as `actingUserID`, in `l10n`'s language; `probingBFF`
    /// when a person opened it (not a redraw), which asks the BFF how it is.
    public func read(actingUserID: String, l10n: L10n, probingBFF: Bool) async throws -> InternalMenuState {
        InternalMenuState(
            bff: await bffStatus(probing: probingBFF),
            dataDirectory: dataDirectory.path,
            lastCrash: lastCrash,
            toggles: ToggleCatalog.descriptions.map { ($0, toggles.state(of: $0)) },
            audit: try await toggleAudit.value { try await toggles.internalTogglesDataStore.audit() },
            remoteOrigin: toggles.remoteTogglesDataStore.origin,
            trackingEvents: recordingTrackingProvider.recordedEvents(InternalMenuViewModel.activityPerKind),
            exchanges: Array(networkLog.latest(InternalMenuViewModel.activityPerKind)),
            actions: actions,
            faults: faults?.active(in: l10n) ?? [],
            faultAudit: try await faultAudit?.value { try await faults?.audit(limit: InternalMenuViewModel.activityPerKind) ?? [] } ?? [],
            actingUserID: actingUserID,
            users: await userDirectory.users()
        )
    }

    /// The health check's view of the BFF, with what paging learned of it: probed when a person
    /// opens Area 51, as last probed for a tab's live redraw and the page after an action.
    private func bffStatus(probing: Bool) async -> BFFStatus {
        var status: BFFStatus
        if !probing, let last = lastBFFStatus.status.withLock({ $0 }) {
            status = last
        } else {
            status = await bffHealthCheck.status()
            lastBFFStatus.status.withLock { $0 = status }
        }
        let learned = pagination.status
        status.supportsPaging = switch learned.support {
        case .supported: true
        case .unsupported: false
        case .unknown: nil
        }
        status.introspection = learned.introspection
        return status
    }
}

/// The latest BFF status Area 51 probed, shared by every copy of its reader.
private final class LastBFFStatus: Sendable {
    let status = Locked<BFFStatus?>(nil)
}
