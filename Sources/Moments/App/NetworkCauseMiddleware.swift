import Foundations
import HTTPServer

/// Names the request every exchange with the BFF it causes is recorded under (`GET /`,
/// `POST /moments/m1/like`): the one place a cause is set, so no call passes it down.
struct NetworkCauseMiddleware: Middleware {
    func respond(to request: Request, next: Handler) async throws -> Response {
        try await NetworkCause.$current.withValue("\(request.method.rawValue) \(request.path)") { try await next(request) }
    }
}
