import Foundations
import HTTPServer

/// Keeps the language a person picks. `?lang=` on any URL a person opens stores the choice in
/// the `moments_lang` cookie for a year (`SameSite=Lax`, so a link from elsewhere still shows
/// it); `?lang=browser` clears it, and `Accept-Language` decides again. A page's own script
/// fetches (`PageVisit.scripted`) never change it: a live redraw of a tab opened with
/// `?lang=en` must not undo the Chinese picked since in another tab.
struct LanguageChoiceMiddleware: Middleware {
    static let cookieName = "moments_lang"
    static let maxAge = 365 * 24 * 60 * 60

    func respond(to request: Request, next: Handler) async throws -> Response {
        guard let choice = request.requestedLanguage, request.visit != .scripted else {
            return try await next(request)
        }
        var response = try await next(request)
        switch choice {
        case .language(let language):
            response.headers.add("Set-Cookie", "\(Self.cookieName)=\(language.rawValue); Path=/; Max-Age=\(Self.maxAge); SameSite=Lax")
        case .browser:
            response.headers.add("Set-Cookie", "\(Self.cookieName)=; Path=/; Max-Age=0; SameSite=Lax")
        }
        return response
    }
}
