import Foundation
import HTTPServer
import Testing
import TestSupport

/// The dashboard's tests send in process (`RouterClient`) what they sent through a server with
/// URLSession: the same request must reach a handler the same way both ways, and its answer read
/// the same. An echo router shows what a handler got, through a real server and in process.
@Suite struct RouterClientTests {
    /// What a handler saw of a request.
    struct Echo: Codable, Equatable {
        let method: String
        let path: String
        let query: [[String]]
        let cookies: [String: String]
        /// The headers a client sends alike both ways (not `Host`, whose port differs, nor the
        /// `Accept-Encoding` URLSession adds).
        let headers: [String: String]
        let body: String
    }

    private static let echoedHeaders = ["Accept", "Accept-Language", "Content-Type", "Cookie", "X-Test"]

    private static var router: Router {
        var router = Router()
        let echo: Handler = { request in
            var headers: [String: String] = [:]
            for name in echoedHeaders { headers[name] = request.headers[name] }
            var response = try Response.json(Echo(method: request.method.rawValue, path: request.path, query: request.query.map { [$0.name, $0.value] },
                                                  cookies: request.cookies.all, headers: headers, body: String(decoding: request.body, as: UTF8.self)))
            response.headers.add("Set-Cookie", "first=1")
            response.headers.add("Set-Cookie", "second=2")
            return response
        }
        for pattern in ["/echo", "/echo/{name}"] {
            router.get(pattern, use: echo)
            router.post(pattern, use: echo)
        }
        let redirect: Handler = { request in
            let code = Int(request.parameters["status"] ?? "") ?? 303
            return Response(status: HTTPStatus(code: code, reasonPhrase: "Redirect"), headers: ["Location": request.query["to"] ?? "/echo"])
        }
        router.get("/redirect/{status}", use: redirect)
        router.post("/redirect/{status}", use: redirect)
        return router
    }

    /// One request `send` makes, by method, path, headers and body.
    struct Sent: Sendable, CustomTestStringConvertible {
        let method: String
        let path: String
        var headers: [String: String] = [:]
        var body: String?
        var testDescription: String { "\(method) \(path) \(headers)" }
    }

    static let sent: [Sent] = [
        Sent(method: "GET", path: "/echo?a=1&b=two+words&c=%26%3D%2B&d&e=&a=again"),
        Sent(method: "GET", path: "/echo/caf%C3%A9%20x+y"),
        Sent(method: "GET", path: "/echo", headers: ["Cookie": #"a=1; b="quoted; still"; c; d=x"/y="z, e=comma; a=2"#]),
        Sent(method: "GET", path: "/echo", headers: ["Accept": "text/html", "Accept-Language": "zh-CN", "X-Test": "kept"]),
        Sent(method: "POST", path: "/echo", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "isLiked=true&_csrf=x"),
        // Redirects: a 303 (and a 302) turns a POST into a GET that keeps the request's headers.
        // (Not a 307 of a POST: URLSession on Linux sends the POST again without its body, which
        // `RouterClient` keeps; the dashboard answers none.)
        Sent(method: "POST", path: "/redirect/303?to=%2Fecho%3Fafter%3Dm1%23moment-m1",
             headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "moments_csrf=t"], body: "isLiked=true"),
        Sent(method: "POST", path: "/redirect/302?to=%2Fecho", headers: ["Content-Type": "application/json"], body: "{}"),
        // A 301 to a 308 to a relative `../echo?x=1`.
        Sent(method: "GET", path: "/redirect/301?to=%2Fredirect%2F308%3Fto%3D..%252Fecho%253Fx%253D1"),
    ]

    @Test(arguments: sent)
    func send_inProcess_reachesTheHandler_asThroughAServer(_ request: Sent) async throws {
        let server = try TestServer(router: Self.router)
        defer { Task { await server.stop() } }
        let viaSocket = try await server.send(request.method, request.path, headers: request.headers, body: request.body.map { Data($0.utf8) })
        let inProcess = try await RouterClient(router: Self.router)
            .send(request.method, request.path, headers: request.headers, body: request.body.map { Data($0.utf8) })
        #expect(inProcess.status == viaSocket.status)
        let echoed = try JSONDecoder().decode(Echo.self, from: inProcess.body)
        let echoedViaSocket = try JSONDecoder().decode(Echo.self, from: viaSocket.body)
        #expect(echoed == echoedViaSocket, "in process: \(echoed)\nthrough a server: \(echoedViaSocket)")
        #expect(inProcess.headers["set-cookie"] == viaSocket.headers["set-cookie"], "repeated fields joined as HTTPURLResponse joins them")
        #expect(inProcess.headers["content-type"] == viaSocket.headers["content-type"])
    }

    @Test func raw_inProcess_answersAsTheServer_everySetCookieOnItsLine() async throws {
        let server = try TestServer(router: Self.router)
        defer { Task { await server.stop() } }
        let request = "POST /redirect/303?to=%2Fecho HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: a=1\r\nContent-Type: text/plain\r\n"
            + "Content-Length: 2\r\nConnection: close\r\n\r\nhi"
        let viaSocket = Dashboard.RawAnswer(try await server.raw(request))
        let inProcess = Dashboard.RawAnswer(try await RouterClient(router: Self.router).raw(request))
        #expect(inProcess.status == 303 && viaSocket.status == 303, "not followed")
        #expect(inProcess.location == viaSocket.location)
        let echo = Dashboard.RawAnswer(try await RouterClient(router: Self.router).raw(request.replacingOccurrences(of: "/redirect/303?to=%2Fecho", with: "/echo")))
        #expect(echo.setCookies == ["first=1", "second=2"])
        let echoed = try JSONDecoder().decode(Echo.self, from: Data(echo.body.utf8))
        #expect(echoed.body == "hi" && echoed.cookies == ["a": "1"] && echoed.headers["Content-Type"] == "text/plain")
    }
}
