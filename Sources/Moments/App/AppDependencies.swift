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
    public let graphQLRequestLog: GraphQLRequestLog
    public let bffHealthCheck: BFFHealthCheck
    public let renderer: TemplateRenderer
    /// Where the GraphQL client sends its documents, for Area 51.
    public let bffDescription: String
    public let dataDirectory: URL
    public let crashRecorder: CrashRecorder
    /// The crash recorded before this start, if any.
    public let lastCrash: CrashReport?

    public init(
        internalTogglesDataStore: InternalTogglesDataStore,
        remoteTogglesDataStore: RemoteTogglesDataStore,
        momentsRepo: any MomentsRepoType,
        recordingTrackingProvider: RecordingTrackingProvider,
        graphQLRequestLog: GraphQLRequestLog,
        bffHealthCheck: BFFHealthCheck,
        renderer: TemplateRenderer,
        bffDescription: String,
        dataDirectory: URL
    ) {
        self.internalTogglesDataStore = internalTogglesDataStore
        self.remoteTogglesDataStore = remoteTogglesDataStore
        abTestProvider = ABTestProvider(remoteTogglesDataStore: remoteTogglesDataStore)
        self.momentsRepo = momentsRepo
        self.recordingTrackingProvider = recordingTrackingProvider
        trackingRepo = TrackingRepo(providers: [recordingTrackingProvider])
        self.graphQLRequestLog = graphQLRequestLog
        self.bffHealthCheck = bffHealthCheck
        self.renderer = renderer
        self.bffDescription = bffDescription
        self.dataDirectory = dataDirectory
        crashRecorder = CrashRecorder(directory: dataDirectory)
        lastCrash = crashRecorder.lastCrash
    }
}
