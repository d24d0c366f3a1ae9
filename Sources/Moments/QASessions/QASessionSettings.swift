import Foundation
import Foundations

/// The parts of a QA session file that importing applies, read from any version-1 file; the
/// rest (build, BFF, exchanges, tracking, audit, note) is there for people.
struct QASessionSettings: Decodable {
    /// Read first, alone: a file of another version is refused before its shape is looked at.
    struct Header: Decodable {
        let version: Int
    }

    /// A toggle as the file lists it: `isOn` for an internal toggle, `override` for a remote
    /// toggle or an A/B test (absent or `null`: it follows the remote value).
    struct Toggle: Decodable {
        struct Override: Decodable {
            let value: ToggleValue
        }

        let name: String
        let isOn: Bool?
        let override: Override?
    }

    let toggles: [Toggle]
    let faults: [FaultInjector.Active]
    let mocks: [MockStore.Active]
    let actingUser: QASessionFile.ActingUser
    let language: Language
}
