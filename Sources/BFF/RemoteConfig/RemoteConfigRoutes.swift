import Foundation
import HTTPServer

/// `GET /remote-config` answers the config as JSON; `PUT /remote-config` changes some or all of
/// its keys and answers the result. Refusals are `{"error": {"code", "message"}}`.
struct RemoteConfigRoutes: Sendable {
    let store: RemoteConfigStore

    func register(on router: inout Router) {
        router.get("/remote-config") { _ in try show() }
        router.put("/remote-config") { request in try update(request) }
    }

    private func show() throws -> Response {
        do {
            return try .json(try store.current())
        } catch let error as RemoteConfigError {
            return try .jsonError(code: error.code, message: error.description, status: .internalServerError)
        }
    }

    private func update(_ request: Request) throws -> Response {
        guard request.contentType == "application/json" else {
            return try .jsonError(code: "unsupported_media_type",
                                  message: "Send the remote config as application/json.", status: .unsupportedMediaType)
        }
        do {
            return try .json(try store.update(json: request.body))
        } catch let error as RemoteConfigError {
            let status: HTTPStatus = switch error {
            case .unreadableFile, .unwritableFile: .internalServerError
            case .notJSON, .notAnObject, .unknownKey, .invalidValue: .badRequest
            }
            return try .jsonError(code: error.code, message: error.description, status: status)
        }
    }
}

extension Response {
    /// `{"error": {"code": …, "message": …}}`, the error shape of every JSON endpoint.
    static func jsonError(code: String, message: String, status: HTTPStatus) throws -> Response {
        try .json(["error": ["code": code, "message": message]], status: status)
    }
}
