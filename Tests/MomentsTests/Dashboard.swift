import BFF
import Foundation
import Foundations
import HTTPServer
import Moments
import Testing
import TestSupport

/// The dashboard as a user runs it, against a BFF the test controls, with its data in a
/// temporary folder that outlives restarts within the test. Its requests go straight to its
/// router in process by default, or through a server on a free port (`Transport.socket`).
struct Dashboard {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// How a test's requests reach the dashboard.
    enum Transport: Sendable {
        /// Straight to the router the application makes (`RouterClient`), in process: no
        /// socket, so nothing waits on libmicrohttpd's threads or the loopback.
        case router
        /// Through an `HTTPServer` on a free port of 127.0.0.1, as a browser reaches it: for
        /// tests of what the server does around the router (answers kept and reused without
        /// the handler, `X-Request-Id`, its body cap, refusals at the head), of streams
        /// (server-sent events), of raw bytes on the wire, or that name the server's port.
        case socket
    }

    /// Where the dashboard's requests go: its router in process, or its server on a port. Both
    /// answer `send` and `raw` alike.
    enum Client: Sendable {
        case router(RouterClient)
        case socket(TestServer)

        /// A request as URLSession sends it, redirects followed (`TestServer.send`, `RouterClient.send`).
        func send(_ method: String = "GET", _ path: String, headers: [String: String] = [:],
                  body: Data? = nil) async throws -> (status: Int, headers: [String: String], body: Data) {
            switch self {
            case .router(let client): try await client.send(method, path, headers: headers, body: body)
            case .socket(let server): try await server.send(method, path, headers: headers, body: body)
            }
        }

        /// A request as its bytes, answered as its bytes (`TestServer.raw`, `RouterClient.raw`).
        func raw(_ request: String) async throws -> String {
            switch self {
            case .router(let client): try await client.raw(request)
            case .socket(let server): try await server.raw(request)
            }
        }

        /// The server's port; a dashboard in process has none, and a test that asks for it
        /// fails, saying to start it with `transport: .socket`.
        var port: Int {
            switch self {
            case .router:
                Issue.record("a dashboard in process has no port: start it with `transport: .socket`")
                return 0
            case .socket(let server): return server.port
            }
        }

        func stop() async {
            if case .socket(let server) = self { await server.stop() }
        }
    }

    let application: MomentsApplication
    /// Named as when every dashboard had a server: tests send through it either way.
    let server: Client

    /// Starts a dashboard on `dataDirectory` (a new temporary one by default) against `bff`.
    static func start(bff: FakeBFF, dataDirectory: URL = temporaryDirectory(), bffTimeout: Duration = .seconds(10),
                      bffHeaders: [String: String] = [:],
                      momentsCacheByteLimit: Int = MomentsRepo.defaultCacheByteLimit,
                      transport: Transport = .router) async throws -> Dashboard {
        try await start(
            bffTransport: HTTPGraphQLTransport(url: bff.graphQLURL),
            remoteConfig: .http(bff.remoteConfigURL, headers: bffHeaders),
            dataDirectory: dataDirectory,
            bffTimeout: bffTimeout,
            bffHeaders: bffHeaders,
            momentsCacheByteLimit: momentsCacheByteLimit,
            transport: transport
        )
    }

    /// Starts a dashboard with the embedded BFF in process on `dataDirectory`, as `moments serve`
    /// runs by default.
    /// - Parameters:
    ///   - moments: replaces the demo data with this many generated moments (50 users, seed 1).
    ///   - onRequest: called for each GraphQL request the BFF answers.
    static func startEmbedded(dataDirectory: URL, generated moments: Int? = nil,
                              onRequest: @escaping @Sendable (Data) -> Void = { _ in },
                              transport: Transport = .router, keepsDrawnPages: Bool = true) async throws -> (Dashboard, EmbeddedBFF) {
        let bff = try EmbeddedBFF(dataDirectory: dataDirectory)
        if let moments { _ = try await bff.replaceWithGeneratedData(users: 50, moments: moments, seed: 1) }
        let dashboard = try await start(
            bffTransport: InProcessGraphQLTransport { body in
                onRequest(body)
                let (status, answer) = await bff.execute(body: body)
                return (status.code, answer)
            },
            // As `moments serve` wires it: the BFF says when its config changes (heard once
            // `startRefreshingRemoteConfig` runs), and its routes are served beside the dashboard's.
            remoteConfig: RemoteConfigurationSource(description: "embedded BFF", load: { try JSONEncoder().encode(await bff.remoteConfig.current()) },
                                                    observe: { changed in bff.remoteConfig.observe(changed) }),
            dataDirectory: dataDirectory,
            listUsers: { try await bff.users().map { KnownUser(id: $0.id, name: $0.name, avatar: $0.avatar) } },
            bffRoutes: bff,
            keepsDrawnPages: keepsDrawnPages,
            transport: transport
        )
        return (dashboard, bff)
    }

