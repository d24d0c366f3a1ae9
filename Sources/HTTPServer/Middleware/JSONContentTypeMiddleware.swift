/// Requires `Content-Type: application/json` on writes under a path prefix, with 415: a page
/// on another site cannot send that type without the browser asking this server first.
public struct JSONContentTypeMiddleware: Middleware {
    private let pathPrefix: String

    public init(pathPrefix: String) {
        self.pathPrefix = pathPrefix
    }

    public func respond(to request: Request, next: Handler) async throws -> Response {
        if !request.method.isSafe, request.path.hasPrefix(pathPrefix), request.contentType != "application/json" {
            throw HTTPError(.unsupportedMediaType, code: "unsupported_media_type",
                            message: "Send the body as application/json (got \(request.contentType ?? "no Content-Type")).")
        }
        return try await next(request)
    }
}
