import Foundation
import Foundations

/// The breakpoints in force with the forms that set and remove them, and the calls held now
/// with their editors, for the inspector page.
struct BreakpointsViewModel: Encodable, Sendable {
    /// One operation's row, every name its template reads always present (as `MocksViewModel.Operation`).
    struct Operation: Encodable, Sendable {
        let name: String
        let hasBreakpoint: Bool
        let summary: String
        let stages: [FaultsViewModel.Kind]
        let variables: String
        let timeoutSeconds: Int
        let setAction: String
        let clearAction: String
    }

    /// One held call and its editor: a request's variables and headers, or an answer's status and body.
    struct Held: Encodable, Sendable {
        let id: Int
        let operation: String
        let isRequest: Bool
        let stageTitle: String
        let variables: String
        let headers: String
        let status: Int
        let body: String
        /// When it goes on unchanged: for the page's countdown (ISO 8601) and as the reader writes a time.
        let expiresAt: String
        let expiresAtTime: String
        let hasMock: Bool
        let continueAction: String
        let abortAction: String
        let mockAction: String
    }

    let operations: [Operation]
    let held: [Held]
    let hasHeld: Bool

    init(breakpoints: BreakpointStore, mocks: MockStore, l10n: L10n) {
        let active = breakpoints.active
        operations = BreakpointStore.operations.map { name in
            let breakpoint = active.first { $0.operation == name }?.breakpoint
            let stages = Breakpoint.Stage.allCases.map {
                FaultsViewModel.Kind(value: $0.rawValue, title: l10n[$0.title], isSelected: $0 == (breakpoint?.stage ?? .request))
            }
            return Operation(name: name, hasBreakpoint: breakpoint != nil, summary: breakpoint?.summary ?? "", stages: stages,
                             variables: breakpoint?.variables.map { JSONValue.object($0).indentedText } ?? "",
                             timeoutSeconds: breakpoint?.timeoutSeconds ?? Breakpoint.defaultTimeoutSeconds,
                             setAction: "/area51/breakpoints/\(name)", clearAction: "/area51/breakpoints/\(name)/clear")
        }
        let mocked = Set(mocks.active.map(\.operation))
        held = breakpoints.held.map { held in
            Held(id: held.id, operation: held.operation, isRequest: held.stage == .request,
                 stageTitle: l10n[held.stage == .request ? .heldRequest : .heldResponse],
                 variables: held.variables?.indentedText ?? "{}",
                 headers: held.headers.map { JSONValue.object($0.mapValues(JSONValue.string)).indentedText } ?? "",
                 status: held.status ?? 0, body: held.response?.indentedText ?? "",
                 expiresAt: held.expiresAt.ISO8601Format(), expiresAtTime: l10n.time(held.expiresAt),
                 hasMock: mocked.contains(held.operation),
                 continueAction: "/area51/breakpoints/held/\(held.id)/continue", abortAction: "/area51/breakpoints/held/\(held.id)/abort",
                 mockAction: "/area51/breakpoints/held/\(held.id)/mock")
        }
        hasHeld = !held.isEmpty
    }
}

extension Breakpoint.Stage {
    /// What the stage holds, in the reader's language.
    var title: L10nKey {
        switch self {
        case .request: .breakpointStageRequest
        case .response: .breakpointStageResponse
        case .both: .breakpointStageBoth
        }
    }
}
