import Foundation

/// Something the user did or saw, as the seed's analytics events: a name and parameters.
public protocol TrackingEvent: Sendable {
    var name: String { get }
    var parameters: [String: String] { get }
}

/// A screen was shown (`trackScreenviews`).
public struct ScreenviewsTrackingEvent: TrackingEvent {
    public let screenName: String
    public let screenClass: String

    public init(screenName: String, screenClass: String) {
        self.screenName = screenName
        self.screenClass = screenClass
    }

    public var name: String { "screenview" }
    public var parameters: [String: String] { ["screenName": screenName, "screenClass": screenClass] }
}

/// A moment was liked.
public struct LikeActionTrackingEvent: TrackingEvent {
    public let momentID: String
    public let userID: String

    public init(momentID: String, userID: String) {
        self.momentID = momentID
        self.userID = userID
    }

    public var name: String { "like" }
    public var parameters: [String: String] { ["momentID": momentID, "userID": userID] }
}

/// A like was taken back.
public struct UnlikeActionTrackingEvent: TrackingEvent {
    public let momentID: String
    public let userID: String

    public init(momentID: String, userID: String) {
        self.momentID = momentID
        self.userID = userID
    }

    public var name: String { "unlike" }
    public var parameters: [String: String] { ["momentID": momentID, "userID": userID] }
}

/// The hidden menu was opened by its gesture: a shake on the phone, the keyboard shortcut here.
public struct ShakeTrackingEvent: TrackingEvent {
    public let source: String

    public init(source: String) {
        self.source = source
    }

    public var name: String { "shake" }
    public var parameters: [String: String] { ["source": source] }
}

/// The hidden menu was opened by hand (its URL typed or a link followed), not by the gesture
/// the seed's `shake` stands for.
public struct Area51OpenedTrackingEvent: TrackingEvent {
    public let source: String

    public init(source: String) {
        self.source = source
    }

    public var name: String { "area51Opened" }
    public var parameters: [String: String] { ["source": source] }
}
