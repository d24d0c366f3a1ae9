import Foundation
import Foundations
import HTTPServer
import Locking

/// The Moments timeline as a page (`GET /`) and as JSON (`GET /api/timeline`), a page at a time
/// (`?after=` the last moment seen), a moment's own page (`GET /moments/{id}`, every photo) and
/// its JSON twin (`GET /api/moments/{id}`), and likes through a form (`POST /moments/{id}/like`;
/// `view=moment` from a moment's page) and JSON (`PUT /api/moments/{id}/like`): each page and
/// its twin one handler.
public struct TimelineRoutes: RouteCollection {
    private let pages: PageRenderer
    private let momentsRepo: any MomentsRepoType
    private let togglesDataStore: InternalTogglesDataStore
    private let trackingRepo: any TrackingRepoType
    private let mediaLinks: MediaLinks
    private let actingUser: ActingUser
    private let jsonCache: RenderedPageCache<DrawnFrom.Key>
    private let likes = ConcurrencyGate(limit: Self.likesAtOnce)

    public init(pages: PageRenderer, momentsRepo: any MomentsRepoType, togglesDataStore: InternalTogglesDataStore,
                trackingRepo: any TrackingRepoType, mediaLinks: MediaLinks = .local, actingUser: ActingUser = ActingUser()) {
        self.pages = pages
        jsonCache = pages.makeCache()
        self.momentsRepo = momentsRepo
        self.togglesDataStore = togglesDataStore
        self.trackingRepo = trackingRepo
        self.mediaLinks = mediaLinks
        self.actingUser = actingUser
    }

    public func boot(routes: inout some RouteBuilder) {
        routes.resource(.get("/"), json: .get("/api/timeline")) { request in
            request.representation == .page ? try await timelinePage(request) : try await timelineJSON(request)
        }
        routes.resource(.get("/moments/{id}"), json: .get("/api/moments/{id}")) { request in
            let drawnFrom = pages.drawnFrom(request, content: [momentsRepo])
            let timeline = timelineViewModel(request)
            let item = try await timeline.loadItem(momentID: request.parameters["id"] ?? "")
            let viewModel = MomentPageViewModel(item: item, l10n: request.l10n, trackingRepo: trackingRepo)
            guard request.representation == .page else {
                return pages.reusable(try .json(viewModel), drawnFrom: drawnFrom, until: timeline.staysCurrentUntil)
            }
            let opened = request.visit == .opened
            if opened { viewModel.trackScreenviews() }
            let response = try pages.page("moment", content: viewModel, for: request, options: .init(title: viewModel.title, bodyClass: "moment-page"))
            return pages.reusable(response, drawnFrom: drawnFrom, until: timeline.staysCurrentUntil,
                                  effects: opened ? [{ _ in viewModel.trackScreenviews() }] : [])
        }
        routes.resource(.post("/moments/{id}/like"), json: .put("/api/moments/{id}/like"), maxBodySize: Self.maxBodySize,
                        concurrency: likes) { request in
            let body = try request.decode(LikeRequestBody.self)
            let item = try await updateLike(request, isLiked: body.isLiked)
            guard request.representation == .page else { return try .json(item) }
            let fromMomentPage = body.view == Self.momentPageView
            // A script asking for the item gets it drawn, to swap in place; a plain form goes back.
            if request.visit == .scripted {
                return try pages.fragment(fromMomentPage ? "momentLikes" : MomentListItemViewModel.reuseIdentifier,
                                          content: item, for: request, set: templateSet)
            }
            if fromMomentPage { return PageVisit.redirectAfterAction(to: "/moments/\(item.momentID)") }
            // Back to the page the form was on: the newest, or the one after the moment it names.
            let page = body.after.map { "?" + MomentsPage.query(after: $0) }
            return PageVisit.redirectAfterAction(to: "/\(page ?? "")#moment-\(item.momentID)")
        }
    }

    /// A like is a few bytes; anything near this is not a like.
    static let maxBodySize = 1024

    /// Likes handled at once; the others wait as sleeping connections, which hold a fraction of a
    /// handler's memory. Enough to fill the like documents on their way to the BFF (`LikeBatcher`).
    static let likesAtOnce = LikeBatcher<MomentLikes>.maximumInFlight * 16

    /// The like form's `view` on a moment's page: the answer is that page's likes, or the page.
    static let momentPageView = "moment"

