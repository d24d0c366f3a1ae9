import Foundation

/// How a held call was let go: by QA (continued, edited, aborted, answered from a mock) or by
/// itself, unchanged (its timeout, its breakpoint removed, the dashboard stopping).
public enum BreakpointRelease: Sendable, Equatable {
    case continued
    case edited(BreakpointEdit)
    case aborted(BreakpointAbort)
    case mocked(Mock)
    case timedOut
    case removed
    case shutdown

    /// The release's name, as records and the audit keep it.
    public enum Kind: String, Codable, Sendable {
        case continued, edited, aborted, mocked, timedOut, removed, shutdown
    }

    public var kind: Kind {
        switch self {
        case .continued: .continued
        case .edited: .edited
        case .aborted: .aborted
        case .mocked: .mocked
        case .timedOut: .timedOut
        case .removed: .removed
        case .shutdown: .shutdown
        }
    }

    /// What QA chose, in a few words (`status 503`, `variables`); `nil` when nothing was chosen.
    var detail: String? {
        switch self {
        case .edited(let edit): edit.summary
        case .aborted(let abort): abort.summary
        case .mocked(let mock): mock.summary
        case .continued, .timedOut, .removed, .shutdown: nil
        }
    }
}
