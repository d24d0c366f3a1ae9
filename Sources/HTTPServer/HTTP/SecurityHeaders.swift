/// Headers that keep pages from being framed, sniffed or scripted from elsewhere: set on every
/// answer of a router (`Router.headersOnEveryAnswer`), error pages and JSON errors included.
public enum SecurityHeaders {
    /// No inline script, nothing from other origins, never inside a frame.
    public static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
        "connect-src 'self'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'", "object-src 'none'",
    ].joined(separator: "; ")

    public static let all: HTTPHeaders = [
        "Content-Security-Policy": contentSecurityPolicy,
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "same-origin",
    ]
}
