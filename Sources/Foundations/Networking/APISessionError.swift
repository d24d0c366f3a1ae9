/// Why a call to the BFF failed, in the terms a page or a log can explain.
public enum APISessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The BFF could not be reached (refused, reset, DNS).
    case transport(String)
    /// No answer within the session's timeout.
    case timeout(seconds: Double)
    /// An answer with a status other than 200.
    case httpStatus(Int)
    /// An answer that is not the JSON the schema promises.
    case invalidJSON(String)
    /// A GraphQL answer with `errors`.
    case graphQL([String])

    public var description: String {
        switch self {
        case .transport(let reason): "the BFF cannot be reached (\(reason))"
        case .timeout(let seconds): "the BFF did not answer within \(seconds.formatted()) s"
        case .httpStatus(let status): "the BFF answered HTTP \(status)"
        case .invalidJSON(let reason): "the BFF answered something that is not the expected JSON (\(reason))"
        case .graphQL(let messages): "the BFF reported: \(messages.joined(separator: "; "))"
        }
    }
}
