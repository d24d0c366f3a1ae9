import Foundation
import HTTPServer

/// `GET /remote-config` answers the config as JSON; `PUT /remote-config` changes some or all of
/// its keys and answers the result. Refusals are `RemoteConfigError`s, drawn by the router.
struct RemoteConfigRoutes: RouteCollection {
    let store: RemoteConfigStore

    func boot(routes: inout some RouteBuilder) {
        routes.get("/remote-config") { _ in try .json(try await store.current()) }
        routes.group(JSONContentTypeMiddleware()) { json in
            json.put("/remote-config") { request in try .json(try await store.update(json: request.body)) }
        }
    }
}

extension RemoteConfigError: HTTPResponseError {
    public var status: HTTPStatus {
        switch self {
        case .unreadableFile, .unwritableFile: .internalServerError
        case .databaseUnavailable: .serviceUnavailable
        case .notJSON, .notAnObject, .unknownKey, .invalidValue: .badRequest
        }
    }

    public var message: String { description }
}
