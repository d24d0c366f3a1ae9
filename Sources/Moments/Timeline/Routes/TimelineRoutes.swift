import Foundation
import Foundations
import HTTPServer

/// The Moments timeline as a page (`GET /`) and as JSON (`GET /api/timeline`), a page at a time
/// (`?after=` the last moment seen), and its likes through a form (`POST /moments/{id}/like`)
/// and JSON (`PUT /api/moments/{id}/like`).
public struct TimelineRoutes: RouteCollection {
    private let pages: PageRenderer
    private let momentsRepo: any MomentsRepoType
    private let togglesDataStore: InternalTogglesDataStore
    private let trackingRepo: any TrackingRepoType
    private let mediaLinks: MediaLinks
    private let actingUser: ActingUser
    private let jsonCache = RenderedPageCache()

    public init(pages: PageRenderer, momentsRepo: any MomentsRepoType, togglesDataStore: InternalTogglesDataStore,
                trackingRepo: any TrackingRepoType, mediaLinks: MediaLinks = .local, actingUser: ActingUser = ActingUser()) {
        self.pages = pages
        self.momentsRepo = momentsRepo
        self.togglesDataStore = togglesDataStore
        self.trackingRepo = trackingRepo
        self.mediaLinks = mediaLinks
        self.actingUser = actingUser
    }

    public func boot(routes: inout some RouteBuilder) {
        routes.get("/") { request in try await timelinePage(request) }
        routes.get("/api/timeline") { request in
            let viewModel = try await loadedTimeline(request)
            let json = try jsonCache.page(for: viewModel.cacheKey) {
                String(decoding: try Response.json(viewModel).bodyData ?? Data(), as: UTF8.self)
            }
            var response = FixedResponse(bytes: json.filled(with: ""), contentType: "application/json", etag: "\"\(json.version)\"")
                .respond(to: request)
            if viewModel.hasError { response.status = viewModel.failure?.status ?? .serviceUnavailable }
            return response
        }
        routes.post("/moments/{id}/like", maxBodySize: Self.maxBodySize) { request in
            guard let isLiked = request.formFields["isLiked"].flatMap(Bool.init) else {
                throw HTTPError(.badRequest, code: "invalid_form", message: "The form needs isLiked=true or isLiked=false.")
            }
            let item = try await updateLike(request, isLiked: isLiked)
            // A script asking for the item gets it drawn, to swap in place; a plain form goes back.
            if request.headers["X-Requested-With"] == "fetch" {
                return try pages.fragment(MomentListItemViewModel.reuseIdentifier, content: item, for: request, set: templateSet)
            }
            // Back to the page the form was on: the newest, or the one after the moment it names.
            let page = request.formFields["after"].flatMap { $0.isEmpty ? nil : "?" + MomentsPage.query(after: $0) }
            return .seeOther("/\(page ?? "")#moment-\(item.momentID)")
        }
        routes.put("/api/moments/{id}/like", maxBodySize: Self.maxBodySize) { request in
            let body = try request.decode(LikeRequestBody.self)
            return try .json(try await updateLike(request, isLiked: body.isLiked))
        }
    }

    /// A like is a few bytes; anything near this is not a like.
    static let maxBodySize = 1024

    private var templateSet: TemplateRenderer.TemplateSet {
        togglesDataStore.isToggleOn(InternalToggle.isNewTimelineLayoutEnabled) ? .cards : .classic
    }

    private func timelineViewModel(_ request: Request) -> MomentsTimelineViewModel {
        MomentsTimelineViewModel(
            userID: actingUser.userID(for: request),
            page: MomentsPage(after: request.query["after"].flatMap { $0.isEmpty ? nil : $0 }),
            refresh: request.query["refresh"] == "1",
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

    private func timelinePage(_ request: Request) async throws -> Response {
        let viewModel = try await loadedTimeline(request)
        viewModel.trackScreenviews()
        let options = PageRenderer.PageOptions(title: request.l10n[.timelineTitle], bodyClass: "timeline", set: templateSet,
                                               status: viewModel.hasError ? viewModel.failure?.status ?? .serviceUnavailable : .ok)
        return try pages.cachedPage("timeline", key: viewModel.cacheKey, content: { viewModel }, for: request, options: options)
    }

    /// Likes or unlikes moment `{id}` as the user the request acts as and answers the item after the change.
    private func updateLike(_ request: Request, isLiked: Bool) async throws -> MomentListItemViewModel {
        let viewModel = timelineViewModel(request)
        guard viewModel.isLikeEnabled else { throw TimelineError.likeFeatureOff }
        let momentID = request.parameters["id"] ?? ""
        let userID = actingUser.userID(for: request)
        let item = viewModel.item(try await momentsRepo.moment(id: momentID, userID: userID))
        return viewModel.item(isLiked ? try await item.like(from: userID) : try await item.unlike(from: userID))
    }
}

/// Why the timeline refused an action.
public enum TimelineError: Error, Equatable, Sendable {
    /// A like while the like feature is switched off.
    case likeFeatureOff
}

/// `{"isLiked": true}`: the body of `PUT /api/moments/{id}/like`.
struct LikeRequestBody: Decodable {
    let isLiked: Bool
}
