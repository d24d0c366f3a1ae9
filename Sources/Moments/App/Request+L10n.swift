import Foundations
import HTTPServer

extension Request {
    /// The reader's language: `?lang=` first, then `Accept-Language`.
    var l10n: L10n {
        L10n(language: Language.negotiate(override: query["lang"], acceptLanguage: headers["Accept-Language"]))
    }

    /// Whether the client asked for JSON rather than a page.
    var wantsJSON: Bool {
        path.hasPrefix("/api/") || path == "/graphql" || (headers["Accept"]?.hasPrefix("application/json") ?? false)
    }
}
