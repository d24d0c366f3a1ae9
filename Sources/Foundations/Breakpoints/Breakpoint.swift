import Foundation

/// A breakpoint QA sets on a GraphQL operation (Area 51, `PUT /api/area51/breakpoints/{operation}`):
/// its calls, or only those whose variables match, are held before they go to the BFF, when the
/// BFF's answer comes back, or both, until QA lets them go or `timeoutSeconds` pass.
public struct Breakpoint: Codable, Sendable, Equatable {
    /// Where a call is held.
    public enum Stage: String, Codable, Sendable, CaseIterable {
        case request, response, both

        /// Whether a call is held at `point`.
        func holds(at point: HeldExchange.Stage) -> Bool {
            self == .both || rawValue == point.rawValue
        }
    }

    /// How long a call is held when nobody says otherwise.
    public static let defaultTimeoutSeconds = 30
    /// A hold ends within ten minutes whatever QA asks: a page waits on it.
    public static let timeoutSecondsRange = 1...600

    public var stage: Stage
    /// Only calls whose variables have these values (others are free) are held; `nil`: every call.
    public var variables: [String: JSONValue]?
    /// How long a call is held before it goes on unchanged; `nil`: `defaultTimeoutSeconds`.
    public var timeoutSeconds: Int?

    public init(stage: Stage, variables: [String: JSONValue]? = nil, timeoutSeconds: Int? = nil) {
        self.stage = stage
        self.variables = variables
        self.timeoutSeconds = timeoutSeconds
    }

    public var timeout: Duration { .seconds(timeoutSeconds ?? Self.defaultTimeoutSeconds) }

    /// Whether a call sent with `sent` (its `variables`) is one this breakpoint holds.
    func matches(_ sent: JSONValue?) -> Bool {
        JSONValue.object(variables ?? [:]).isSubset(of: sent)
    }

    /// Refuses a timeout out of range.
    public func check() throws(BreakpointError) {
        if let timeoutSeconds, !Self.timeoutSecondsRange.contains(timeoutSeconds) {
            throw .invalidField("timeoutSeconds", expected: .holdSeconds)
        }
    }

    /// The breakpoint in a few words, for lists and the audit: `response, variables {"userID":"3"}, 30 s`.
    public var summary: String {
        [stage.rawValue, variables.map { "variables " + JSONValue.object($0).compactText } ?? "every call",
         "\(timeoutSeconds ?? Self.defaultTimeoutSeconds) s"].joined(separator: ", ")
    }
}
