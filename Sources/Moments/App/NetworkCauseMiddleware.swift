import Foundations
import HTTPServer

/// Names the request every exchange with the BFF it causes is recorded under (`GET /`,
/// `POST /moments/m1/like`), and gives those exchanges one deadline, the BFF's timeout from now
/// (`APISession.deadline`): the one place both are set, so no call passes them down.
struct NetworkCauseMiddleware: Middleware {
    let bffTimeout: Duration

    func respond(to request: Request, next: Handler) async throws -> Response {
        try await NetworkCause.$current.withValue("\(request.method.rawValue) \(request.path)") {
            try await APISession.$deadline.withValue(.now + bffTimeout) { try await next(request) }
        }
    }
}
