import Foundation
import Foundations

/// Whom the dashboard acts as for a request: the timeline, likes and tracking events are that
/// user's. In debug and internal builds QA may switch (`?userID=`, the `X-Moments-User` header,
/// or the `moments_user` cookie Area 51's switcher sets, in that order); in production builds it
/// is always the user configured at start (`--user-id`).
public struct ActingUser: Sendable {
    public static let cookieName = "moments_user"
    public static let headerName = "X-Moments-User"

    /// The user when none is asked for, and the only one in production builds.
    public let configuredUserID: String
    public let isSwitchable: Bool

    public init(configuredUserID: String = "0", isSwitchable: Bool = InternalTools.arePresent) {
        self.configuredUserID = configuredUserID
        self.isSwitchable = isSwitchable
    }

    /// The user of the first valid ID `asked` names (a request's query, header and cookie, in
    /// that order: `Request+ActingUser.swift`), else the configured one.
    public func userID(asked: [String?]) -> String {
        guard isSwitchable else { return configuredUserID }
        return asked.lazy.compactMap { $0.flatMap(Self.validUserID) }.first ?? configuredUserID
    }

    /// `text` when it can be a user's ID (what the BFF's `ID` takes, kept short and printable),
    /// else `nil`: such a request acts as the configured user.
    static func validUserID(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 64,
              trimmed.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) })
        else { return nil }
        return trimmed
    }
}
