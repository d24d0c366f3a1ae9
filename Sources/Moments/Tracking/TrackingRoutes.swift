import Foundations
import HTTPServer

/// `GET /api/tracking/events`: the recorded tracking events, newest first.
public struct TrackingRoutes: RouteCollection {
    struct EventList: Codable {
        let events: [RecordedTrackingEvent]
    }

    private let recordingTrackingProvider: RecordingTrackingProvider

    public init(recordingTrackingProvider: RecordingTrackingProvider) {
        self.recordingTrackingProvider = recordingTrackingProvider
    }

    public func boot(routes: inout some RouteBuilder) {
        routes.get("/api/tracking/events") { [recordingTrackingProvider] _ in
            try .json(EventList(events: recordingTrackingProvider.recordedEvents))
        }
    }
}
