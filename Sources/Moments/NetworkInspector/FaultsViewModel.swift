import Foundation
import Foundations

/// The faults in force and the forms that set and clear them, for the inspector page, the
/// banner and `GET /api/area51/faults`.
struct FaultsViewModel: Encodable, Sendable {
    /// One operation's row: its fault, if any, and where its forms post. Every name a row's
    /// template reads is always present (`false` or `""` when there is no fault): Mustache looks
    /// a missing name up in the enclosing contexts, where `active` lists every operation's faults.
    struct Operation: Encodable, Sendable {
        let name: String
        let hasFault: Bool
        let summary: String
        /// The kinds to choose from, the one in force selected.
        let kinds: [Kind]
        let setAction: String
        let clearAction: String
    }

    /// One choice of a select: a fault's kind, or a mock's failure.
    struct Kind: Encodable, Sendable {
        let value: String
        let title: String
        let isSelected: Bool
    }

    let active: [FaultInjector.Active]
    let hasActive: Bool
    let operations: [Operation]
    /// Sets and clears, newest first.
    let audit: [FaultChange]

    init(faults: FaultInjector, audit: [FaultChange], l10n: L10n) {
        let active = faults.active(in: l10n)
        self.active = active
        hasActive = !active.isEmpty
        operations = FaultInjector.operations.map { name in
            let fault = active.first { $0.operation == name }
            return Operation(name: name, hasFault: fault != nil, summary: fault?.summary ?? "",
                             kinds: Fault.Kind.allCases.map { Kind(value: $0.rawValue, title: l10n[$0.title], isSelected: $0 == fault?.fault.kind) },
                             setAction: "/area51/faults/\(name)", clearAction: "/area51/faults/\(name)/clear")
        }
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
