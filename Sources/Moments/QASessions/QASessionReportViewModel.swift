import Foundation
import Foundations

/// A QA session as one page for people (the export's `html` format): the reporter's text, the
/// build and BFF, every toggle's layers, the faults and mocks, the exchanges with their bodies,
/// tracking and audit. Drawn without the layout and without script, so the file reads offline.
struct QASessionReportViewModel: Encodable {
    struct Fact: Encodable {
        let title: String
        let detail: String
    }

    struct ToggleRow: Encodable {
        let name: String
        let kind: String
        let defaultValue: String
        let remoteValue: String
        let override: String
        let effectiveValue: String
    }

    struct ExchangeRow: Encodable {
        let number: Int
        let startedAt: String
        let method: String
        let url: String
        let status: Int
        let duration: String
        let comment: String
        let requestBody: String
        let responseBody: String
    }

    let title: String
    let note: String
    let facts: [Fact]
    let toggles: [ToggleRow]
    let faultsAndMocks: [Fact]
    let exchanges: [ExchangeRow]
    let tracking: [Fact]
    let audit: [Fact]

    init(file: QASessionFile, l10n: L10n) {
        title = "\(l10n[.sessionReport]) · \(file.exportedAt.ISO8601Format())"
        note = file.note
        facts = [
            Fact(title: l10n[.sessionExportedAt], detail: file.exportedAt.ISO8601Format()),
            Fact(title: l10n[.sessionBuild], detail: "\(file.build.version) (\(file.build.target))"),
            Fact(title: l10n[.sessionBFF], detail: "\(file.bff.url) · paging \(file.bff.capabilities.paging.rawValue)"),
            Fact(title: l10n[.sessionActingUser], detail: file.actingUser.userID),
            Fact(title: l10n[.sessionLanguage], detail: file.language.rawValue),
        ]
        toggles = file.toggles.map { toggle in
            ToggleRow(name: toggle.name, kind: toggle.kind.rawValue, defaultValue: toggle.defaultValue,
                      remoteValue: toggle.remoteValue?.description ?? "—", override: toggle.override?.value.description ?? "—",
                      effectiveValue: toggle.effectiveValue.description)
        }
        faultsAndMocks = file.faults.map { Fact(title: "⚡ \($0.operation)", detail: $0.summary) }
            + file.mocks.map { Fact(title: "🎭 \($0.operation)", detail: $0.mock.summary) }
        exchanges = file.exchanges.log.entries.enumerated().map { index, entry in
            ExchangeRow(number: index + 1, startedAt: entry.startedDateTime, method: entry.request.method, url: entry.request.url,
                        status: entry.response.status, duration: "\(Int(entry.time.rounded())) ms", comment: entry.comment,
                        requestBody: entry.request.postData?.text ?? "", responseBody: entry.response.content.text)
        }
        tracking = file.tracking.map { event in
            Fact(title: event.name, detail: event.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
                    + " · " + event.recordedAt.ISO8601Format())
        }
        audit = file.audit.toggles.map { Fact(title: $0.name, detail: "\($0.oldValue?.description ?? "—") → \($0.newValue?.description ?? "—") · \($0.source.rawValue) · \($0.changedAt.ISO8601Format())") }
            + file.audit.faults.map { Fact(title: "⚡ \($0.operation)", detail: "\($0.fault?.kind.rawValue ?? "—") · \($0.source.rawValue) · \($0.changedAt.ISO8601Format())") }
            + file.audit.mocks.map { Fact(title: "🎭 \($0.operation)", detail: "\($0.mock?.summary ?? "—") · \($0.source.rawValue) · \($0.changedAt.ISO8601Format())") }
    }
}
