import Foundation
import Locking

/// Receives every tracking event; one per analytics backend, as in the seed.
public protocol TrackingProvider: Sendable {
    func track(_ event: any TrackingEvent)
}

/// Hands events to every provider.
public protocol TrackingRepoType: Sendable {
    func trackScreenviews(_ event: ScreenviewsTrackingEvent)
    func trackAction(_ event: any TrackingEvent)
}

/// The seed's `TrackingRepo`: every event to every provider.
public struct TrackingRepo: TrackingRepoType {
    private let providers: [any TrackingProvider]

    public init(providers: [any TrackingProvider]) {
        self.providers = providers
    }

    public func trackScreenviews(_ event: ScreenviewsTrackingEvent) {
        for provider in providers { provider.track(event) }
    }

    public func trackAction(_ event: any TrackingEvent) {
        for provider in providers { provider.track(event) }
    }
}

/// One event as recorded, for Area 51 and `GET /api/tracking/events`.
public struct RecordedTrackingEvent: Sendable, Codable, Equatable {
    public let name: String
    public let parameters: [String: String]
    public let recordedAt: Date
}

/// Keeps the latest events in memory, newest first, so people and scripts can see them.
public final class RecordingTrackingProvider: TrackingProvider {
    private let capacity: Int
    /// Oldest first, up to twice the capacity: appending is the cheap end, and trimming the old
    /// half at once keeps each page view's share of it small (every page view is an event).
    /// Kept as tracked; turned into `RecordedTrackingEvent`s only when someone looks.
    private let events = Locked<[(event: any TrackingEvent, recordedAt: Date)]>([])

    public init(capacity: Int = 200) {
        self.capacity = capacity
    }

    public func track(_ event: any TrackingEvent) {
        let recordedAt = Date()
        events.withLock { events in
            events.append((event, recordedAt))
            if events.count >= 2 * capacity { events.removeFirst(events.count - capacity) }
        }
    }

    /// The latest events, newest first.
    public var recordedEvents: [RecordedTrackingEvent] { recordedEvents(capacity) }

    /// The newest `count` events, newest first: a page that shows a few reads only those.
    public func recordedEvents(_ count: Int) -> [RecordedTrackingEvent] {
        events.withLock { $0.suffix(min(count, capacity)) }.reversed().map {
            RecordedTrackingEvent(name: $0.event.name, parameters: $0.event.parameters, recordedAt: $0.recordedAt)
        }
    }
}
