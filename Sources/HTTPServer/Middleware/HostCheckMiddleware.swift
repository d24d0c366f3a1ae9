/// Refuses requests whose `Host` is not a name this server was started for, with 421.
///
/// A page on another site can make a browser send requests here by pointing its own domain at
/// 127.0.0.1 (DNS rebinding); such requests carry that domain in `Host` and stop here.
public struct HostCheckMiddleware: Middleware {
    private let allowedHosts: Set<String>

    /// - Parameter allowedHosts: host names or addresses, without ports (`127.0.0.1`, `localhost`).
    public init(allowedHosts: some Sequence<String>) {
        self.allowedHosts = Set(allowedHosts.map { HostCheckMiddleware.normalize($0) })
    }

    public func respond(to request: Request, next: Handler) async throws -> Response {
        guard let host = request.headers["Host"], allowedHosts.contains(HostCheckMiddleware.hostName(host)) else {
            throw HTTPError(.misdirectedRequest, code: "unknown_host",
                            message: "This server does not answer for host \(request.headers["Host"] ?? "(none)"). Start it with --allow-host to use that name.")
        }
        return try await next(request)
    }

    /// The host of a `Host` or origin authority, lowercased, without port or IPv6 brackets.
    static func hostName(_ authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return normalize(authority[authority.index(after: authority.startIndex)..<end])
        }
        return normalize(authority.prefix { $0 != ":" })
    }

    /// Checked on every request, so without Foundation's character sets.
    private static func normalize(_ host: some StringProtocol) -> String {
        String(host.filter { $0 != "[" && $0 != "]" }).lowercased()
    }
}
