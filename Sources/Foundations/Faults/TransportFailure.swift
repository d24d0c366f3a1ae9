import Connections
import Foundation

/// A call to the BFF that gets no answer at all, as QA asks for it: the `timeout` fault, and a
/// mock's `failure` in place of a body. Each fails as the real thing is classified, so the pages,
/// the JSON and the inspector tell it as they tell the real one.
public enum TransportFailure: String, Codable, Sendable, CaseIterable {
    /// Nothing accepts the connection (ECONNREFUSED).
    case refused
    /// The connection is cut before the answer (ECONNRESET).
    case reset
    /// No answer within the session's timeout.
    case timeout

    /// Fails as a call to `endpoint` (a URL, or a description of a BFF in this process) would:
    /// refused or reset at once, timed out after waiting `timeout`.
    func fail(reaching endpoint: String, timeout: Duration) async throws -> Never {
        switch self {
        case .refused:
            let url = URLComponents(string: endpoint)
            // A BFF in this process has no host or port; it is named by its description alone.
            let port = url?.port ?? (url?.host == nil ? 0 : url?.scheme == "https" ? 443 : 80)
            throw APISessionError.transport(ConnectionFailure(url: endpoint, option: "--bff-url",
                                                              cause: .refused(host: url?.host ?? endpoint, port: port)))
        case .reset:
            throw APISessionError.transport(ConnectionFailure(url: endpoint, option: "--bff-url", cause: .reset))
        case .timeout:
            try await Task.sleep(for: timeout)
            throw APISessionError.timeout(seconds: Double(timeout.components.seconds))
        }
    }
}
