import DesignKit
import Foundations
import HTTPServer

/// Draws a page: a template for the content inside the layout, with the strings of the
/// reader's language and the design choices the toggles and the A/B test make.
public struct PageRenderer: Sendable {
    private let dependencies: AppDependencies

    public init(dependencies: AppDependencies) {
        self.dependencies = dependencies
    }

    /// Renders `template` with `content` (a view-model's encoded form) inside the layout, in
    /// the language of `request` and with its CSRF token for forms.
    func page(
        _ template: String,
        title: String,
        content: Any,
        for request: Request,
        bodyClass: String = "",
        set: TemplateRenderer.TemplateSet = .classic,
        status: HTTPStatus = .ok
    ) throws -> Response {
        let l10n = request.l10n
        let body = try dependencies.renderer.render(template, context: context(content, for: request), set: set)
        let layout: [String: Any] = [
            "title": title,
            "lang": l10n.language.htmlLang,
            "t": l10n.strings,
            "body": body,
            "bodyClass": bodyClass,
            "otherLanguage": l10n.language == .english ? Language.simplifiedChinese.rawValue : Language.english.rawValue,
            "hasArea51": AppInfo.buildTarget != .production,
        ]
        return .html(try dependencies.renderer.render("layout", context: layout), status: status)
    }

    /// Renders a fragment (one list item) with the same context, for in-place updates.
    func fragment(_ template: String, content: Any, for request: Request, set: TemplateRenderer.TemplateSet) throws -> Response {
        .html(try dependencies.renderer.render(template, context: context(content, for: request), set: set))
    }

    /// What every template may use besides its view-model: strings, design choices, the token.
    private func context(_ content: Any, for request: Request) -> [String: Any] {
        var context = content as? [String: Any] ?? [:]
        context["content"] = content
        context["t"] = request.l10n.strings
        context["design"] = design
        context["csrfToken"] = request.csrfToken ?? ""
        return context
    }

    private var design: [String: Any] {
        let style = FavoriteButton.Style(rawValue: dependencies.abTestProvider.likeButtonStyle.rawValue) ?? .heart
        let rounded = dependencies.remoteTogglesDataStore.isToggleOn(RemoteToggle.isRoundedAvatar)
        return [
            "avatarClass": Avatar.cssClasses(rounded ? .round : .roundedSquare),
            "likeStyle": style.rawValue,
            "likeIcon": FavoriteButton.icon(style),
        ]
    }
}
