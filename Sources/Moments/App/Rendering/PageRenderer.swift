import DesignKit
import Foundation
import Foundations
import HTTPServer
import Locking

/// Draws a page: a template for the content inside the layout, with the strings of the
/// reader's language, the design choices the toggles and the A/B test make, and the CSRF
/// token its forms carry. Built once by the composition root; every feature shares it and its
/// cache.
public struct PageRenderer: Sendable {
    /// How a page is drawn, besides its content.
    struct PageOptions {
        var title: String
        var bodyClass = ""
        var set = TemplateRenderer.TemplateSet.classic
        var status = HTTPStatus.ok
    }

    private let renderer: TemplateRenderer
    private let toggles: ToggleCatalog
    private let actingUser: ActingUser
    private let cache: RenderedPageCache<DrawnFrom.Key>
    private let items: ListItemDrawings
    /// The faults in force, named by the banner every page shows while there are any.
    private let faults: FaultInjector?
    /// The mocks in force, named by the banner every page shows while there are any.
    private let mocks: MockStore?
    /// The breakpoints in force, named by the banner every page shows while there are any: a
    /// page may wait on a call they hold.
    private let breakpoints: BreakpointStore?

    public init(renderer: TemplateRenderer, toggles: ToggleCatalog, actingUser: ActingUser = ActingUser(),
                faults: FaultInjector? = nil, mocks: MockStore? = nil, breakpoints: BreakpointStore? = nil,
                keepsDrawnPages: Bool = true) {
        cache = RenderedPageCache(keepsPages: keepsDrawnPages)
        items = ListItemDrawings(keepsItems: keepsDrawnPages)
        self.renderer = renderer
        self.toggles = toggles
        self.actingUser = actingUser
        self.faults = faults
        self.mocks = mocks
        self.breakpoints = breakpoints
    }

    /// `value` as Mustache reads it: what the JSON twin answers (`TemplateContextEncoder`), so the
    /// HTML is drawn from exactly that, its lists' items as `drawer` draws them.
    static func context(_ value: some Encodable, drawer: (any ListItemDrawer)? = nil) throws -> Any {
        var encoder = TemplateContextEncoder()
        if let drawer { encoder.userInfo[.listItemDrawer] = drawer }
        return try encoder.encode(value)
    }

    /// Renders `template` with `content` (a view-model) inside the layout.
    func page(_ template: String, content: some Encodable, for request: Request, options: PageOptions) throws -> Response {
        let html = try render(template, content: content, for: request, options: options)
        return Response(status: options.status, headers: ["Content-Type": "text/html; charset=utf-8"],
                        body: .shared(RenderedPage.filling(html, with: request.csrfToken ?? "")))
    }

    /// A cache of drawn answers that keeps them as this renderer's pages are kept.
    func makeCache<Key: Hashable & Sendable>() -> RenderedPageCache<Key> {
        RenderedPageCache(keepsPages: cache.keepsPages)
    }

    /// What every page is drawn from besides its content: the toggles, faults, mocks and breakpoints in force
    /// (the design and the banners), the reader's language and whether they picked it, the user
    /// the request acts as, the path (the banners' way back) and the query the language links
    /// keep; `content`, the states the page's own content reads. Make it before reading them.
    func drawnFrom(_ request: Request, content: [any StateVersioned]) -> DrawnFrom {
        var states: [any StateVersioned] = [toggles.changes]
        if let faults { states.append(faults) }
        if let mocks { states.append(mocks) }
        if let breakpoints { states.append(breakpoints) }
        return DrawnFrom(states: states + content, facets: [
            request.l10n.language.rawValue, request.hasLanguageChoice ? "picked" : "", actingUser.userID(for: request),
            request.path, Self.languageLinkQuery(request),
        ])
    }

    /// Like `page`, but drawn once per what it is drawn from (with the template and the options)
    /// and served again, with an `ETag`, while that stays the same.
    func cachedPage(_ template: String, drawnFrom: DrawnFrom, content: () throws -> any Encodable, for request: Request,
                    options: PageOptions) throws -> Response {
        let key = drawnFrom.adding(facets: [template, options.title, options.bodyClass, "\(options.set)", String(options.status.code)]).key
        let page = try cache.page(for: key) {
            try render(template, content: content(), for: request, options: options)
        }
        let token = request.csrfToken ?? ""
        let response = FixedResponse(
            body: { page.filled(with: token) },
            gzipped: { page.gzipped(with: token) },
            contentType: "text/html; charset=utf-8",
            // The same for the same page after a restart, and per client when the page holds the
            // client's token: the token as it is, so that an answer reused for another client
            // (`ReadyAnswers`) names its own.
            etag: page.holdsPerClientValue ? "\"\(page.version)-\(token)\"" : "\"\(page.version)\""
        ).respond(to: request)
        return options.status == .ok ? response : Response(status: options.status, headers: response.headers, body: response.body)
    }

