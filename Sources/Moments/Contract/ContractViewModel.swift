import Foundation
import Foundations

/// Area 51's BFF contract page (`/area51/contract`): `ContractReport` said for people, in the
/// reader's language, with relative times.
struct ContractViewModel: Encodable, Sendable {
    struct Row: Encodable, Sendable {
        let title: String
        let detail: String
        let isWarning: Bool
    }

    struct Version: Encodable, Sendable {
        let title: String
        let changes: [Row]
    }

    let title: String
    let facts: [Row]
    let skew: [Row]
    let hasSkew: Bool
    let documents: [Row]
    let history: [Version]

    init(_ report: ContractReport, failure: String?, now: Date, l10n: L10n) {
        title = l10n[.contract]
        let ago = { (date: Date) in Self.ago(date, now: now, l10n: l10n) }
        var facts = [Row(title: l10n[.contractSchemaHash], detail: report.schemaHash ?? l10n[.contractNotRead], isWarning: false)]
        if let checkedAt = report.checkedAt {
            facts.append(Row(title: l10n[.contractCheckedAt], detail: ago(checkedAt), isWarning: false))
        }
        if let failure {
            facts.append(Row(title: l10n[.contractCheckedAt], detail: String(format: l10n[.contractReadFailed], failure), isWarning: true))
        }
        self.facts = facts
        skew = report.skew.map { read in
            Row(title: read.schemaHash, detail: String(format: l10n[.contractSkewSeen], ago(read.seenAt)), isWarning: true)
        }
        hasSkew = !skew.isEmpty
        documents = report.documents.map { status in
            Row(title: status.operation, detail: status.valid ? l10n[.contractValid] : "\(l10n[.contractInvalid]): \(status.errors.joined(separator: " "))",
                isWarning: !status.valid)
        }
        history = report.history.map { version in
            let changes = version.changes.sorted { $0.criticality < $1.criticality }.map { change in
                Row(title: "\(Self.criticality(change.criticality, l10n)) · \(change.path)",
                    detail: ([change.message] + Self.usage(change.affectedOperations, now: now, l10n: l10n)).joined(separator: " · "),
                    isWarning: change.criticality != .safe)
            }
            return Version(title: "\(l10n.dateTime(version.at)) · \(version.schemaHash)",
                           changes: changes.isEmpty ? [Row(title: l10n[.contractFirstVersion], detail: "", isWarning: false)] : changes)
        }
    }

    private static func criticality(_ criticality: SchemaChange.Criticality, _ l10n: L10n) -> String {
        switch criticality {
        case .breaking: l10n[.contractBreaking]
        case .dangerous: l10n[.contractDangerous]
        case .safe: l10n[.contractSafe]
        }
    }

    private static func usage(_ operations: [ContractReport.Usage], now: Date, l10n: L10n) -> [String] {
        guard !operations.isEmpty else { return [l10n[.contractNotUsed]] }
        return operations.map { usage in
            guard let last = usage.lastSeenAt else { return String(format: l10n[.contractNeverUsed], usage.name) }
            return String(format: l10n[.contractUsed], usage.name, String(usage.seen), ago(last, now: now, l10n: l10n))
        }
    }

    /// "3 seconds ago": relative dates count from the whole second `now` is in, so a moment
    /// later in that second would read as to come.
    private static func ago(_ date: Date, now: Date, l10n: L10n) -> String {
        l10n.relativeDate(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)), now: now)
    }
}
