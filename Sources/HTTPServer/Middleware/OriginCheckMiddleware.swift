import Foundation

/// Refuses state-changing requests sent by pages of other sites, with 403.
///
/// Browsers name the page that sent a request in `Origin` (or, for some forms, only in
/// `Referer`); a write whose origin is not one of ours was made by a foreign page. Requests
/// without either come from scripts and tools, not from pages, and pass.
public struct OriginCheckMiddleware: Middleware {
    private let allowedHosts: Set<String>

    public init(allowedHosts: some Sequence<String>) {
        self.allowedHosts = Set(allowedHosts.map { HostCheckMiddleware.hostName($0) })
    }

    public func respond(to request: Request, next: Handler) async throws -> Response {
        guard !request.method.isSafe else { return try await next(request) }
        if let origin = request.headers["Origin"] ?? request.headers["Referer"] {
            guard let host = URL(string: origin)?.host, allowedHosts.contains(HostCheckMiddleware.hostName(host)) else {
                throw HTTPError(.forbidden, code: "foreign_origin",
                                message: "Requests that change data are accepted only from this dashboard's own pages, not from \(origin).")
            }
        }
        return try await next(request)
    }
}
