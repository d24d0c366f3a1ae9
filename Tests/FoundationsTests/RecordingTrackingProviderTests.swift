import Foundation
@testable import Foundations
import Testing

/// The recorded events are the latest, newest first, at most the capacity.
@Suite struct RecordingTrackingProviderTests {
    @Test func recordedEvents_areTheNewest_newestFirst_withinTheCapacity() {
        let provider = RecordingTrackingProvider(capacity: 5)
        for moment in 1...12 { provider.track(LikeActionTrackingEvent(momentID: "\(moment)", userID: "0")) }
        #expect(provider.recordedEvents.map { $0.parameters["momentID"] } == ["12", "11", "10", "9", "8"])
        #expect(provider.recordedEvents(2).map { $0.parameters["momentID"] } == ["12", "11"])
        #expect(provider.recordedEvents(50).count == 5, "never more than the capacity")
    }
}
