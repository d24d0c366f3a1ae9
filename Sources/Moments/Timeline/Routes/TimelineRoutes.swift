import Foundation
import Foundations
import HTTPServer

/// The Moments timeline as a page (`GET /`) and as JSON (`GET /api/timeline`), a page at a time
/// (`?after=` the last moment seen), and its likes through a form (`POST /moments/{id}/like`)
/// and JSON (`PUT /api/moments/{id}/like`).
public struct TimelineRoutes: Sendable {
    private let dependencies: AppDependencies
    private let pages: PageRenderer
    private let jsonCache = RenderedPageCache()

    public init(dependencies: AppDependencies) {
        self.dependencies = dependencies
        pages = PageRenderer(dependencies: dependencies)
    }

    public func register(on router: inout Router) {
        router.get("/") { request in try await timelinePage(request) }
        router.get("/api/timeline") { request in
            let viewModel = try await loadedTimeline(request)
            let json = try jsonCache.page(for: viewModel.cacheKey) {
                String(decoding: try Response.json(viewModel).bodyData ?? Data(), as: UTF8.self)
            }
            var response = FixedResponse(bytes: json.filled(with: ""), contentType: "application/json", etag: "\"\(json.version)\"")
                .respond(to: request)
            if viewModel.hasError { response.status = .serviceUnavailable }
            return response
        }
        router.post("/moments/{id}/like", maxBodySize: Self.maxBodySize) { request in
            guard let isLiked = request.formFields["isLiked"].flatMap(Bool.init) else {
                throw HTTPError(.badRequest, code: "invalid_form", message: "The form needs isLiked=true or isLiked=false.")
            }
            let item = try await updateLike(request, isLiked: isLiked)
            // A script asking for the item gets it drawn, to swap in place; a plain form goes back.
            if request.headers["X-Requested-With"] == "fetch" {
                return try pages.fragment(MomentListItemViewModel.reuseIdentifier, content: TemplateRenderer.context(item),
                                          for: request, set: templateSet)
            }
            // Back to the page the form was on: the newest, or the one after the moment it names.
            let page = request.formFields["after"].flatMap { $0.isEmpty ? nil : "?" + MomentsPage.query(after: $0) }
            return .seeOther("/\(page ?? "")#moment-\(item.momentID)")
        }
        router.put("/api/moments/{id}/like", maxBodySize: Self.maxBodySize) { request in
            let body = try LikeRequestBody.decode(request)
            return try .json(try await updateLike(request, isLiked: body.isLiked))
        }
    }

    /// A like is a few bytes; anything near this is not a like.
    static let maxBodySize = 1024

    private var templateSet: TemplateRenderer.TemplateSet {
        dependencies.internalTogglesDataStore.isToggleOn(InternalToggle.isNewTimelineLayoutEnabled) ? .cards : .classic
    }

    private func timelineViewModel(_ request: Request) -> MomentsTimelineViewModel {
        MomentsTimelineViewModel(
            page: MomentsPage(after: request.query["after"].flatMap { $0.isEmpty ? nil : $0 }),
            refresh: request.query["refresh"] == "1",
            l10n: request.l10n,
            momentsRepo: dependencies.momentsRepo,
            togglesDataStore: dependencies.internalTogglesDataStore,
            trackingRepo: dependencies.trackingRepo
        )
    }

    private func loadedTimeline(_ request: Request) async throws -> MomentsTimelineViewModel {
        var viewModel = timelineViewModel(request)
        await viewModel.loadItems()
        if viewModel.isUnknownPage {
            throw HTTPError(.notFound, code: "unknown_moment",
                            message: "\(request.l10n["unknownMoment"]) (after=\(viewModel.page.after ?? ""))")
        }
        return viewModel
    }

    private func timelinePage(_ request: Request) async throws -> Response {
        let viewModel = try await loadedTimeline(request)
        viewModel.trackScreenviews()
        let options = PageRenderer.PageOptions(title: request.l10n["timelineTitle"], bodyClass: "timeline", set: templateSet,
                                               status: viewModel.hasError ? .serviceUnavailable : .ok)
        return try pages.cachedPage("timeline", key: viewModel.cacheKey, content: { try TemplateRenderer.context(viewModel) },
                                    for: request, options: options)
    }

    /// Likes or unlikes moment `{id}` as the current user and answers the item after the change.
    private func updateLike(_ request: Request, isLiked: Bool) async throws -> MomentListItemViewModel {
        let l10n = request.l10n
        let viewModel = timelineViewModel(request)
        guard viewModel.isLikeEnabled else {
            throw HTTPError(.conflict, code: "feature_disabled",
                            message: "\(l10n["likeFeatureOff"]) (isLikeButtonForMomentEnabled)")
        }
        let momentID = request.parameters["id"] ?? ""
        let userID = MomentsTimelineViewModel.currentUserID
        do {
            let item = viewModel.item(try await dependencies.momentsRepo.moment(id: momentID, userID: userID))
            return viewModel.item(isLiked ? try await item.like(from: userID) : try await item.unlike(from: userID))
        } catch .unknownMoment {
            throw HTTPError(.notFound, code: "unknown_moment", message: "\(l10n["unknownMoment"]) (\(momentID))")
        } catch .unavailable(let error) {
            throw HTTPError.bff(error, message: l10n["likeUnavailable"])
        }
    }
}

/// `{"isLiked": true}`: the body of `PUT /api/moments/{id}/like`.
struct LikeRequestBody: Decodable {
    let isLiked: Bool

    static func decode(_ request: Request) throws -> LikeRequestBody {
        guard request.contentType == "application/json" else {
            throw HTTPError(.unsupportedMediaType, code: "unsupported_media_type", message: "Send the body as application/json.")
        }
        do {
            return try JSONDecoder().decode(LikeRequestBody.self, from: request.body)
        } catch {
            throw HTTPError(.badRequest, code: "invalid_json", message: "The body must be JSON like {\"isLiked\": true}.")
        }
    }
}
