import Foundations
import HTTPServer

extension HTTPError {
    /// The answer for a BFF call that failed: 503 when it cannot be reached, 504 when it is too
    /// slow, 502 when it answers something other than the schema's JSON or reports errors.
    static func bff(_ error: APISessionError, message: String) -> HTTPError {
        switch error {
        case .transport:
            HTTPError(.serviceUnavailable, code: "bff_unavailable", message: "\(message) (\(error))")
        case .timeout:
            HTTPError(.gatewayTimeout, code: "bff_timeout", message: "\(message) (\(error))")
        case .httpStatus, .invalidJSON, .graphQL:
            HTTPError(.badGateway, code: "bff_bad_answer", message: "\(message) (\(error))")
        }
    }
}
