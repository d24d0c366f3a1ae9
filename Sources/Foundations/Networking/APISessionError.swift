import Connections

/// Why a call to the BFF failed, told apart by what the exchange shows (no answer, the status,
/// the shape of the body), never by its wording. Each case is one class of failure with its
/// own code and message (`AppErrors.swift`).
public enum APISessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The BFF could not be reached (unknown host, refused, TLS, reset): where, why, and which
    /// option named it.
    case transport(ConnectionFailure)
    /// No answer within the session's timeout.
    case timeout(seconds: Double)
    /// The BFF answered 401 or 403: it refused the credentials sent (or their absence).
    case credentialsRefused(status: Int)
    /// An answer with a status other than 2xx that carries no GraphQL answer.
    case httpStatus(Int)
    /// A body that is not JSON at all (an HTML page from a proxy, a cut answer).
    case notJSON(String)
    /// JSON that is not a GraphQL answer: neither `data` nor `errors`, or either of the wrong type.
    case notGraphQL(String)
    /// A GraphQL answer with `errors`; `hasData` tells whether it carried `data` as well
    /// (field errors) or not (the document was refused, or the operation failed as a whole).
    case graphQL([GraphQLErrorDetail], hasData: Bool)
    /// A GraphQL answer whose `data` lacks a field the schema requires (or has it of another
    /// type); the associated value names the field's path.
    case missingData(String)

    /// The HTTP status the failure carries, when it is one of a status.
    public var httpStatus: Int? {
        switch self {
        case .credentialsRefused(let status), .httpStatus(let status): status
        default: nil
        }
    }

    /// The `extensions.code` of every GraphQL error that has one.
    public var graphQLCodes: Set<String> {
        guard case .graphQL(let errors, _) = self else { return [] }
        return Set(errors.compactMap(\.code))
    }

    /// For logs and Area 51's activity: English, with the detail the exchange showed. Never
    /// holds a header value: no case carries one.
    public var description: String {
        switch self {
        case .transport(let failure): failure.bffMessage(in: L10n(language: .english))
        case .timeout(let seconds): "the BFF did not answer within \(seconds.formatted()) s"
        case .credentialsRefused(let status): "the BFF refused the credentials (HTTP \(status))"
        case .httpStatus(let status): "the BFF answered HTTP \(status)"
        case .notJSON(let reason): "the BFF answered something that is not JSON (\(reason))"
        case .notGraphQL(let reason): "the BFF answered JSON that is not a GraphQL answer (\(reason))"
        case .graphQL(let errors, _): "the BFF reported: \(errors.map(\.description).joined(separator: "; "))"
        case .missingData(let path): "the BFF's data lacks a required field (\(path))"
        }
    }
}

/// One entry of a GraphQL answer's `errors`: its message, for people, and its
/// `extensions.code`, when the server sends one, for code.
public struct GraphQLErrorDetail: Equatable, Sendable, Codable, CustomStringConvertible {
    private struct Extensions: Decodable {
        let code: String?
    }

    public let message: String
    public let code: String?

    public init(message: String, code: String? = nil) {
        self.message = message
        self.code = code
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = try container.decode(String.self, forKey: .message)
        code = (try? container.decodeIfPresent(Extensions.self, forKey: .extensions))?.flatMap(\.code)
    }

    /// Encoded flat, as the inspector shows it: `{"message", "code"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FlatKeys.self)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(code, forKey: .code)
    }

    private enum FlatKeys: String, CodingKey {
        case message, code
    }

    public var description: String { code.map { "\(message) [\($0)]" } ?? message }

    private enum CodingKeys: String, CodingKey {
        case message, extensions
    }
}
