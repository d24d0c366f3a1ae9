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

    /// Renders `template` with `content` (a view-model's encoded form) inside the layout.
    func page(
        _ template: String,
        title: String,
        content: Any,
        l10n: L10n,
        bodyClass: String = "",
        set: TemplateRenderer.TemplateSet = .classic,
        status: HTTPStatus = .ok
    ) throws -> Response {
        var context = content as? [String: Any] ?? [:]
        context["content"] = content
        context["t"] = l10n.strings
        context["design"] = design
        let body = try dependencies.renderer.render(template, context: context, set: set)
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

    /// Renders a fragment (one list item) with the same design context, for in-place updates.
    func fragment(_ template: String, content: Any, l10n: L10n, set: TemplateRenderer.TemplateSet) throws -> Response {
        var context = content as? [String: Any] ?? [:]
        context["t"] = l10n.strings
        context["design"] = design
        return .html(try dependencies.renderer.render(template, context: context, set: set))
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
