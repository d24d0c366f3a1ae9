import Foundation

/// Where a toggle change came from, for the audit.
public enum ToggleChangeSource: String, Codable, Sendable {
    /// A form in Area 51.
    case page
    /// `PUT /api/toggles/{name}`.
    case api
    /// Area 51's Reset Toggles or Clear Overrides.
    case reset
    /// Code that called `update(toggle:value:)` without saying (the seed's signature).
    case app
    /// A remote config fetched from the BFF side changed the value in force; sent to open
    /// pages, never audited (the dashboard did not change it).
    case remote
    /// A fault's or a mock's remaining calls ran out (their changes only).
    case expired
    /// An imported QA session (`POST /api/area51/sessions/import`).
    case session
}

/// One change of a toggle's value (an internal toggle) or of its local override (a remote
/// toggle or A/B test), as kept in the audit.
public struct ToggleChange: Codable, Sendable, Equatable {
    public let name: String
    /// The value before; for an override, `nil` when the toggle followed its remote value.
    public let oldValue: ToggleValue?
    /// The value after; for an override, `nil` when it follows its remote value again.
    public let newValue: ToggleValue?
    /// Set when the change is to a local override rather than to the toggle itself.
    public let isOverride: Bool
    public let source: ToggleChangeSource
    public let changedAt: Date

    public init(name: String, oldValue: ToggleValue?, newValue: ToggleValue?, isOverride: Bool = false,
                source: ToggleChangeSource, changedAt: Date) {
        self.name = name
        self.oldValue = oldValue
        self.newValue = newValue
        self.isOverride = isOverride
        self.source = source
        self.changedAt = changedAt
    }

    /// An internal toggle's change.
    public init(name: String, oldValue: Bool, newValue: Bool, source: ToggleChangeSource, changedAt: Date) {
        self.init(name: name, oldValue: .bool(oldValue), newValue: .bool(newValue), source: source, changedAt: changedAt)
    }
}
