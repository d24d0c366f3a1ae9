import Foundation
import Foundations

/// Reads what Area 51 shows from the services that hold it, at one moment.
public struct InternalMenuStateReader: Sendable {
    let toggles: ToggleCatalog
    let actions: [any InternalMenuAction]
    let recordingTrackingProvider: RecordingTrackingProvider
    let graphQLRequestLog: GraphQLRequestLog
    let bffHealthCheck: BFFHealthCheck
    let dataDirectory: URL
    /// The crash recorded before this start, if any.
    let lastCrash: CrashReport?

    public init(toggles: ToggleCatalog, actions: [any InternalMenuAction], recordingTrackingProvider: RecordingTrackingProvider,
                graphQLRequestLog: GraphQLRequestLog, bffHealthCheck: BFFHealthCheck,
                dataDirectory: URL, lastCrash: CrashReport?) {
        self.toggles = toggles
        self.actions = actions
        self.recordingTrackingProvider = recordingTrackingProvider
        self.graphQLRequestLog = graphQLRequestLog
        self.bffHealthCheck = bffHealthCheck
        self.dataDirectory = dataDirectory
        self.lastCrash = lastCrash
    }

    public func read() async throws -> InternalMenuState {
        InternalMenuState(
            bff: await bffHealthCheck.status(),
            dataDirectory: dataDirectory.path,
            lastCrash: lastCrash,
            toggles: ToggleCatalog.descriptions.map { ($0, toggles.state(of: $0)) },
            audit: try await toggles.internalTogglesDataStore.audit(),
            remoteOrigin: toggles.remoteTogglesDataStore.origin,
            trackingEvents: recordingTrackingProvider.recordedEvents,
            graphQLRequests: graphQLRequestLog.latest,
            actions: actions
        )
    }
}