    static func start(bffTransport: any GraphQLTransport, remoteConfig: RemoteConfigurationSource, dataDirectory: URL,
                      bffTimeout: Duration = .seconds(10), bffHeaders: [String: String] = [:],
                      listUsers: (@Sendable () async throws -> [KnownUser])? = nil,
                      bffRoutes: (any RouteCollection)? = nil,
                      momentsCacheByteLimit: Int = MomentsRepo.defaultCacheByteLimit,
                      keepsDrawnPages: Bool = true,
                      transport: Transport = .router) async throws -> Dashboard {
        let application = try await MomentsApplication(configuration: .init(
            dataDirectory: dataDirectory,
            templatesDirectory: repository.appendingPathComponent("templates").path,
            publicDirectory: repository.appendingPathComponent("Public").path,
            transport: bffTransport,
            remoteConfigurationSource: remoteConfig,
            bffTimeout: bffTimeout,
            bffHeaders: bffHeaders,
            bffRoutes: bffRoutes,
            listUsers: listUsers,
            momentsCacheByteLimit: momentsCacheByteLimit,
            keepsDrawnPages: keepsDrawnPages
        ))
        let router = try application.makeRouter()
        switch transport {
        case .router:
            return Dashboard(application: application, server: .router(RouterClient(router: router)))
        case .socket:
            let server = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0), router: router)
            return Dashboard(application: application, server: .socket(try TestServer(server: server)))
        }
    }

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("moments-test-\(UUID().uuidString)")
    }

    var dataDirectory: URL { application.configuration.dataDirectory }

    /// The `src` a page shows for the picture at `path` of `bff`'s answers: a remote BFF's
    /// relative URL, resolved against its origin and served through `/media`.
    static func mediaSrc(_ path: String, of bff: FakeBFF) -> String {
        "/media?url=" + bff.url(path).absoluteString.addingPercentEncoding(withAllowedCharacters: .urlUnreservedCharacters)!
    }

    func setLikeFeature(_ isOn: Bool) async throws {
        try await application.internalTogglesDataStore.update(toggle: InternalToggle.isLikeButtonForMomentEnabled, value: isOn)
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> (status: Int, headers: [String: String], text: String) {
        let (status, fields, body) = try await server.send("GET", path, headers: headers)
        return (status, fields, String(decoding: body, as: UTF8.self))
    }

    /// `GET path`: its status, and its JSON answer as a JSON object, for the answers no product
    /// type decodes (the OpenAPI document, the network inspector's, Area 51's); others, `decode`.
    func json(_ path: String) async throws -> (status: Int, object: [String: Any]) {
        let (status, _, body) = try await server.send("GET", path)
        return (status, try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:])
    }

    /// `GET path`: its status, and its JSON answer decoded as `type`, the product's type its
    /// route encodes (`TimelineAnswer` and `MomentPageAnswer` for the two that cannot decode).
    func decode<T: Decodable>(_ type: T.Type, _ path: String) async throws -> (status: Int, value: T) {
        let (status, _, body) = try await server.send("GET", path)
        return (status, try Self.decode(type, from: String(decoding: body, as: UTF8.self)))
    }

    /// A JSON answer of the dashboard (`text`) decoded as `type`, as the dashboard encodes it (`JSONCoding`).
    static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try JSONCoding.decoder().decode(type, from: Data(text.utf8))
    }

    /// The CSRF token the tests' browser holds, in its cookie and in every form it posts: of the shape
    /// the dashboard issues (`Cookies.isEchoable`), so pages are kept for it as for a browser.
    static let csrfToken = "7e57c5af7e57c5af7e57c5af7e57c5af"

    func send(_ method: String, _ path: String, contentType: String, body: String, headers: [String: String] = [:])
        async throws -> (status: Int, headers: [String: String], text: String) {
        var fields = headers
        fields["Content-Type"] = contentType
        var body = body
        if contentType == "application/x-www-form-urlencoded" {
            // Beside any cookie the test sends (a language choice).
            fields["Cookie"] = (fields["Cookie"].map { $0 + "; " } ?? "") + "moments_csrf=\(Self.csrfToken)"
            body += "&_csrf=\(Self.csrfToken)"
        }
        let (status, answer, data) = try await server.send(method, path, headers: fields, body: Data(body.utf8))
        return (status, answer, String(decoding: data, as: UTF8.self))
    }

    /// An answer as it came on the wire: every header line kept (`Set-Cookie` comes more than once).
    struct RawAnswer {
        let status: Int
        let headerLines: [(name: String, value: String)]
        let body: String

        var location: String? { headerLines.first { $0.name == "location" }?.value }
        /// The `Set-Cookie` values, in order.
        var setCookies: [String] { headerLines.filter { $0.name == "set-cookie" }.map(\.value) }

        init(_ text: String) {
            let parts = text.components(separatedBy: "\r\n\r\n")
            let lines = parts[0].components(separatedBy: "\r\n")
            status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
            headerLines = lines.dropFirst().compactMap { line in
                line.firstIndex(of: ":").map { (line[..<$0].lowercased(), line[line.index(after: $0)...].trimmingCharacters(in: .whitespaces)) }
            }
            body = parts.dropFirst().joined(separator: "\r\n\r\n")
        }
    }

    /// A GET as a browser sends it (`headers` in order, e.g. `Cookie`, `Accept`), without
    /// following a redirect.
    func rawGet(_ path: String, headers: [(String, String)] = []) async throws -> RawAnswer {
        let fields = headers.map { "\($0.0): \($0.1)\r\n" }.joined()
        return RawAnswer(try await server.raw("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(fields)Connection: close\r\n\r\n"))
    }

    /// Form posts as a browser on the dashboard's page sends them (its CSRF cookie and field),
    /// without following the redirect, to see the 303 itself.
    func postForm(_ path: String, _ fields: String, csrfField: String? = Dashboard.csrfToken, extraHeaders: String = "")
        async throws -> (status: Int, location: String?, setCookies: [String]) {
        let body = fields + (csrfField.map { "&_csrf=\($0)" } ?? "")
        let answer = RawAnswer(try await server.raw(
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: moments_csrf=\(Self.csrfToken)\r\n\(extraHeaders)Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"))
        return (answer.status, answer.location, answer.setCookies)
    }

    /// Stops its server, if it has one; in process there is nothing to stop.
    func stop() async {
        await server.stop()
    }
}

extension CharacterSet {
    /// RFC 3986's unreserved characters: everything else in a query value is percent-encoded.
    static let urlUnreservedCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

/// Runs `body` with a dashboard started against `bff` (a new `FakeBFF` by default) on a new
/// temporary data folder, as Hummingbird's `app.test`: in process (`transport: .router`) or
/// on a port (`.socket`); the BFF and any server are stopped and the folder removed afterwards,
/// even when `body` throws.
func withDashboard<Result>(
    bff: FakeBFF? = nil,
    bffTimeout: Duration = .seconds(10),
    bffHeaders: [String: String] = [:],
    momentsCacheByteLimit: Int = MomentsRepo.defaultCacheByteLimit,
    transport: Dashboard.Transport = .router,
    _ body: (Dashboard, FakeBFF) async throws -> Result
) async throws -> Result {
    let bff = try bff ?? FakeBFF()
    let dataDirectory = Dashboard.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dataDirectory) }
    let dashboard: Dashboard
    do {
        dashboard = try await Dashboard.start(bff: bff, dataDirectory: dataDirectory, bffTimeout: bffTimeout, bffHeaders: bffHeaders,
                                              momentsCacheByteLimit: momentsCacheByteLimit, transport: transport)
    } catch {
        await bff.stop()
        throw error
    }
    do {
        let result = try await body(dashboard, bff)
        await dashboard.stop()
        await bff.stop()
        return result
    } catch {
        await dashboard.stop()
        await bff.stop()
        throw error
    }
}
