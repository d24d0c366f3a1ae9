import Foundation
import Foundations

/// The shared services every feature's routes read, built once by the composition root.
public struct AppDependencies: Sendable {
    public let internalTogglesDataStore: InternalTogglesDataStore
    public let remoteTogglesDataStore: RemoteTogglesDataStore
    public let abTestProvider: ABTestProvider
    public let momentsRepo: any MomentsRepoType
    public let trackingRepo: any TrackingRepoType
    public let recordingTrackingProvider: RecordingTrackingProvider
    public let renderer: TemplateRenderer
    /// Where the GraphQL client sends its documents, for Area 51.
    public let bffDescription: String

    public init(
        internalTogglesDataStore: InternalTogglesDataStore,
        remoteTogglesDataStore: RemoteTogglesDataStore,
        momentsRepo: any MomentsRepoType,
        recordingTrackingProvider: RecordingTrackingProvider,
        renderer: TemplateRenderer,
        bffDescription: String
    ) {
        self.internalTogglesDataStore = internalTogglesDataStore
        self.remoteTogglesDataStore = remoteTogglesDataStore
        abTestProvider = ABTestProvider(remoteTogglesDataStore: remoteTogglesDataStore)
        self.momentsRepo = momentsRepo
        self.recordingTrackingProvider = recordingTrackingProvider
        trackingRepo = TrackingRepo(providers: [recordingTrackingProvider])
        self.renderer = renderer
        self.bffDescription = bffDescription
    }
}
