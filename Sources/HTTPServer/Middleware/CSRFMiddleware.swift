import Foundation

/// Double-submit CSRF tokens for HTML forms.
///
/// Every client gets a random token in a cookie; pages put the same token in a hidden field of
/// each form (`Request.csrfToken` gives it to handlers). A form post whose field does not match
/// its cookie is refused with 403: another site can make a browser post a form, but cannot read
/// the cookie to fill in the field. JSON requests are left to `OriginCheckMiddleware` and the
/// `application/json` requirement, which a cross-site form cannot meet.
public struct CSRFMiddleware: Middleware {
    public static let cookieName = "moments_csrf"
    public static let fieldName = "_csrf"

    public init() {}

    public func respond(to request: Request, next: Handler) async throws -> Response {
        var request = request
        let issued = request.cookies[Self.cookieName] == nil
        if issued {
            request.cookies[Self.cookieName] = Self.newToken()
        }
        if !request.method.isSafe, request.contentType == "application/x-www-form-urlencoded" || request.contentType == "multipart/form-data" {
            guard !issued, let field = request.formFields[Self.fieldName], field == request.csrfToken else {
                throw HTTPError(.forbidden, code: "csrf_token_mismatch",
                                message: "This form has expired or did not come from this dashboard. Reload the page and try again.")
            }
        }
        var response = try await next(request)
        if issued, let token = request.csrfToken {
            response.headers.add("Set-Cookie", "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict")
        }
        return response
    }

    private static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next(), radix: 16) }.joined()
    }
}

extension Request {
    /// The CSRF token forms on this page must carry in their `_csrf` field.
    public var csrfToken: String? { cookies[CSRFMiddleware.cookieName] }
}
