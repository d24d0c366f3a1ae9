import Foundations
import HTTPServer

extension Request {
    /// The reader's language, by the one rule of `Language.resolve`: `?lang=`, then the choice
    /// kept in the `moments_lang` cookie, then `Accept-Language`. Every page, fragment, redirect
    /// target, error page, JSON answer and live redraw reads it here.
    var l10n: L10n {
        L10n(language: Language.resolve(requested: requestedLanguage, kept: keptLanguage, acceptLanguage: headers["Accept-Language"]))
    }

    /// The choice `?lang=` names on this request, if it names one.
    var requestedLanguage: LanguageChoice? { query["lang"].flatMap(LanguageChoice.init) }

    /// The choice kept from an earlier request (`LanguageChoiceMiddleware`).
    var keptLanguage: LanguageChoice? { cookies[LanguageChoiceMiddleware.cookieName].flatMap(LanguageChoice.init) }

    /// Whether the language shown is one the reader picked rather than the browser's: pages then
    /// offer a link back to the browser's language.
    var hasLanguageChoice: Bool {
        if case .language = requestedLanguage ?? keptLanguage { true } else { false }
    }
}
