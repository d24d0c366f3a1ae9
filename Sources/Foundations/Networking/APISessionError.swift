/// Why a call to the BFF failed, told apart by what the exchange shows, never by its wording.
public enum APISessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The BFF could not be reached (refused, reset, DNS).
    case transport(String)
    /// No answer within the session's timeout.
    case timeout(seconds: Double)
    /// An answer with a status other than 200 that carries no GraphQL answer.
    case httpStatus(Int)
    /// An answer that is not the JSON the schema promises.
    case invalidJSON(String)
    /// A GraphQL answer with `errors`; `hasData` tells whether it carried `data` as well
    /// (field errors) or not (the document was refused, or the operation failed as a whole).
    case graphQL([GraphQLErrorDetail], hasData: Bool)

    /// The `extensions.code` of every GraphQL error that has one.
    public var graphQLCodes: Set<String> {
        guard case .graphQL(let errors, _) = self else { return [] }
        return Set(errors.compactMap(\.code))
    }

    public var description: String {
        switch self {
        case .transport(let reason): "the BFF cannot be reached (\(reason))"
        case .timeout(let seconds): "the BFF did not answer within \(seconds.formatted()) s"
        case .httpStatus(let status): "the BFF answered HTTP \(status)"
        case .invalidJSON(let reason): "the BFF answered something that is not the expected JSON (\(reason))"
        case .graphQL(let errors, _): "the BFF reported: \(errors.map(\.description).joined(separator: "; "))"
        }
    }
}

/// One entry of a GraphQL answer's `errors`: its message, for people, and its
/// `extensions.code`, when the server sends one, for code.
public struct GraphQLErrorDetail: Equatable, Sendable, Decodable, CustomStringConvertible {
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

    public var description: String { code.map { "\(message) [\($0)]" } ?? message }

    private enum CodingKeys: String, CodingKey {
        case message, extensions
    }
}
