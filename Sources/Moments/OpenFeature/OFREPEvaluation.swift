import Foundation
import Foundations

/// One flag's evaluation as the OpenFeature Remote Evaluation Protocol answers it: the value
/// in force, why (`reason`), and its `variant`.
struct OFREPEvaluation: Encodable, Sendable {
    /// OpenFeature's reasons, as this dashboard uses them.
    enum Reason: String, Encodable, Sendable {
        /// The registered default: an internal toggle never changed.
        case `default` = "DEFAULT"
        /// A value set here or fetched from the BFF side, the same for every context.
        case `static` = "STATIC"
        /// A local override stands in for the remote value.
        case targetingMatch = "TARGETING_MATCH"
        /// The remote config could not be read: the value is the default.
        case error = "ERROR"
    }

    let key: String
    let value: ToggleValue
    let reason: Reason
    /// `on`/`off`, or the A/B test's variant.
    let variant: String
    /// The toggle's kind and layers, for people reading the answer.
    let metadata: [String: String]

    init(_ state: ToggleState, remoteOrigin: RemoteTogglesDataStore.Origin) {
        key = state.name
        value = state.effectiveValue
        reason = switch state.kind {
        case _ where state.override != nil: .targetingMatch
        case .remote, .abTest: if case .defaults = remoteOrigin { .error } else { .static }
        case .internal: state.effectiveValue.description == state.defaultValue ? .default : .static
        case .buildTarget: .static
        }
        variant = switch state.effectiveValue {
        case .bool(let isOn): isOn ? "on" : "off"
        case .variant(let variant): variant
        }
        var metadata = ["kind": state.kind.rawValue, "defaultValue": state.defaultValue]
        metadata["remoteValue"] = state.remoteValue?.description
        metadata["setBy"] = state.override?.setBy
        self.metadata = metadata
    }
}

/// OFREP's error answer: `FLAG_NOT_FOUND` (404), `PARSE_ERROR` and `INVALID_CONTEXT` (400).
struct OFREPError: Error, Encodable, Sendable {
    enum Code: String, Encodable, Sendable {
        case flagNotFound = "FLAG_NOT_FOUND"
        case parseError = "PARSE_ERROR"
        case invalidContext = "INVALID_CONTEXT"
    }

    /// Absent on the bulk endpoint, which evaluates no one flag.
    let key: String?
    let errorCode: Code
    let errorDetails: String
}
