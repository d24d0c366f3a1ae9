import Foundations
import HTTPServer

extension Request {
    /// The reader's language: `?lang=` first, then `Accept-Language`.
    var l10n: L10n {
        L10n(language: Language.negotiate(override: query["lang"], acceptLanguage: headers["Accept-Language"]))
    }

    /// Whether the client asked for JSON rather than a page: the JSON twin, the embedded BFF's
    /// routes, or an `Accept` that says so.
    var wantsJSON: Bool {
        path.hasPrefix("/api/") || path.hasPrefix("/graphql") || path == "/remote-config"
            || (headers["Accept"]?.hasPrefix("application/json") ?? false)
    }
}
