import Foundation
import Locking
import Testing
@testable import HTTPServer
import TestSupport

/// A group's policy reaches its routes and its unknown paths, and its middleware is composed
/// when a route is added, not per request.
@Suite struct RoutePolicyTests {
    /// Counts the requests it sees, and how many chains it was built into.
    private final class Counting: Middleware {
        let requests = Locked(0)
        func respond(to request: Request, next: Handler) async throws -> Response {
            requests.withLock { $0 += 1 }
            return try await next(request)
        }
    }

    private func makeServer(_ counting: Counting = Counting()) throws -> TestServer {
        var router = Router()
        router.add(middleware: CSRFMiddleware())
        router.group("/api", RoutePolicy(representation: .json, isCSRFExempt: true, middleware: [JSONContentTypeMiddleware(), counting]))
        router.group("/internal", RoutePolicy(representation: .json))
        router.group("/internal", RoutePolicy(maxBodySize: 8, isMounted: false))
        router.group("/small", RoutePolicy(maxBodySize: 8))
        router.group("/", RoutePolicy(cacheControl: "no-cache"))
        router.group("/api/live", RoutePolicy(cacheControl: "no-store"))
        router.resource(.get("/thing"), json: .get("/api/thing")) { request in
            request.representation == .json ? try .json(["thing": "yes"]) : .text("a page")
        }
        router.put("/api/thing") { request in .text("put \(request.body.count)") }
        router.get("/internal/secret") { _ in .text("secret") }
        router.post("/small/form") { _ in .text("taken") }
        router.get("/api/live/now") { _ in .text("now") }
        router.get("/own") { _ in Response(headers: ["Cache-Control": "max-age=60"], data: Data("own".utf8)) }
        router.errorRenderer = { error, request in request.wantsJSON ? .json(error: error) : .text("page: \(error.message)", status: error.status) }
        return try TestServer(router: router)
    }

    @Test func resource_answersItsPageAndItsJSONTwin_fromOneHandler() async throws {
        let server = try makeServer()
        #expect(String(decoding: try await server.send("GET", "/thing").body, as: UTF8.self) == "a page")
        #expect(String(decoding: try await server.send("GET", "/api/thing").body, as: UTF8.self).contains(#""thing":"yes""#))
        let asked = try await server.send("GET", "/thing", headers: ["Accept": "application/json"])
        #expect(String(decoding: asked.body, as: UTF8.self).contains(#""thing":"yes""#), "a read that asks for JSON gets the twin")
        await server.stop()
    }

    @Test func groupPolicy_reachesItsUnknownPaths() async throws {
        let server = try makeServer()
        let unknown = try await server.send("GET", "/api/nothing")
        #expect(unknown.status == 404)
        #expect(String(decoding: unknown.body, as: UTF8.self).contains(#""code":"not_found""#), "a JSON group's 404 is JSON")
        let page = try await server.send("GET", "/nothing")
        #expect(String(decoding: page.body, as: UTF8.self).hasPrefix("page: "))
        await server.stop()
    }

    /// As a production build leaves Area 51 out: its paths answer as unknown ones do, their own
    /// JSON group's policy left out with them.
    @Test func unmountedGroup_answersAsAnUnknownPath() async throws {
        let server = try makeServer()
        let secret = try await server.send("GET", "/internal/secret")
        #expect(secret.status == 404)
        #expect(String(decoding: secret.body, as: UTF8.self) == "page: There is nothing at /internal/secret.")
        await server.stop()
    }

    @Test func groupBodyCapAndCSRFExemption_applyToItsRoutes() async throws {
        let server = try makeServer()
        let json = ["Content-Type": "application/json"]
        #expect(try await server.send("PUT", "/api/thing", headers: json, body: Data("{}".utf8)).status == 200, "exempt from the token")
        #expect(try await server.send("PUT", "/api/thing", headers: ["Content-Type": "text/plain"], body: Data("{}".utf8)).status == 415)
        #expect(try await server.send("POST", "/small/form", headers: json, body: Data(#"{"a": "123456789"}"#.utf8)).status == 413)
        await server.stop()
    }

    @Test func groupMiddleware_runsOncePerRequestOfItsRoutes_only() async throws {
        let counting = Counting()
        let server = try makeServer(counting)
        _ = try await server.send("GET", "/api/thing")
        _ = try await server.send("GET", "/thing")
        #expect(counting.requests.withLock { $0 } == 1)
        await server.stop()
    }

    @Test func groupCacheControl_reachesEveryAnswerOfItsPaths_unlessTheAnswerSaysItsOwn() async throws {
        let server = try makeServer()
        for (path, expected) in [("/thing", "no-cache"), ("/api/thing", "no-cache"), ("/api/nothing", "no-cache"), ("/nothing", "no-cache"),
                                 ("/api/live/now", "no-store"), ("/own", "max-age=60")] {
            #expect(try await server.send("GET", path).headers["cache-control"] == expected, "\(path)")
        }
        let refused = try await server.send("POST", "/small/form", headers: ["Content-Type": "application/json"], body: Data(#"{"a": "123456789"}"#.utf8))
        #expect(refused.status == 413 && refused.headers["cache-control"] == "no-cache", "a refusal too")
        await server.stop()
    }
}
