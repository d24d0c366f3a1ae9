import HTTPServer

/// `GET /media?url=…`: a picture the BFF pointed at, served by the dashboard so the page never
/// loads anything from another origin.
public struct MediaRoutes: RouteCollection {
    private let mediaRepo: any MediaRepoType

    public init(mediaRepo: any MediaRepoType) {
        self.mediaRepo = mediaRepo
    }

    public func boot(routes: inout some RouteBuilder) {
        routes.get(MediaLinks.routePath) { request in
            guard let url = request.query["url"], !url.isEmpty else { throw MediaError.invalidURL("") }
            return try await mediaRepo.picture(for: url).respond(to: request)
        }
    }
}
