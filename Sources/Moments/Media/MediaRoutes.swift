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
            let picture = try await mediaRepo.picture(for: url)
            // A picture behind a URL does not change: browsers keep it for a day without asking,
            // and the server keeps its answer a minute (`Reuse`).
            var response = FixedResponse(bytes: picture.bytes, contentType: picture.contentType, etag: "\"\(picture.version)\"",
                                         cacheControl: "private, max-age=86400").respond(to: request)
            response.reuse = Reuse(validity: AnswerValidity([]).until(.now + .seconds(60)))
            return response
        }
    }
}
