import Foundation
import Foundations

/// A session's replay for people: Area 51's page after *Replay against this dashboard's BFF*, and
/// the same as a report of its own, without layout or script, to attach to the bug.
struct QASessionReplayViewModel: Encodable {
    struct Row: Encodable {
        let exchange: Int
        let operationName: String
        let operationType: String
        /// `same`, `different` or `skipped`, for the row's style.
        let outcome: String
        let outcomeTitle: String
        /// Why it was skipped, or why no answer came.
        let detail: String?
        let variables: String?
        let differences: [JSONDifference]
    }

    /// What the page's *Replay again* form sends back: the same file and choices, the paths left
    /// out ready to edit. Absent from the report.
    struct Again: Encodable {
        let session: String
        let ignore: String
        let withMutations: Bool
    }

    let title: String
    let summary: String
    let isSame: Bool
    let ignoredPaths: [String]
    let hasIgnoredPaths: Bool
    let rows: [Row]
    let again: Again?

    init(result: QASessionReplay.Result, l10n: L10n, again: Again? = nil) {
        self.again = again
        title = l10n[.sessionReplayTitle]
        let count = { (outcome: QASessionReplay.Operation.Outcome) in String(result.operations.count { $0.outcome == outcome }) }
        summary = String(format: l10n[.sessionReplaySummary], count(.same), count(.different), count(.skipped))
        isSame = result.isSame
        ignoredPaths = result.ignoredPaths
        hasIgnoredPaths = !result.ignoredPaths.isEmpty
        rows = result.operations.map { operation in
            Row(exchange: operation.exchange, operationName: operation.operationName, operationType: operation.operationType,
                outcome: operation.outcome.rawValue, outcomeTitle: l10n[Self.title(of: operation.outcome)],
                detail: operation.skipReason.map { l10n[Self.title(of: $0)] } ?? operation.failure,
                variables: operation.variables, differences: operation.differences)
        }
    }

    private static func title(of outcome: QASessionReplay.Operation.Outcome) -> L10nKey {
        switch outcome {
        case .same: .sessionReplaySame
        case .different: .sessionReplayDifferent
        case .skipped: .sessionReplaySkipped
        }
    }

    private static func title(of reason: QASessionReplay.Operation.SkipReason) -> L10nKey {
        switch reason {
        case .mutation: .sessionReplaySkippedMutation
        case .cutBody: .sessionReplaySkippedCutBody
        case .noRecordedAnswer: .sessionReplaySkippedNoAnswer
        case .mocked: .sessionReplaySkippedMocked
        }
    }
}
