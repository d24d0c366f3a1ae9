import Foundation

/// One fault set or cleared, as kept in the audit beside toggle changes.
public struct FaultChange: Codable, Sendable, Equatable {
    public let operation: String
    /// The fault set; `nil` when it was cleared.
    public let fault: Fault?
    public let source: ToggleChangeSource
    public let changedAt: Date

    public init(operation: String, fault: Fault?, source: ToggleChangeSource, changedAt: Date) {
        self.operation = operation
        self.fault = fault
        self.source = source
        self.changedAt = changedAt
    }
}
