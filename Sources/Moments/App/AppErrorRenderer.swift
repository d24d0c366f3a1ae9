import Foundation
import Foundations
import HTTPServer

/// Errors as the client expects them: `{"error":{"code","message"}}` for scripts, a page in
/// the layout for people. Never a stack trace.
public enum AppErrorRenderer {
    struct Body: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
        }

        let error: Detail
    }

    public static func make(pages: PageRenderer) -> ErrorRenderer {
        { error, request in
            if request.wantsJSON {
                return json(error)
            }
            let l10n = request.l10n
            let title = error.status == .notFound ? l10n["notFoundTitle"] : l10n["errorPageTitle"]
            // The router's own 404 is said in the reader's language; other messages come from handlers.
            let message = error.code == "not_found" ? String(format: l10n["notFoundMessage"], request.path) : error.message
            let content: [String: Any] = ["status": error.status.code, "heading": title, "message": message]
            return (try? pages.page("error", content: content, for: request, options: .init(title: title, status: error.status)))
                ?? .text("\(error.status): \(error.message)\n", status: error.status)
        }
    }

    /// The JSON form of `error`.
    public static func json(_ error: HTTPError) -> Response {
        (try? Response.json(Body(error: .init(code: error.code, message: error.message)), status: error.status))
            ?? .text(error.message, status: error.status)
    }
}
