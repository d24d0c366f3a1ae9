import Foundations
import HTTPServer

/// `GET /api/tracking/events`: the recorded tracking events, newest first.
public struct TrackingRoutes: Sendable {
    struct EventList: Encodable {
        let events: [RecordedTrackingEvent]
    }

    private let recordingTrackingProvider: RecordingTrackingProvider

    public init(dependencies: AppDependencies) {
        recordingTrackingProvider = dependencies.recordingTrackingProvider
    }

    public func register(on router: inout Router) {
        router.get("/api/tracking/events") { [recordingTrackingProvider] _ in
            try .json(EventList(events: recordingTrackingProvider.recordedEvents))
        }
    }
}
