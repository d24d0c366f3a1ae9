import Foundation
import Foundations

/// One exchange whole (`/area51/network/{id}`, `/api/area51/network/{id}`): every field, the
/// bodies pretty-printed, the cURL line, and, after a Replay, the answer it is compared with.
struct NetworkExchangeViewModel: Encodable, Sendable {
    /// A replay's answer beside the one it repeats.
    struct Comparison: Encodable, Sendable {
        let original: NetworkExchangeRowViewModel
        let originalResponseBody: String
        let replay: NetworkExchangeRowViewModel
        let replayResponseBody: String
        let differences: [JSONDifference]
        let isSame: Bool

        init(original: NetworkExchange, replay: NetworkExchange, l10n: L10n) {
            self.original = NetworkExchangeRowViewModel(original, l10n: l10n)
            originalResponseBody = pretty(original.responseBody)
            self.replay = NetworkExchangeRowViewModel(replay, l10n: l10n)
            replayResponseBody = pretty(replay.responseBody)
            differences = JSONDifference.between(original.responseBody.text, replay.responseBody.text)
            isSame = differences.isEmpty
        }
    }

    let title: String
    let summary: NetworkExchangeRowViewModel
    let exchange: NetworkExchange
    let requestHeaders: [NetworkExchange.Header]
    let prettyVariables: String?
    let prettyRequestBody: String
    let prettyResponseBody: String
    let requestTruncatedNote: String?
    let responseTruncatedNote: String?
    /// Replays the exchange; credentials masked unless `?reveal=1` asked for them.
    let curl: String
    let curlIsRevealed: Bool
    let harHref: String
    let isReplayable: Bool
    let replayAction: String
    /// Where "answer with this exchange's response" posts, for an operation a mock can answer.
    let mockAction: String?
    let comparison: Comparison?

    init(exchange: NetworkExchange, curl: String, curlIsRevealed: Bool, comparedWith original: NetworkExchange?, l10n: L10n) {
        title = "\(exchange.operationName) #\(exchange.id)"
        summary = NetworkExchangeRowViewModel(exchange, l10n: l10n)
        self.exchange = exchange
        requestHeaders = exchange.requestHeaders
        prettyVariables = exchange.variables?.json.map { pretty(NetworkBody(Data($0.utf8), mimeType: "application/json", cap: .max)) }
        prettyRequestBody = pretty(exchange.requestBody)
        prettyResponseBody = pretty(exchange.responseBody)
        requestTruncatedNote = Self.note(exchange.requestBody, l10n)
        responseTruncatedNote = Self.note(exchange.responseBody, l10n)
        self.curl = curl
        self.curlIsRevealed = curlIsRevealed
        harHref = "/api/area51/network.har?id=\(exchange.id)"
        isReplayable = exchange.isReplayable
        replayAction = "/area51/network/\(exchange.id)/replay"
        mockAction = exchange.kind == .graphQL && MockStore.operations.contains(exchange.operationName)
            ? "/area51/mocks/\(exchange.operationName)" : nil
        comparison = original.map { Comparison(original: $0, replay: exchange, l10n: l10n) }
    }

    private static func note(_ body: NetworkBody, _ l10n: L10n) -> String? {
        body.isTruncated ? String(format: l10n[.networkTruncated], String(body.text.utf8.count), String(body.size)) : nil
    }
}

extension NetworkExchange {
    /// A GraphQL exchange whose request body was kept whole can be sent again as it was.
    var isReplayable: Bool { kind == .graphQL && !requestBody.isTruncated && requestBody.size > 0 }
}

/// `body` indented with sorted keys when it is JSON kept whole; else its text as kept.
private func pretty(_ body: NetworkBody) -> String {
    guard !body.isTruncated, let object = try? JSONSerialization.jsonObject(with: Data(body.text.utf8), options: .fragmentsAllowed),
          let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
    else { return body.text }
    return String(decoding: data, as: UTF8.self)
}
