import Foundations
import HTTPServer

/// How a page request came about, told by the request's structure (never guessed from timing),
/// so tracking records only what a person did:
///
/// - `scripted`: the page's own script fetched it, saying so with `X-Requested-With: fetch`
///   (a live redraw, Older moments added below, a like's fragment).
/// - `afterAction`: the page a form post or a refresh redirected to. The redirect
///   (`PageVisit.redirectAfterAction`) sets a short-lived cookie; the next page the browser
///   navigates to (`Accept: text/html`) carries it and clears it (`PageVisitMiddleware`).
/// - `opened`: anything else: a person typed the URL, followed a link or reloaded.
enum PageVisit: Equatable {
    case opened
    case scripted
    case afterAction

    /// The marker a redirect after an action sets for the page it leads to.
    static let afterActionCookie = "moments_after_action"

    /// A 303 to `location` whose page is not counted as one a person opened: the action that
    /// led there was recorded (or records nothing) itself.
    static func redirectAfterAction(to location: String) -> Response {
        var response = Response.seeOther(location)
        // Seconds are plenty for the browser to follow; a marker left behind expires unused.
        response.headers.add("Set-Cookie", "\(afterActionCookie)=1; Path=/; Max-Age=30; HttpOnly; SameSite=Strict")
        return response
    }

    /// A 303 to the page a form names in its `back` field (`BackForm`) when it is one of this
    /// server's, else to `path`.
    static func redirectBack(_ request: Request, else path: String) throws -> Response {
        let back = request.body.isEmpty ? nil : try request.decode(BackForm.self).back
        return redirectAfterAction(to: localPath(back) ?? path)
    }

    /// `path` when it is a path on this server (`/…`, not `//host`), so a form's `back` field
    /// cannot send the browser elsewhere.
    static func localPath(_ path: String?) -> String? {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\") else { return nil }
        return path
    }
}

/// `back=/path`: the page a form returns to after its action.
struct BackForm: Decodable {
    let back: String?
}

extension Request {
    /// Who made a change this request asks for, for the audit: a page's form or a script
    /// through the JSON twin.
    var changeSource: ToggleChangeSource { representation == .json ? .api : .page }

    /// How this request came about (`PageVisit`).
    var visit: PageVisit {
        if headers["X-Requested-With"] == "fetch" { return .scripted }
        if method == .get, cookies[PageVisit.afterActionCookie] != nil, headers["Accept"]?.contains("text/html") == true {
            return .afterAction
        }
        return .opened
    }
}

/// Clears the after-action marker on the page that used it, so the next page a person opens
/// counts again.
struct PageVisitMiddleware: Middleware {
    func respond(to request: Request, next: Handler) async throws -> Response {
        guard request.visit == .afterAction else { return try await next(request) }
        var response = try await next(request)
        response.headers.add("Set-Cookie", "\(PageVisit.afterActionCookie)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict")
        return response
    }
}
