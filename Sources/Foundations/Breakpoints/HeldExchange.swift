import Foundation

/// A call to the BFF held by a breakpoint, as Area 51 and `GET /api/area51/breakpoints` show it:
/// what it holds (the request's variables and headers, or the answer's status and body) and
/// when it goes on by itself.
public struct HeldExchange: Codable, Sendable, Equatable {
    /// Where it is held: before the BFF is asked, or with the BFF's answer.
    public enum Stage: String, Codable, Sendable {
        case request, response
    }

    public let id: Int
    public let operation: String
    public let stage: Stage
    /// The variables sent (or to be sent).
    public let variables: JSONValue?
    /// The request's headers, credentials masked; a held request only.
    public let headers: [String: String]?
    /// The BFF's status; a held answer only.
    public let status: Int?
    /// The BFF's answer when it is JSON; a held answer only.
    public let response: JSONValue?
    public let heldAt: Date
    /// When it continues unchanged unless QA lets it go first.
    public let expiresAt: Date
}
