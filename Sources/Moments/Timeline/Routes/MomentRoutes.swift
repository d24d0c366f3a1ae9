import Foundation
import Foundations
import HTTPServer

/// A moment's own page (`GET /moments/{id}`: every photo, its likes and the like button) and
/// its JSON twin (`GET /api/moments/{id}`), from the same view-model. An unknown ID is a 404
/// (`unknown_moment`) in the reader's language. Its like form posts to the timeline's like
/// route with `view=moment`, which answers the moment page's likes or goes back to the page.
public struct MomentRoutes: RouteCollection {
    private let pages: PageRenderer
    private let momentsRepo: any MomentsRepoType
    private let togglesDataStore: InternalTogglesDataStore
    private let trackingRepo: any TrackingRepoType
    private let mediaLinks: MediaLinks

    public init(pages: PageRenderer, momentsRepo: any MomentsRepoType, togglesDataStore: InternalTogglesDataStore,
                trackingRepo: any TrackingRepoType, mediaLinks: MediaLinks = .local) {
        self.pages = pages
        self.momentsRepo = momentsRepo
        self.togglesDataStore = togglesDataStore
        self.trackingRepo = trackingRepo
        self.mediaLinks = mediaLinks
    }

    /// The value of the like form's `view` field on a moment's page.
    static let view = "moment"

    public func boot(routes: inout some RouteBuilder) {
        routes.get("/moments/{id}") { request in
            let viewModel = try await loaded(request)
            viewModel.trackScreenviews()
            return try pages.page("moment", content: viewModel, for: request,
                                  options: .init(title: viewModel.title, bodyClass: "moment-page"))
        }
        routes.get("/api/moments/{id}") { request in
            try .json(try await loaded(request))
        }
    }

    private func loaded(_ request: Request) async throws -> MomentPageViewModel {
        var viewModel = MomentPageViewModel(momentID: request.parameters["id"] ?? "", l10n: request.l10n, momentsRepo: momentsRepo,
                                            togglesDataStore: togglesDataStore, trackingRepo: trackingRepo, mediaLinks: mediaLinks)
        try await viewModel.load()
        return viewModel
    }
}