    private var templateSet: TemplateRenderer.TemplateSet {
        togglesDataStore.isToggleOn(InternalToggle.isNewTimelineLayoutEnabled) ? .cards : .classic
    }

    private func timelineViewModel(_ request: Request) -> MomentsTimelineViewModel {
        MomentsTimelineViewModel(
            userID: actingUser.userID(for: request),
            page: MomentsPage(after: request.query["after"].flatMap { $0.isEmpty ? nil : $0 }),
            refresh: isRefresh(request),
            l10n: request.l10n,
            momentsRepo: momentsRepo,
            togglesDataStore: togglesDataStore,
            trackingRepo: trackingRepo,
            mediaLinks: mediaLinks
        )
    }

    private func loadedTimeline(_ request: Request) async throws -> MomentsTimelineViewModel {
        var viewModel = timelineViewModel(request)
        await viewModel.loadItems()
        if viewModel.isUnknownPage {
            throw MomentsRepoError.unknownMoment(viewModel.page.after ?? "")
        }
        return viewModel
    }

    /// `?refresh=1`, the web's pull-to-refresh, asks the BFF again, unless the page's own script
    /// sent it: a live redraw shows what the dashboard has and never asks the BFF for more.
    private func isRefresh(_ request: Request) -> Bool {
        request.query["refresh"] == "1" && request.visit != .scripted
    }

    private func timelineJSON(_ request: Request) async throws -> Response {
        let drawnFrom = pages.drawnFrom(request, content: [momentsRepo])
        let viewModel = try await loadedTimeline(request)
        let drawn = drawnFrom.adding(facets: viewModel.facets)
        let json = try jsonCache.page(for: drawn.key) {
            String(decoding: try Response.json(viewModel).bodyData ?? Data(), as: UTF8.self)
        }
        var response = FixedResponse(body: { json.filled(with: "") }, contentType: "application/json", etag: "\"\(json.version)\"")
            .respond(to: request)
        if viewModel.hasError { response.status = viewModel.failure?.status ?? .serviceUnavailable }
        return pages.reusable(response, drawnFrom: drawn, until: viewModel.staysCurrentUntil)
    }

    private func timelinePage(_ request: Request) async throws -> Response {
        let drawnFrom = pages.drawnFrom(request, content: [momentsRepo])
        let viewModel = try await loadedTimeline(request)
        let drawn = drawnFrom.adding(facets: viewModel.facets)
        if isRefresh(request) {
            // The same page without `refresh`, so a reload or a redraw does not ask the BFF again.
            let query = request.query.removing(["refresh"]).urlEncoded
            return PageVisit.redirectAfterAction(to: query.isEmpty ? "/" : "/?\(query)")
        }
        // One screenview per page a person opens: not for a redraw, Older moments or a redirect.
        let opened = request.visit == .opened
        if opened { viewModel.trackScreenviews() }
        let options = PageRenderer.PageOptions(title: request.l10n[.timelineTitle], bodyClass: "timeline", set: templateSet,
                                               status: viewModel.hasError ? viewModel.failure?.status ?? .serviceUnavailable : .ok)
        let response = try pages.cachedPage("timeline", drawnFrom: drawn, content: { viewModel }, for: request, options: options)
        return pages.reusable(response, drawnFrom: drawn, until: viewModel.staysCurrentUntil,
                              effects: opened ? [{ [viewModel] _ in viewModel.trackScreenviews() }] : [])
    }

    /// Likes or unlikes moment `{id}` as the user the request acts as and answers the item after the change.
    private func updateLike(_ request: Request, isLiked: Bool) async throws -> MomentListItemViewModel {
        let viewModel = timelineViewModel(request)
        guard viewModel.isLikeEnabled else { throw TimelineError.likeFeatureOff }
        return try await viewModel.updateLike(isLiked, momentID: request.parameters["id"] ?? "")
    }
}

/// Why the timeline refused an action.
public enum TimelineError: Error, Equatable, Sendable {
    /// A like while the like feature is switched off.
    case likeFeatureOff
}

/// `{"isLiked": true}`, the body of `PUT /api/moments/{id}/like`, or the like form's fields:
/// `isLiked=true|false`, with the page the form is on (`view=moment`, `after=` a timeline page).
struct LikeRequestBody: Decodable {
    let isLiked: Bool
    let view: String?
    let after: String?
}
