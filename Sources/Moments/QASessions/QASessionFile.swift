import Foundation
import Foundations

/// A QA session as exported (`POST /api/area51/sessions/export`): what makes a bug reproducible
/// on another dashboard. Its schema is `QASession` in `/api/openapi.json`; `version`
/// changes whenever a reader of the previous version could not apply it.
struct QASessionFile: Encodable {
    /// The schema version this build writes and reads.
    static let currentVersion = 1
    /// How many of the latest exchanges go in, oldest first.
    static let exchangeLimit = 50

    struct Build: Encodable {
        let version: String
        let target: String
        /// Where the build recorded them (`make`), else left out.
        let commit: String?
        let buildDate: String?
    }

    /// The BFF as learned, never its credentials (`--bff-header` values stay on this machine).
    struct BFF: Encodable {
        let url: String
        let capabilities: Capabilities
        let contract: Contract
    }

    /// The BFF's schema as the contract watch read it: its hash now, the first this process saw,
    /// and the changes since (`null` hashes while it has not been read).
    struct Contract: Encodable {
        let schemaHash: String?
        let startSchemaHash: String?
        let changesSinceStart: [SchemaChange]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(schemaHash, forKey: .schemaHash)
            try container.encode(startSchemaHash, forKey: .startSchemaHash)
            try container.encode(changesSinceStart, forKey: .changesSinceStart)
        }

        private enum CodingKeys: String, CodingKey { case schemaHash, startSchemaHash, changesSinceStart }
    }

    struct Capabilities: Encodable {
        let paging: BFFPagination.Support
        /// Whether it answers introspection; `nil` while unknown.
        let introspection: Bool?
    }

    struct ActingUser: Codable {
        let userID: String
    }

    /// Every audited change kept, newest first.
    struct Audit: Encodable {
        let toggles: [ToggleChange]
        let faults: [FaultChange]
        let mocks: [MockChange]
        /// Breakpoints set and removed, calls held and let go.
        let breakpoints: [BreakpointChange]
    }

    let version = QASessionFile.currentVersion
    let exportedAt: Date
    /// What the reporter typed.
    let note: String
    let build: Build
    let bff: BFF
    /// Every toggle with each layer of its value, as `/api/toggles` lists them.
    let toggles: [ToggleState]
    let faults: [FaultInjector.Active]
    let mocks: [MockStore.Active]
    let actingUser: ActingUser
    let language: Language
    /// The latest exchanges with the BFF as a HAR 1.2 log (`log.entries`).
    let exchanges: HARDocument
    let tracking: [RecordedTrackingEvent]
    let audit: Audit
}
