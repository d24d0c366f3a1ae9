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
    /// Checked on every request, so on the UTF-8 bytes, without Foundation.
    static func hostName(_ authority: String) -> String {
        var host = Substring(authority).utf8
        if host.first == UInt8(ascii: "["), let end = host.firstIndex(of: UInt8(ascii: "]")) {
            host = host[host.index(after: host.startIndex)..<end]
        } else if let colon = host.firstIndex(of: UInt8(ascii: ":")) {
            host = host[..<colon]
        }
        return lowercased(host)
    }

    /// A configured host name (`localhost`, `::1`, `[::1]`) as `hostName` gives it.
    private static func normalize(_ host: String) -> String {
        lowercased(Substring(host).utf8.filter { $0 != UInt8(ascii: "[") && $0 != UInt8(ascii: "]") })
    }

    private static func lowercased(_ bytes: some Collection<UInt8>) -> String {
        let uppercase = UInt8(ascii: "A")...UInt8(ascii: "Z")
        guard bytes.contains(where: uppercase.contains) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes.map { uppercase.contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
