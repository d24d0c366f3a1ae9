import Foundation
import Foundations
import HTTPServer

/// The one place errors become answers: `{"error":{"code","message"}}` for scripts, a page in
/// the layout for people, in the reader's language. Never a stack trace.
enum AppErrorRenderer {
    /// An error as the reader sees it: its message in their language.
    private struct Localized: HTTPResponseError {
        let status: HTTPStatus
        let code: String
        let message: String
    }

    static func make(pages: PageRenderer) -> ErrorRenderer {
        { error, request in
            let l10n = request.l10n
            let localized = Localized(status: error.status, code: error.code, message: message(of: error, in: l10n, request: request))
            if request.wantsJSON {
                return .json(error: localized)
            }
            let title = error.status == .notFound ? l10n[.notFoundTitle] : l10n[.errorPageTitle]
            let content = ErrorPage(status: error.status.code, code: error.code, heading: title, message: localized.message)
            return (try? pages.page("error", content: content, for: request, options: .init(title: title, status: error.status)))
                ?? .text("\(error.status): \(localized.message)\n", status: error.status)
        }
    }

    /// The message in the reader's language: a domain error's own, or, for the errors of HTTP
    /// itself that a person can meet on a page (told by their code), the sentence for it.
    private static func message(of error: any HTTPResponseError, in l10n: L10n, request: Request) -> String {
        if let localized = error as? any LocalizedResponseError { return localized.message(in: l10n) }
        if let form = error as? InvalidFormError { return String(format: l10n[.invalidForm], form.expected) }
        switch (error.status, error.code) {
        case (.notFound, "not_found"): return String(format: l10n[.notFoundMessage], request.path)
        case (.forbidden, "csrf_token_mismatch"): return l10n[.formExpired]
        case (.methodNotAllowed, "method_not_allowed"):
            return String(format: l10n[.methodNotAllowed], request.method.rawValue, error.headers["Allow"] ?? "")
        case (.internalServerError, "internal_server_error"): return l10n[.internalError]
        default: return error.message
        }
    }

    private struct ErrorPage: Encodable {
        let status: Int
        /// The same code as the JSON answer's, for a person to quote or a script to find.
        let code: String
        let heading: String
        let message: String
    }
}
