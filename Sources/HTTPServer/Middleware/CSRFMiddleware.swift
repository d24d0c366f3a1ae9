import Foundation
import Telemetry

/// Double-submit CSRF tokens for HTML forms.
///
/// Every client gets a random token in a cookie, set with the first HTML answer it is given;
/// pages put the same token in a hidden field of each form (`Request.csrfToken` gives it to
/// handlers). Other answers (JSON, files, `/healthz`) carry no form and set no cookie.
///
/// A write is either JSON or a form: JSON requests are left to `OriginCheckMiddleware` and the
/// `application/json` requirement, which a cross-site form cannot meet; any other write must be an
/// `application/x-www-form-urlencoded` form whose field matches its cookie, else it is refused
/// (403 for a form without the token, 415 for any other body, `text/plain` and none included,
/// which another site's page can send as well). Another site can make a browser post a form, but
/// cannot read the cookie to fill in the field.
public struct CSRFMiddleware: Middleware {
    public static let cookieName = "moments_csrf"
    public static let fieldName = "_csrf"

    /// Writes to the groups whose policy exempts them (`RoutePolicy.isCSRFExempt`) are left to
    /// other guards: a JSON API whose bodies must be JSON (`JSONContentTypeMiddleware`) and whose
    /// bodiless writes only scripts send, or writes that change nothing (OpenFeature's evaluation
    /// is a POST by its protocol).
    public init() {}

    public func respond(to request: Request, next: Handler) async throws -> Response {
        var request = request
        // A cookie the dashboard cannot have issued (another site's script may set one) is replaced:
        // pages carry the token as it is, in an attribute, so only safe characters pass. Looked at
        // without noting it: only an HTML answer, or a handler that reads the token, depends on it.
        let cookie = request.cookies.unnoted(Self.cookieName)
        let issued = !(cookie.map(Self.isWellFormed) ?? false)
        if issued {
            request.cookies[Self.cookieName] = Self.newToken()
        }
        if !request.method.isSafe, request.contentType != "application/json",
           request.routePolicy.isCSRFExempt != true {
            guard request.contentType == "application/x-www-form-urlencoded" else {
                throw HTTPError(.unsupportedMediaType, code: "unsupported_media_type",
                                message: "Send the body as application/json, or as a form (application/x-www-form-urlencoded) "
                                    + "with its \(Self.fieldName) field (got \(request.contentType ?? "no Content-Type")).")
            }
            guard !issued, let field = request.formFields[Self.fieldName], field == request.csrfToken else {
                throw HTTPError(.forbidden, code: "csrf_token_mismatch",
                                message: "This form has expired or did not come from this dashboard. Reload the page and try again.")
            }
        }
        var response = try await next(request)
        guard response.headers["Content-Type"]?.hasPrefix("text/html") == true else { return response }
        // The page holds the token: an answer reused for another request gets that request's own,
        // a fresh one for a client without (in the cookie, too), the cookie's for one with.
        let token = request.cookies.echoed(Self.cookieName) ?? ""
        if issued {
            response.headers.add("Set-Cookie", "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict")
            response.reuse?.perClientValue = PerClientValue(value: token, make: Self.newToken)
        } else {
            response.reuse?.perClientValue = PerClientValue(echoing: Self.cookieName, value: token)
        }
        // An answer holding a token of another shape could never be lent: none is written into others' answers.
        if let cookie, !Cookies.isEchoable(cookie.utf8) { response.reuse = nil }
        return response
    }

    /// 1 to 128 ASCII letters, digits, `-` and `_`: what `newToken` makes, and nothing that means
    /// something in HTML.
    private static func isWellFormed(_ token: String) -> Bool {
        (1...128).contains(token.utf8.count) && token.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    /// 128 random bits from the kernel (`KernelRandom`), as hex.
    private static func newToken() -> String {
        KernelRandom.hex(bytes: 16)
    }
}

extension Request {
    /// The CSRF token forms on this page must carry in their `_csrf` field. Not noted
    /// (`RequestReads`): an HTML answer holds it as `CSRFMiddleware`'s per-client value.
    public var csrfToken: String? { cookies.unnoted(CSRFMiddleware.cookieName) }
}
