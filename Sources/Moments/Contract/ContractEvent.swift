import Foundation

/// The live event `contract`: the BFF's schema changed. Open tabs show a banner when one of the
/// timeline's documents stopped validating, naming the fields.
public struct ContractEvent: Codable, Sendable, Equatable {
    /// A document that no longer validates, and the schema paths (or, when no breaking change
    /// explains it, the validation errors) that say why.
    public struct Document: Codable, Sendable, Equatable {
        public let operation: String
        public let operationName: String
        public let fields: [String]
    }

    public let schemaHash: String
    public let previousHash: String?
    public let at: Date
    public let breaking: Int
    public let stoppedValidating: [Document]
    /// Whether a document the timeline reads or likes with is among them.
    public let timelineAffected: Bool
}
