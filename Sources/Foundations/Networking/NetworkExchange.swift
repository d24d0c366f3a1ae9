import Foundation
import Telemetry

/// One exchange of the dashboard with its BFF (a GraphQL call, a remote-config read, a picture),
/// as Area 51's network inspector shows it. Header values that are credentials are kept only
/// masked: the log never holds a secret.
public struct NetworkExchange: Sendable, Encodable, Equatable {
    /// What the exchange was for.
    public enum Kind: String, Sendable, Encodable {
        case graphQL, remoteConfig, media
    }

    /// How it ended, by structure: the inspector's filter.
    public enum Outcome: String, Sendable, Encodable, CaseIterable {
        case ok
        /// A GraphQL answer with `data` and `errors`: fields that failed are `null`, the rest stands.
        case partial
        /// A GraphQL answer with `errors` and no `data` to use.
        case graphQLError
        /// An HTTP status other than 2xx (credentials refused included).
        case httpError
        /// No answer: could not connect, or timed out.
        case transportError
        /// A 2xx answer that is not what was asked for: not JSON, not GraphQL, data missing.
        case invalidAnswer
        /// Shaped by a fault set in Area 51, whatever it looked like.
        case injectedFault

        /// The outcome of an exchange that failed with `error` (`nil`: it did not, with field
        /// errors when `isPartial`).
        public init(error: APISessionError?, fault: Fault?, isPartial: Bool = false) {
            if fault != nil { self = .injectedFault; return }
            switch error {
            case nil: self = isPartial ? .partial : .ok
            case .transport, .timeout: self = .transportError
            case .credentialsRefused, .httpStatus: self = .httpError
            case .graphQL: self = .graphQLError
            case .notJSON, .notGraphQL, .missingData: self = .invalidAnswer
            }
        }
    }

    /// One request header; credentials masked (`BFFHeaders.masked`).
    public struct Header: Sendable, Encodable, Equatable {
        public let name: String
        public let value: String
    }

    /// Given by the log, in order: the inspector's stable link `/area51/network/{id}`.
    public internal(set) var id = 0
    public let kind: Kind
    /// The GraphQL operation name, `remoteConfig`, or `media`.
    public let operationName: String
    /// `query`, `mutation`, or the HTTP method of a non-GraphQL exchange.
    public let operationType: String
    public let method: String
    /// The BFF's URL, or "embedded BFF (in process)".
    public let url: String
    public let requestHeaders: [Header]
    /// The GraphQL document sent.
    public let document: String?
    /// The variables sent (`variables.json`).
    public let variables: RequestVariables?
    public let requestBody: NetworkBody
    /// The HTTP status; `nil` when no answer came.
    public let status: Int?
    public let responseBody: NetworkBody
    /// The GraphQL `errors` of the answer.
    public let errors: [GraphQLErrorDetail]
    /// The class of failure in English (`APISessionError.description`), when it failed.
    public let failure: String?
    public let outcome: Outcome
    /// The fault that shaped this exchange, if one did.
    public let fault: Fault?
    /// Whether a mock set in Area 51 gave the answer, instead of the BFF.
    public let isMocked: Bool
    /// Where breakpoints held it, for how long, and how each hold ended.
    public let holds: [BreakpointHold]
    public let startedAt: Date
    public let durationMilliseconds: Double
    /// The page or action that caused it (`NetworkCause`).
    public let cause: String
    /// The `X-Request-Id` of the request being served when it was made; `nil` in the background.
    public let requestID: String?
    /// The W3C trace id it carried to the BFF (`traceparent`), the same the BFF logs; `nil` in the background.
    public let traceID: String?

    public init(kind: Kind, operationName: String, operationType: String, method: String, url: String, requestHeaders: [Header],
                document: String? = nil, variables: RequestVariables? = nil, requestBody: NetworkBody, status: Int?, responseBody: NetworkBody,
                errors: [GraphQLErrorDetail] = [], failure: String?, outcome: Outcome, fault: Fault?, isMocked: Bool = false,
                holds: [BreakpointHold] = [], startedAt: Date,
                duration: Duration, cause: String = NetworkCause.current, trace: RequestTrace? = RequestTrace.current) {
        self.kind = kind
        self.operationName = operationName
        self.operationType = operationType
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.document = document
        self.variables = variables
        self.requestBody = requestBody
        self.status = status
        self.responseBody = responseBody
        self.errors = errors
        self.failure = failure
        self.outcome = outcome
        self.fault = fault
        self.isMocked = isMocked
        self.holds = holds
        self.startedAt = startedAt
        durationMilliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        self.cause = cause
        requestID = trace?.requestID
        traceID = trace?.traceID
    }

    /// `headers` as recorded: sorted by name, the values of `credentialNames` masked.
    public static func headers(_ headers: [String: String], credentialNames: some Collection<String>) -> [Header] {
        let secret = Set(credentialNames.map { $0.lowercased() })
        return headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { name, value in
            Header(name: name, value: secret.contains(name.lowercased()) ? BFFHeaders.masked(value) : value)
        }
    }

    /// Bytes the log holds for this exchange, for its memory budget.
    var storedBytes: Int {
        requestBody.text.utf8.count + responseBody.text.utf8.count + (document?.utf8.count ?? 0) + (variables?.storedBytes ?? 0) + 512
    }
}
