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
    /// A GraphQL answer with `errors` and no `data` to use; `hasData` tells whether it carried
    /// `data` that is not what the document asked for, or none (the document was refused, or the
    /// operation failed as a whole). `data` with field errors is no failure: `GraphQLAnswer`.
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

    /// Whether a GraphQL error of this answer carries `code`.
    public func carries(_ code: BFFErrorCode) -> Bool {
        graphQLCodes.contains(code.rawValue)
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

/// One entry of a GraphQL answer's `errors`: its message, for people, its `extensions.code`,
/// when the server sends one, for code, and its `path`, when it is a field's error: where in
/// `data` the field it nulled is.
public struct GraphQLErrorDetail: Equatable, Sendable, Codable, CustomStringConvertible {
    /// One step of a path: a field's response name, or an index in a list, as GraphQL sends them.
    public enum PathSegment: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
        case field(String)
        case index(Int)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let index = try? container.decode(Int.self) {
                self = .index(index)
            } else {
                self = .field(try container.decode(String.self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .field(let name): try container.encode(name)
            case .index(let index): try container.encode(index)
            }
        }

        public var description: String {
            switch self {
            case .field(let name): name
            case .index(let index): String(index)
            }
        }
    }

    private struct Extensions: Decodable {
        let code: String?
    }

    public let message: String
    public let code: String?
    /// The path of the field the error nulled; `nil` for an error of the whole request.
    public let path: [PathSegment]?

    public init(message: String, code: String? = nil, path: [PathSegment]? = nil) {
        self.message = message
        self.code = code
        self.path = path
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = try container.decode(String.self, forKey: .message)
        code = (try? container.decodeIfPresent(Extensions.self, forKey: .extensions))?.flatMap(\.code)
        // A path of another shape is the server's slip: the error stands, without a place.
        path = (try? container.decodeIfPresent([PathSegment].self, forKey: .path)) ?? nil
    }

    /// Encoded flat, as the inspector shows it: `{"message", "code", "path"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FlatKeys.self)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(code, forKey: .code)
        try container.encodeIfPresent(path, forKey: .path)
    }

    private enum FlatKeys: String, CodingKey {
        case message, code, path
    }

    public var description: String { code.map { "\(message) [\($0)]" } ?? message }

    private enum CodingKeys: String, CodingKey {
        case message, extensions, path
    }
}
