import Foundation

/// Where a toggle change came from, for the audit.
public enum ToggleChangeSource: String, Codable, Sendable {
    /// A form in Area 51.
    case page
    /// `PUT /api/toggles/{name}`.
    case api
    /// Area 51's Reset Toggles.
    case reset
    /// Code that called `update(toggle:value:)` without saying (the seed's signature).
    case app
    /// A fault's remaining calls ran out (fault changes only).
    case expired
}

/// One change of an internal toggle, as kept in the audit.
public struct ToggleChange: Codable, Sendable, Equatable {
    public let name: String
    public let oldValue: Bool
    public let newValue: Bool
    public let source: ToggleChangeSource
    public let changedAt: Date

    public init(name: String, oldValue: Bool, newValue: Bool, source: ToggleChangeSource, changedAt: Date) {
        self.name = name
        self.oldValue = oldValue
        self.newValue = newValue
        self.source = source
        self.changedAt = changedAt
    }
}
