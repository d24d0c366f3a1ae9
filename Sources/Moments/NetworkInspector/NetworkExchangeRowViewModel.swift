import Foundation
import Foundations

/// One line of the inspector's list: what a person scans for (operation, outcome, status, time)
/// and what a script filters on, without the bodies.
struct NetworkExchangeRowViewModel: Encodable, Sendable {
    let id: Int
    let href: String
    let kind: NetworkExchange.Kind
    let operationName: String
    let operationType: String
    let method: String
    let url: String
    let status: Int?
    let outcome: NetworkExchange.Outcome
    let outcomeTitle: String
    let isFailure: Bool
    let failure: String?
    let errors: [GraphQLErrorDetail]
    let fault: Fault?
    let faultSummary: String?
    /// Whether a mock gave the answer instead of the BFF.
    let isMocked: Bool
    /// Where breakpoints held it and how each hold ended; `nil` when none did.
    let holdSummary: String?
    let variables: String?
    let requestSize: Int
    let responseSize: Int
    let isTruncated: Bool
    let durationMilliseconds: Double
    let durationText: String
    let startedAt: Date
    let time: String
    let cause: String
    /// The dashboard request it was made for (`X-Request-Id`) and the trace the BFF saw: what a
    /// bug report against a team's BFF names. `nil` for background work.
    let requestID: String?
    let traceID: String?

    init(_ exchange: NetworkExchange, l10n: L10n) {
        id = exchange.id
        href = "/area51/network/\(exchange.id)"
        kind = exchange.kind
        operationName = exchange.operationName
        operationType = exchange.operationType
        method = exchange.method
        url = exchange.url
        status = exchange.status
        outcome = exchange.outcome
        outcomeTitle = l10n[exchange.outcome.title]
        isFailure = exchange.outcome != .ok
        failure = exchange.failure
        errors = exchange.errors
        fault = exchange.fault
        faultSummary = exchange.fault?.summary(in: l10n)
        isMocked = exchange.isMocked
        holdSummary = exchange.holds.isEmpty ? nil : exchange.holds.map(\.summary).joined(separator: "; ")
        variables = exchange.variables?.json
        requestSize = exchange.requestBody.size
        responseSize = exchange.responseBody.size
        isTruncated = exchange.requestBody.isTruncated || exchange.responseBody.isTruncated
        durationMilliseconds = exchange.durationMilliseconds
        durationText = String(format: "%.1f ms", exchange.durationMilliseconds)
        startedAt = exchange.startedAt
        time = l10n.time(exchange.startedAt)
        cause = exchange.cause
        requestID = exchange.requestID
        traceID = exchange.traceID
    }
}

extension NetworkExchange.Outcome {
    /// The outcome's name in the reader's language.
    var title: L10nKey {
        switch self {
        case .ok: .outcomeOk
        case .partial: .outcomePartial
        case .graphQLError: .outcomeGraphQLError
        case .httpError: .outcomeHttpError
        case .transportError: .outcomeTransportError
        case .invalidAnswer: .outcomeInvalidAnswer
        case .injectedFault: .outcomeInjectedFault
        }
    }
}
