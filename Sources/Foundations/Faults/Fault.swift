import Foundation

/// A failure QA asks for on purpose (Area 51, `PUT /api/area51/faults/{operation}`): what the
/// next calls of one operation answer instead of, or besides, the BFF's real answer.
public struct Fault: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Wait `delayMs`, then the real answer.
        case delay
        /// No answer: the call fails as the session's timeout.
        case timeout
        /// HTTP `status` with a body that is no GraphQL answer.
        case httpStatus
        /// A GraphQL answer with one error (`message`, `extensions.code` = `code`) and no data.
        case graphQLError
        /// The real answer with its `moments` list emptied.
        case emptyMoments
        /// A 200 whose body is cut in the middle of the JSON.
        case malformedJSON
    }

    public var kind: Kind
    public var delayMs: Int?
    public var status: Int?
    public var message: String?
    public var code: String?
    /// How many calls it still shapes; `nil` until cleared.
    public var remainingCalls: Int?

    public init(kind: Kind, delayMs: Int? = nil, status: Int? = nil, message: String? = nil, code: String? = nil,
                remainingCalls: Int? = nil) {
        self.kind = kind
        self.delayMs = delayMs
        self.status = status
        self.message = message
        self.code = code
        self.remainingCalls = remainingCalls
    }

    private enum CodingKeys: String, CodingKey {
        case kind, delayMs, status, message, code, remainingCalls
    }

    /// Reads the numbers as whole numbers: Foundation refuses `1.5` for an `Int` without saying
    /// which field, so each is read as a number and checked here, where the field is known.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(kind: try container.decode(Kind.self, forKey: .kind),
                  delayMs: try container.decodeWholeNumberIfPresent(forKey: .delayMs),
                  status: try container.decodeWholeNumberIfPresent(forKey: .status),
                  message: try container.decodeIfPresent(String.self, forKey: .message),
                  code: try container.decodeIfPresent(String.self, forKey: .code),
                  remainingCalls: try container.decodeWholeNumberIfPresent(forKey: .remainingCalls))
    }

    /// The fault in a few words, in the reader's language, for the banner, the inspector and the
    /// audit: `delay 1500 ms`, `延迟 1500 毫秒`.
    public func summary(in l10n: L10n) -> String {
        let what = switch kind {
        case .delay: String(format: l10n[.faultSummaryDelay], "\(delayMs ?? 0)")
        case .timeout: l10n[.faultSummaryTimeout]
        case .httpStatus: "HTTP \(status ?? 0)"
        case .graphQLError: String(format: l10n[.faultSummaryGraphQLError], code ?? Self.defaultCode)
        case .emptyMoments: l10n[.faultSummaryEmptyMoments]
        case .malformedJSON: l10n[.faultSummaryMalformedJSON]
        }
        // The call that used the last one up shows it so, rather than "0 more".
        return remainingCalls.map {
            $0 == 0 ? String(format: l10n[.faultSummaryLastCall], what) : String(format: l10n[.faultSummaryMore], what, "\($0)")
        } ?? what
    }

    static let defaultMessage = "Injected fault"
    static let defaultCode = "INJECTED_FAULT"

    /// The answer to one call to `endpoint` under this fault; `send` makes the real call when the
    /// kind needs it.
    func answer(reaching endpoint: String, timeout: Duration,
                send: () async throws -> (status: Int, body: Data)) async throws -> (status: Int, body: Data) {
        switch kind {
        case .delay:
            try await Task.sleep(for: .milliseconds(delayMs ?? 0))
            return try await send()
        case .timeout:
            try await TransportFailure.timeout.fail(reaching: endpoint, timeout: timeout)
        case .httpStatus:
            let status = status ?? 500
            return (status, Data("injected fault: HTTP \(status)\n".utf8))
        case .graphQLError:
            let error: [String: Any] = ["message": message ?? Self.defaultMessage, "extensions": ["code": code ?? Self.defaultCode]]
            return (200, try JSONSerialization.data(withJSONObject: ["data": NSNull(), "errors": [error]], options: [.sortedKeys]))
        case .emptyMoments:
            let answer = try await send()
            return (answer.status, Self.emptyingMoments(answer.body))
        case .malformedJSON:
            return (200, Data(#"{"data": {"getMomentsDetailsByUserID": {"moments": [{"id": "#.utf8))
        }
    }

    /// `body` with every `moments` list under `data` emptied, and every list that is a root
    /// field's whole answer (the moments of `updateMomentLikes`); anything else kept as it was.
    private static func emptyingMoments(_ body: Data) -> Data {
        guard var answer = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              var data = answer["data"] as? [String: Any] else { return body }
        for (field, value) in data {
            if value is [Any] {
                data[field] = [Any]()
                continue
            }
            guard var details = value as? [String: Any], details["moments"] != nil else { continue }
            details["moments"] = [Any]()
            data[field] = details
        }
        answer["data"] = data
        return (try? JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys])) ?? body
    }
}

private extension KeyedDecodingContainer {
    /// The number at `key` as an `Int`; a fraction or a number out of range is a type mismatch at
    /// that key.
    func decodeWholeNumberIfPresent(forKey key: Key) throws -> Int? {
        guard let number = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard number.rounded(.towardZero) == number, let whole = Int(exactly: number) else {
            throw DecodingError.typeMismatch(Int.self, DecodingError.Context(codingPath: codingPath + [key],
                                                                             debugDescription: "\(number) is not a whole number"))
        }
        return whole
    }
}
