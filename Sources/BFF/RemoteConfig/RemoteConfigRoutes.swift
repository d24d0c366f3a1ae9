import Foundation
import HTTPServer

/// `GET /remote-config` answers the config as JSON with an `ETag`; `PUT /remote-config` changes
/// some or all of its keys and answers the result. Refusals are `RemoteConfigError`s, drawn by the
/// router.
///
/// A GET whose `If-None-Match` names the config in force and that sends `Prefer: wait=N` (RFC 7240,
/// N up to `longestWait` seconds) is answered once the config changes, here or through another
/// BFF process, or with 304 after N seconds; `Preference-Applied` tells the client that this BFF
/// waits. A dashboard that keeps one such request open hears of a change at once.
struct RemoteConfigRoutes: RouteCollection {
    /// The longest a GET waits for a change, in seconds.
    static let longestWait = 30

    let store: RemoteConfigStore

    func boot(routes: inout some RouteBuilder) {
        routes.get("/remote-config") { request in
            let config = try await store.current()
            var answer = try Self.response(for: config, to: request)
            guard let wait = Self.preferredWait(of: request) else { return answer }
            if answer.status == .notModified {
                let changed = try await store.current(changedFrom: config, within: .seconds(wait))
                answer = try Self.response(for: changed, to: request)
            }
            answer.headers.set("Preference-Applied", "wait=\(wait)")
            return answer
        }
        routes.group(JSONContentTypeMiddleware()) { json in
            json.put("/remote-config") { request in try .json(try await store.update(json: request.body)) }
        }
    }

    /// `config` as JSON with its `ETag`, or 304 when `If-None-Match` names it.
    private static func response(for config: RemoteConfig, to request: Request) throws -> Response {
        FixedResponse(data: try JSONCoding.encoder().encode(config), contentType: "application/json").respond(to: request)
    }

    /// The seconds of a `Prefer: wait=N` preference, at most `longestWait`; nil without one.
    private static func preferredWait(of request: Request) -> Int? {
        let preferences = request.headers["Prefer"]?.split(separator: ",") ?? []
        let seconds = preferences.lazy.compactMap { preference -> Int? in
            let trimmed = preference.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("wait=") else { return nil }
            return Int(trimmed.dropFirst("wait=".count))
        }.first
        return seconds.map { min(max($0, 0), longestWait) }
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
