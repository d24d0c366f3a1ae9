/// Requires `Content-Type: application/json` on writes that carry a body (under a path prefix,
/// when given), with 415: a page on another site cannot send that type without the browser
/// asking this server first. A write with no body needs no type (DELETE, a tool's POST). The one
/// place the JSON content type is checked; `Request.decode` relies on it.
public struct JSONContentTypeMiddleware: Middleware {
    private let pathPrefix: String

    /// - Parameter pathPrefix: the paths it guards; every path of its group when empty.
    public init(pathPrefix: String = "") {
        self.pathPrefix = pathPrefix
    }

    public func respond(to request: Request, next: Handler) async throws -> Response {
        if !request.method.isSafe, request.hasBody, request.path.hasPrefix(pathPrefix), request.contentType != "application/json" {
            throw HTTPError(.unsupportedMediaType, code: "unsupported_media_type",
                            message: "Send the body as application/json (got \(request.contentType ?? "no Content-Type")).")
        }
        return try await next(request)
    }
}
