import Foundation

/// One mock set, cleared or used up, as kept in the audit beside toggle and fault changes.
public struct MockChange: Codable, Sendable, Equatable {
    public let operation: String
    /// The mock set; `nil` when it was cleared.
    public let mock: Mock?
    public let source: ToggleChangeSource
    public let changedAt: Date

    public init(operation: String, mock: Mock?, source: ToggleChangeSource, changedAt: Date) {
        self.operation = operation
        self.mock = mock
        self.source = source
        self.changedAt = changedAt
    }
}
