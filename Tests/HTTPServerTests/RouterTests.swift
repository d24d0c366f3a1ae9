import Foundation
import Testing
@testable import HTTPServer
import TestSupport

@Suite struct RouterTests {
    private func makeRouter() -> Router {
        var router = Router()
        router.get("/hello") { _ in .text("hello") }
        router.put("/hello") { request in .text("put \(request.body.count)") }
        router.post("/moments/{id}/like") { request in
            .text("liked \(request.parameters["id"] ?? "?") by \(request.formFields["userID"] ?? "?")")
        }
        router.get("/echo-query") { request in
            .text(request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "|"))
        }
        router.get("/echo-headers") { request in
            .text("\(request.headers["x-custom"] ?? "-") \(request.cookies["session"] ?? "-")")
        }
        router.get("/throws") { _ in throw CocoaError(.fileReadCorruptFile) }
        router.get("/teapot") { _ in throw HTTPError(.conflict, code: "busy", message: "Try later.") }
        return router
    }

    @Test func knownPath_answers200WithBody() async throws {
        let server = try TestServer(router: makeRouter())
        let (status, headers, body) = try await server.send("GET", "/hello")
        #expect(status == 200)
        #expect(headers["content-type"] == "text/plain; charset=utf-8")
        #expect(String(decoding: body, as: UTF8.self) == "hello")
        await server.stop()
    }

    @Test func unknownPath_answers404() async throws {
        let server = try TestServer(router: makeRouter())
        let (status, _, body) = try await server.send("GET", "/nothing/here")
        #expect(status == 404)
        #expect(String(decoding: body, as: UTF8.self).contains("There is nothing at /nothing/here"))
        await server.stop()
    }

    /// A path is matched by its segments, empty ones dropped: a parameter takes exactly one
    /// non-empty segment, and a route of another number of segments never matches.
    @Test(arguments: [
        ("/moments/7/like", 200), ("/moments/7/like/", 200), ("//moments//7/like", 200),
        ("/moments//like", 404), ("/moments/7/like/again", 404), ("/moments/7", 404),
    ])
    func path_isMatchedBySegments(path: String, status: Int) async {
        let response = await makeRouter().respond(to: Request(method: .post, path: path))
        #expect(response.status.code == status, "\(path)")
        if status == 200 { #expect(response.bodyData.map { String(decoding: $0, as: UTF8.self) } == "liked 7 by ?") }
    }

    /// Literal segments are compared byte for byte: a spelling only canonically equivalent to a
    /// route's (an e and a combining accent for an é) is another path, as it is to a file system.
    @Test func literalSegments_areComparedByBytes() async {
        var router = Router()
        router.get("/caf\u{E9}") { _ in .text("coffee") }
        #expect(await router.respond(to: Request(method: .get, path: "/caf\u{E9}")).status.code == 200)
        #expect(await router.respond(to: Request(method: .get, path: "/cafe\u{301}")).status.code == 404)
    }

    @Test func knownPathWrongMethod_answers405WithAllow() async throws {
        let server = try TestServer(router: makeRouter())
        let (status, headers, _) = try await server.send("DELETE", "/hello")
        #expect(status == 405)
        #expect(headers["allow"] == "GET, PUT, HEAD")
        await server.stop()
    }

    @Test func head_isAnsweredByTheGetRouteWithoutBody() async throws {
        let server = try TestServer(router: makeRouter())
        let answer = try await server.raw("HEAD /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200 OK"))
        #expect(answer.contains("Content-Length: 5"))
        #expect(answer.hasSuffix("\r\n\r\n"), "a HEAD answer has no body: \(answer)")
        await server.stop()
    }

    @Test func pathParameters_andFormBody_reachTheHandler() async throws {
        let server = try TestServer(router: makeRouter())
        let (status, _, body) = try await server.send(
            "POST", "/moments/42/like",
            headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data("userID=a+b%26c".utf8)
        )
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self) == "liked 42 by a b&c")
        await server.stop()
    }

    @Test func query_isPercentDecodedInOrder() async throws {
        let server = try TestServer(router: makeRouter())
        let (_, _, body) = try await server.send("GET", "/echo-query?lang=zh-Hans&q=caf%C3%A9%20%E6%9C%8B%E5%8F%8B&x=1&x=2")
        #expect(String(decoding: body, as: UTF8.self) == "lang=zh-Hans|q=café 朋友|x=1|x=2")
        await server.stop()
    }

    @Test func query_withoutSomeNames_isEncodedAgain_inOrder() {
        let query = QueryArguments(urlEncoded: "refresh=1&lang=zh-Hans&q=caf%C3%A9+%26+tea&after=m%2F9")
        #expect(query.removing(["refresh"]).urlEncoded == "lang=zh-Hans&q=caf%C3%A9%20%26%20tea&after=m%2F9")
        #expect(QueryArguments(urlEncoded: query.urlEncoded).map(\.value) == ["1", "zh-Hans", "café & tea", "m/9"])
        #expect(query.removing(["refresh", "lang", "q", "after"]).urlEncoded == "")
    }

    /// As the URL Standard's form parser reads them, whatever the bytes.
    @Test(arguments: [
        ("a=1&&b=two+words&c", ["a": "1", "b": "two words", "c": ""]),
        (#"x="{}" y&z=%7B%zz%4"#, ["x": #""{}" y"#, "z": "{%zz%4"]),
        ("k=%E6%9C%8B&bad=%FF&eq=a=b", ["k": "朋", "bad": "\u{FFFD}", "eq": "a=b"]),
    ])
    func formBody_isDecodedWithoutRefusingAnyByte(body: String, expected: [String: String]) {
        let fields = QueryArguments(urlEncoded: body)
        #expect(Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }) == expected)
    }

    /// A NUL would end the C string libmicrohttpd hands over: `%00` stays as written, so the
    /// path names nothing instead of its part before the NUL; every other escape is decoded.
    @Test func encodedNUL_inThePath_isNoEndOfIt() async throws {
        let server = try TestServer(router: makeRouter())
        #expect(try await server.send("GET", "/echo-headers%00junk").status == 404)
        #expect(try await server.send("GET", "/echo-headers").status == 200)
        let (_, _, body) = try await server.send("GET", "/echo-query?q=a%00b%2500c&lang=%E6%9C%8B")
        #expect(String(decoding: body, as: UTF8.self) == "q=a%00b%00c|lang=朋")
        await server.stop()
    }

    @Test func headers_areCaseInsensitive_andCookiesParsed() async throws {
        let server = try TestServer(router: makeRouter())
        let (_, _, body) = try await server.send(
            "GET", "/echo-headers", headers: ["X-CUSTOM": "yes", "Cookie": "theme=dark; session=abc123"])
        #expect(String(decoding: body, as: UTF8.self) == "yes abc123")
        await server.stop()
    }

    @Test func throwingHandler_answersClean500_andServerKeepsServing() async throws {
        let server = try TestServer(router: makeRouter())
        let (status, _, body) = try await server.send("GET", "/throws")
        #expect(status == 500)
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains("Something went wrong"))
        #expect(!text.contains("CocoaError"), "no internals leak to the client")
        let (after, _, _) = try await server.send("GET", "/hello")
        #expect(after == 200)
        await server.stop()
    }

    @Test func thrownHTTPError_answersItsStatusAndMessage() async throws {
        let server = try TestServer(router: makeRouter())
        let (status, _, body) = try await server.send("GET", "/teapot")
        #expect(status == 409)
        #expect(String(decoding: body, as: UTF8.self).contains("Try later."))
        await server.stop()
    }
}
