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
            let localized = Localized(status: error.status, code: error.code, message: message(of: error, in: l10n, path: request.path))
            if request.wantsJSON {
                return .json(error: localized)
            }
            let title = error.status == .notFound ? l10n[.notFoundTitle] : l10n[.errorPageTitle]
            let content = ErrorPage(status: error.status.code, code: error.code, heading: title, message: localized.message)
            return (try? pages.page("error", content: content, for: request, options: .init(title: title, status: error.status)))
                ?? .text("\(error.status): \(localized.message)\n", status: error.status)
        }
    }

    private static func message(of error: any HTTPResponseError, in l10n: L10n, path: String) -> String {
        if let localized = error as? any LocalizedResponseError { return localized.message(in: l10n) }
        // The router's own 404 is said in the reader's language too.
        if error.status == .notFound, error.code == "not_found" { return String(format: l10n[.notFoundMessage], path) }
        return error.message
    }

    private struct ErrorPage: Encodable {
        let status: Int
        /// The same code as the JSON answer's, for a person to quote or a script to find.
        let code: String
        let heading: String
        let message: String
    }
}
