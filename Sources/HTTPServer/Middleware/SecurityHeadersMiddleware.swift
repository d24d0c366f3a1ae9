/// Headers that keep pages from being framed, sniffed or scripted from elsewhere.
public struct SecurityHeadersMiddleware: Middleware {
    /// No inline script, nothing from other origins, never inside a frame.
    public static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
        "connect-src 'self'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'", "object-src 'none'",
    ].joined(separator: "; ")

    public init() {}

    public func respond(to request: Request, next: Handler) async throws -> Response {
        var response: Response
        do {
            response = try await next(request)
        } catch let error as HTTPError {
            // Error pages get the same headers; the router renders them after this returns.
            var error = error
            Self.apply(to: &error.headers)
            throw error
        }
        Self.apply(to: &response.headers)
        return response
    }

    private static func apply(to headers: inout HTTPHeaders) {
        headers.set("Content-Security-Policy", contentSecurityPolicy)
        headers.set("X-Content-Type-Options", "nosniff")
        headers.set("X-Frame-Options", "DENY")
        headers.set("Referrer-Policy", "same-origin")
    }
}
