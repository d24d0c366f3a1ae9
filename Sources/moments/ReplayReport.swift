import Foundations
import Moments

/// A session replay's result for people: the BFF and the paths left out, one line per
/// difference or skipped operation (operation, path, recorded → now), and the counts.
struct ReplayReport {
    /// Values longer than this are cut, so that each difference stays one readable line.
    static let valueLimit = 120

    let result: QASessionReplay.Result
    /// Where the operations went (`--bff-url`, or the embedded BFF).
    let bff: String

    var text: String {
        let ignored = result.ignoredPaths.isEmpty ? "comparing everything" : "not comparing \(result.ignoredPaths.joined(separator: ", "))"
        var lines = ["Replayed against \(bff), \(ignored)."]
        for operation in result.operations {
            let name = "\(operation.operationName) #\(operation.exchange)"
            switch operation.outcome {
            case .same: continue
            case .skipped: lines.append("\(name): skipped, \(Self.reason(operation.skipReason))")
            case .different:
                if let failure = operation.failure { lines.append("\(name): no answer: \(failure)") }
                for difference in operation.differences {
                    lines.append("\(name) \(difference.kind.rawValue) \(difference.path.isEmpty ? "(the answer)" : difference.path): "
                                 + "\(Self.value(difference.old)) → \(Self.value(difference.new))")
                }
            }
        }
        let count = { (outcome: QASessionReplay.Operation.Outcome) in result.operations.count { $0.outcome == outcome } }
        lines.append("\(count(.same)) same, \(count(.different)) different, \(count(.skipped)) skipped.")
        return lines.joined(separator: "\n")
    }

    private static func reason(_ reason: QASessionReplay.Operation.SkipReason?) -> String {
        switch reason {
        case .mutation: "a mutation (run with --with-mutations)"
        case .cutBody: "the network log cut its request or its answer"
        case .noRecordedAnswer: "no answer was recorded"
        case .mocked: "a mock answered it, not the BFF"
        case nil: ""
        }
    }

    private static func value(_ json: String?) -> String {
        guard let json else { return "(absent)" }
        return json.count > valueLimit ? json.prefix(valueLimit) + "…" : json
    }
}
