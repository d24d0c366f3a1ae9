/// Requires `Content-Type: application/json` on writes that carry a body, with 415: a page on
/// another site cannot send that type without the browser asking this server first. A write
/// with no body needs no type (DELETE, a tool's POST). The one place the JSON content type is
/// checked, in the policy of the groups that take JSON (`RoutePolicy.middleware`);
/// `Request.decode` relies on it.
public struct JSONContentTypeMiddleware: Middleware {
    public init() {}

    public func respond(to request: Request, next: Handler) async throws -> Response {
        if !request.method.isSafe, request.hasBody, request.contentType != "application/json" {
            throw HTTPError(.unsupportedMediaType, code: "unsupported_media_type",
                            message: "Send the body as application/json (got \(request.contentType ?? "no Content-Type")).")
        }
        return try await next(request)
    }
}
