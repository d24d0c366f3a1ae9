import Foundation

/// What the dashboard has learned about its BFF, as Area 51 shows it: where it is, whether it
/// answers and how fast, the headers sent (masked), and the latest failure with its class.
///
/// `BFFHealthCheck` fills what one probe and the request log tell. What the BFF supports
/// (`supportsPaging`, `introspection`) is left `nil` until the code that learns it fills it.
public struct BFFStatus: Sendable, Equatable {
    /// The GraphQL endpoint (a URL, or "embedded BFF (in process)").
    public var endpoint: String
    /// Whether the probe got a GraphQL answer; `nil` before any probe.
    public var isReachable: Bool?
    /// Why the probe failed, when it did.
    public var problem: APISessionError?
    /// How long the probe took, in milliseconds.
    public var latencyMilliseconds: Double?
    /// `Name: masked value` of each header sent with every request (`BFFHeaders.maskedLines`).
    public var maskedHeaders: [String]
    /// The latest failed call of any operation, probe included.
    public var lastFailure: BFFFailureRecord?
    /// Whether the BFF takes `first`/`after`; `nil` while unknown.
    public var supportsPaging: Bool?
    /// Whether the BFF answers introspection; `nil` while unknown.
    public var introspection: Bool?

    public init(endpoint: String, isReachable: Bool? = nil, problem: APISessionError? = nil, latencyMilliseconds: Double? = nil,
                maskedHeaders: [String] = [], lastFailure: BFFFailureRecord? = nil, supportsPaging: Bool? = nil,
                introspection: Bool? = nil) {
        self.endpoint = endpoint
        self.isReachable = isReachable
        self.problem = problem
        self.latencyMilliseconds = latencyMilliseconds
        self.maskedHeaders = maskedHeaders
        self.lastFailure = lastFailure
        self.supportsPaging = supportsPaging
        self.introspection = introspection
    }
}
