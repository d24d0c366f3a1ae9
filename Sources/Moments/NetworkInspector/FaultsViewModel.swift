import Foundation
import Foundations

/// The faults in force and the forms that set and clear them, for the inspector page, the
/// banner and `GET /api/area51/faults`.
struct FaultsViewModel: Encodable, Sendable {
    /// One operation's row: its fault, if any, and where its forms post.
    struct Operation: Encodable, Sendable {
        let name: String
        let active: FaultInjector.Active?
        let setAction: String
        let clearAction: String
    }

    struct Kind: Encodable, Sendable {
        let value: String
        let title: String
    }

    let active: [FaultInjector.Active]
    let hasActive: Bool
    let operations: [Operation]
    let kinds: [Kind]
    /// Sets and clears, newest first.
    let audit: [FaultChange]

    init(faults: FaultInjector, audit: [FaultChange], l10n: L10n) {
        let active = faults.active(in: l10n)
        self.active = active
        hasActive = !active.isEmpty
        operations = FaultInjector.operations.map { name in
            Operation(name: name, active: active.first { $0.operation == name },
                      setAction: "/area51/faults/\(name)", clearAction: "/area51/faults/\(name)/clear")
        }
        kinds = Fault.Kind.allCases.map { Kind(value: $0.rawValue, title: l10n[$0.title]) }
        self.audit = audit
    }
}

extension Fault.Kind {
    /// The kind's name in the reader's language.
    var title: L10nKey {
        switch self {
        case .delay: .faultDelay
        case .timeout: .faultTimeout
        case .httpStatus: .faultHttpStatus
        case .graphQLError: .faultGraphQLError
        case .emptyMoments: .faultEmptyMoments
        case .malformedJSON: .faultMalformedJSON
        }
    }
}