    /// `response`, given again to requests that ask the same (`ReadyAnswers`) while what it is drawn
    /// from stays and until `deadline` (when what it says ages), doing `effects` each time; an error
    /// is drawn afresh.
    func reusable(_ response: Response, drawnFrom: DrawnFrom, until deadline: ContinuousClock.Instant? = nil,
                  effects: [Reuse.Effect] = []) -> Response {
        guard response.status == .ok || response.status == .notModified else { return response }
        var response = response
        response.reuse = Reuse(validity: drawnFrom.validity(until: deadline), effects: effects)
        return response
    }

    /// Renders a fragment (one list item) with the same context, for in-place updates.
    func fragment(_ template: String, content: some Encodable, for request: Request, set: TemplateRenderer.TemplateSet) throws -> Response {
        let look = look(for: request, set: set, csrfToken: request.csrfToken ?? "")
        let context = pageContext(try Self.context(content), look: look, for: request, options: PageOptions(title: ""))
        return .html(try renderer.render(template, context: context, language: look.key.language, set: set))
    }

    /// The page drawn with `RenderedPage.placeholder` for the CSRF token, its lists' items drawn
    /// once per look (`ListItemDrawings`).
    private func render(_ template: String, content: any Encodable, for request: Request, options: PageOptions) throws -> String {
        let look = look(for: request, set: options.set, csrfToken: RenderedPage.placeholder)
        let drawer = PageItemDrawer(renderer: renderer, look: look, drawings: items)
        var context = pageContext(try Self.context(content, drawer: drawer), look: look, for: request, options: options)
        context["body"] = try renderer.render(template, context: context, language: look.key.language, set: options.set)
        return try renderer.render("layout", context: context, language: look.key.language)
    }

    /// What list items see of the page (`PageLook`).
    private func look(for request: Request, set: TemplateRenderer.TemplateSet, csrfToken: String) -> PageLook {
        let language = request.l10n.language
        let likeStyle = FavoriteButton.Style(rawValue: ABTestProvider(toggles: toggles).likeButtonStyle.rawValue) ?? .heart
        let avatarClass = Avatar.cssClasses(toggles.isOn(RemoteToggle.isRoundedAvatar) ? .round : .roundedSquare)
        let design: [String: Any] = [
            "avatarClass": avatarClass,
            "likeStyle": likeStyle.rawValue,
            "likeIcon": FavoriteButton.icon(likeStyle),
            "iconSymbols": FavoriteButton.symbols,
        ]
        return PageLook(key: PageLook.Key(language: language, set: set, design: [avatarClass, likeStyle.rawValue]),
                        values: ["design": design, "csrfToken": csrfToken])
    }

    /// What every template may use besides its view-model's own fields.
    private func pageContext(_ content: Any, look: PageLook, for request: Request, options: PageOptions) -> [String: Any] {
        let l10n = request.l10n
        var context = content as? [String: Any] ?? [:]
        context.merge(look.values) { $1 }
        context["content"] = content
        context["title"] = context["title"] ?? options.title
        // Every tab says whose page it is: "Area 51 · Moments"; the timeline's title is the app's name.
        context["pageTitle"] = options.title == l10n[.appName] || options.title.isEmpty ? options.title : "\(options.title) · \(l10n[.appName])"
        context["bodyClass"] = options.bodyClass
        context["lang"] = l10n.language.htmlLang
        context["otherLanguage"] = l10n.language == .english ? Language.simplifiedChinese.rawValue : Language.english.rawValue
        // A picked language offers the way back to the browser's (`?lang=browser`).
        context["browserLanguage"] = request.hasLanguageChoice ? LanguageChoice.browserValue : nil
        context["languageLinkQuery"] = Self.languageLinkQuery(request)
        context["hasArea51"] = InternalTools.arePresent
        context["overrideBanner"] = overrideBanner(l10n)
        // The header's user switch, where QA may switch.
        context["actingUserID"] = actingUser.isSwitchable ? actingUser.userID(for: request) : nil
        if let active = faults?.active(in: l10n), !active.isEmpty {
            context["faultBanner"] = ["faults": active.map { ["operation": $0.operation, "summary": $0.summary] }, "back": request.path]
        }
        if let active = mocks?.active, !active.isEmpty {
            context["mockBanner"] = ["mocks": active.map { ["operation": $0.operation] }]
        }
        if let active = breakpoints?.active, !active.isEmpty {
            context["breakpointBanner"] = ["breakpoints": active.map { ["operation": $0.operation, "summary": $0.breakpoint.summary] }]
        }
        return context
    }

    /// This page's query without `lang` (nor `refresh`, which redirects), followed by `&` when
    /// not empty: language links (`?{{languageLinkQuery}}lang=en`) keep the page and its filters.
    private static func languageLinkQuery(_ request: Request) -> String {
        request.query.isEmpty ? "" : request.query.linkPrefix(removing: ["lang", "refresh"])
    }

    /// "Local overrides in force: isRoundedAvatar = true", while any is set.
    private func overrideBanner(_ l10n: L10n) -> String? {
        guard toggles.overridesDataStore.isAnySet else { return nil }
        let overrides = ToggleCatalog.descriptions.compactMap { description in
            toggles.overridesDataStore.override(of: description.name).map { "\(description.name) = \($0.value)" }
        }
        return String(format: l10n[.overrideBanner], overrides.joined(separator: ", "))
    }
}
