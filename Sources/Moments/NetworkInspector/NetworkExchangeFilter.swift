import Foundation
import Foundations

/// The inspector's filters (the query's `operation`, `outcome` and `q`) and where its page
/// starts (`after`: the exchanges listed after the exchange of that id, that is older ones): the
/// same for the page's GET form and the JSON twin. An empty one is none.
struct NetworkExchangeFilter: Encodable, Sendable {
    let operation: String?
    let outcome: NetworkExchange.Outcome?
    let q: String?
    let after: Int?

    init(operation: String?, outcome outcomeName: String?, q: String?, after: String? = nil) throws(NetworkInspectorError) {
        self.operation = operation.flatMap { $0.isEmpty ? nil : $0 }
        self.q = q.flatMap { $0.isEmpty ? nil : $0 }
        switch after {
        case nil, "": self.after = nil
        case let text?:
            guard let id = Int(text), id > 0 else { throw .invalidAfter(text) }
            self.after = id
        }
        guard let outcomeName, !outcomeName.isEmpty else { outcome = nil; return }
        guard let outcome = NetworkExchange.Outcome(rawValue: outcomeName) else { throw .unknownOutcome(outcomeName) }
        self.outcome = outcome
    }

    func matches(_ exchange: NetworkExchange) -> Bool {
        if let operation, exchange.operationName != operation { return false }
        if let outcome, exchange.outcome != outcome { return false }
        guard let q else { return true }
        let fields = [exchange.operationName, exchange.url, exchange.cause, exchange.document ?? "", exchange.variables?.json ?? "",
                      exchange.responseBody.text, exchange.failure ?? "", exchange.status.map(String.init) ?? ""]
        return fields.contains { $0.localizedCaseInsensitiveContains(q) }
    }
}

/// Why the inspector refused a request. Mapped to statuses and codes in `AppErrors.swift`.
enum NetworkInspectorError: Error, Equatable, Sendable {
    /// `?outcome=` names no outcome.
    case unknownOutcome(String)
    /// `?after=` is not an exchange's id (a whole number from 1).
    case invalidAfter(String)
    /// No exchange of this id is kept (never was, or the ring dropped it).
    case unknownExchange(String)
    /// Only GraphQL exchanges whose request body was kept whole can be sent again.
    case notReplayable(Int)
}
