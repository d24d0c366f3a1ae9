import Bytes
import Foundation
import Locking
import Testing
@testable import HTTPServer
import TestSupport

/// Answers marked reusable are given again, without their handler, to requests that ask the same
/// thing, while the states they were drawn from stand (`ReadyAnswers`).
@Suite struct ReadyAnswersTests {
    /// A state whose version a test changes.
    private final class FakeState: StateVersioned {
        private let version = Locked(0)
        var stateVersion: Int { version.withLock { $0 } }
        func change() { version.withLock { $0 += 1 } }
    }

    private final class Count: Sendable {
        private let value = Locked(0)
        var current: Int { value.withLock { $0 } }
        /// Counts one more, and gives the new count: one step, so two threads never read the same.
        @discardableResult func increment() -> Int {
            value.withLock { value in
                value += 1
                return value
            }
        }
    }

    /// A router whose GET /page answers `"drawn N"` marked reusable while `state` stands, counting
    /// drawings in `drawn` and reuses in `reused`.
    private static func router(state: FakeState, drawn: Count, reused: Count, validFor: Duration? = nil) -> Router {
        var router = Router()
        router.get("/page") { _ in
            let validity = AnswerValidity([state])
            drawn.increment()
            var response = Response.text("drawn \(drawn.current)")
            response.reuse = Reuse(validity: validFor.map { validity.until(.now + $0) } ?? validity,
                                   effects: [{ _ in reused.increment() }])
            return response
        }
        return router
    }

    /// `text`, marked reusable while nothing changes.
    private static func kept(_ text: String) -> Response {
        var response = Response.text(text)
        response.reuse = Reuse(validity: AnswerValidity([]))
        return response
    }

    /// The body `server` answers to a GET of `target` with exactly `headers` besides `Host`.
    private static func body(of server: TestServer, _ target: String, _ headers: KeyValuePairs<String, String>) async throws -> String {
        let fields = headers.map { "\($0.key): \($0.value)\r\n" }.joined()
        let answer = try await server.raw("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(fields)Connection: close\r\n\r\n")
        return answer.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
    }

    @Test func aReusableAnswer_isGivenAgain_withoutItsHandler_butWithItsEffects_andItsOwnRequestID() async throws {
        let state = FakeState(), drawn = Count(), reused = Count()
        let server = try TestServer(router: Self.router(state: state, drawn: drawn, reused: reused))
        let first = try await server.send("GET", "/page")
        let second = try await server.send("GET", "/page")
        let third = try await server.send("GET", "/page")
        #expect(drawn.current == 1)
        #expect(reused.current == 2)
        #expect([first.body, second.body, third.body].allSatisfy { String(decoding: $0, as: UTF8.self) == "drawn 1" })
        #expect(Set([first, second, third].compactMap { $0.headers["x-request-id"] }).count == 3, "each answer carries its own request id")
        await server.stop()
    }

    @Test func aChangedState_drawsTheAnswerAgain() async throws {
        let state = FakeState(), drawn = Count(), reused = Count()
        let server = try TestServer(router: Self.router(state: state, drawn: drawn, reused: reused))
        _ = try await server.send("GET", "/page")
        state.change()
        let after = try await server.send("GET", "/page")
        #expect(String(decoding: after.body, as: UTF8.self) == "drawn 2")
        #expect(reused.current == 0)
        await server.stop()
    }

    @Test func pastItsDeadline_theAnswerIsDrawnAgain() async throws {
        let state = FakeState(), drawn = Count(), reused = Count()
        let server = try TestServer(router: Self.router(state: state, drawn: drawn, reused: reused, validFor: .milliseconds(300)))
        _ = try await server.send("GET", "/page")
        try await Task.sleep(for: .milliseconds(400))
        let after = try await server.send("GET", "/page")
        #expect(String(decoding: after.body, as: UTF8.self) == "drawn 2")
        await server.stop()
    }

    @Test func theHeadersAndCookiesAnAnswerRead_tellRequestsApart_andNothingElseDoes() async throws {
        let drawn = Count()
        var router = Router()
        router.get("/read") { request in
            drawn.increment()
            return Self.kept("\(request.headers["X-Choice"] ?? "-") \(request.cookies["lang"] ?? "-")")
        }
        let server = try TestServer(router: router)
        func body(_ target: String, _ headers: KeyValuePairs<String, String> = [:]) async throws -> String {
            try await Self.body(of: server, target, headers)
        }
        #expect(try await body("/read") == "- -")
        #expect(try await body("/read", ["User-Agent": "another", "Cookie": "other=1"]) == "- -")
        #expect(drawn.current == 1, "a header and a cookie the answer did not read change nothing")
        #expect(try await body("/read", ["X-Choice": "zh-CN"]) == "zh-CN -")
        #expect(try await body("/read", ["x-choice": "zh-CN", "User-Agent": "yet another"]) == "zh-CN -")
        #expect(drawn.current == 2, "a header it read tells requests apart, its name in any case")
        #expect(try await body("/read", ["Cookie": "lang=en"]) == "- en")
        #expect(try await body("/read", ["Cookie": "other=2; lang=en"]) == "- en")
        #expect(try await body("/read", ["Cookie": "lang=zh-CN"]) == "- zh-CN")
        #expect(drawn.current == 4, "so does a cookie it read, by its value")
        #expect(try await body("/read?after=m1") == "- -")
        #expect(drawn.current == 5, "and the query")
        let traced = try await server.send("GET", "/read", headers: [
            "X-Request-Id": "mine-1", "traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
        ])
        #expect(drawn.current == 5)
        #expect(traced.headers["x-request-id"] == "mine-1", "a reused answer carries the request's own id")
        await server.stop()
    }

    @Test func anAnswerThatReadMore_isKeptUnderEverythingItsRouteHasRead() async throws {
        let drawn = Count()
        var router = Router()
        // Reads B only when A is 1: the route's answers are told apart by both from then on.
        router.get("/grow") { request in
            drawn.increment()
            let a = request.headers["A"] ?? "-"
            return Self.kept(a == "1" ? "1 \(request.headers["B"] ?? "-")" : a)
        }
        let server = try TestServer(router: router)
        func body(_ headers: KeyValuePairs<String, String>) async throws -> String {
            try await Self.body(of: server, "/grow", headers)
        }
        #expect(try await body(["A": "0", "B": "x"]) == "0")
        #expect(try await body(["A": "1", "B": "x"]) == "1 x")
        #expect(try await body(["A": "1", "B": "y"]) == "1 y")
        #expect(try await body(["A": "1", "B": "x"]) == "1 x")
        #expect(drawn.current == 3)
        #expect(try await body(["A": "0", "B": "z"]) == "0")
        #expect(try await body(["A": "0", "B": "z"]) == "0")
        #expect(drawn.current == 4)
        await server.stop()
    }

    @Test func writes_answersNotMarked_andAnswersMadeFromEveryHeaderOrCookie_areNeverReused() async throws {
        let drawn = Count()
        var router = Router()
        router.get("/plain") { _ in drawn.increment(); return .text("plain") }
        router.post("/write") { _ in drawn.increment(); return Self.kept("written") }
        router.get("/headers") { request in drawn.increment(); return Self.kept("\(request.headers.map(\.name).count)") }
        router.get("/cookies") { request in drawn.increment(); return Self.kept("\(request.cookies.all.count)") }
        let server = try TestServer(router: router)
        for _ in 0..<2 {
            for (method, path) in [("GET", "/plain"), ("POST", "/write"), ("GET", "/headers"), ("GET", "/cookies")] {
                #expect(try await server.send(method, path).status == 200)
            }
        }
        #expect(drawn.current == 8)
        await server.stop()
    }

    @Test func aPerClientValue_isFreshInEveryReuse_whereverTheAnswerHasIt_andOneOfAnotherLengthIsDrawnAfresh() async throws {
        let drawn = Count(), made = Count()
        var router = Router()
        router.get("/token") { _ in
            drawn.increment()
            var response = Response.text("a=value-0;b=value-0")
            response.headers.add("Set-Cookie", "t=value-0; Path=/")
            response.reuse = Reuse(validity: AnswerValidity([]))
            response.reuse?.perClientValue = PerClientValue(value: "value-0") {
                made.increment()
                return made.current < 3 ? "value-\(made.current)" : "a-longer-value"
            }
            return response
        }
        let server = try TestServer(router: router)
        _ = try await server.send("GET", "/token")
        let second = try await server.send("GET", "/token")
        let third = try await server.send("GET", "/token")
        #expect(drawn.current == 1)
        #expect(String(decoding: second.body, as: UTF8.self) == "a=value-1;b=value-1")
        #expect(second.headers["set-cookie"] == "t=value-1; Path=/")
        #expect(String(decoding: third.body, as: UTF8.self) == "a=value-2;b=value-2")
        #expect(third.headers["set-cookie"] == "t=value-2; Path=/")
        // The value is written in place, so one of another length goes to the handler.
        _ = try await server.send("GET", "/token")
        #expect(drawn.current == 2)
        await server.stop()
    }

    /// A page whose forms carry the CSRF token is kept once for every browser with a token of the
    /// dashboard's making, each lent with its own, and once for those without, each issued a fresh
    /// one; a token of another shape is never written into an answer another is lent.
    @Test func aPageHoldingEachClientsToken_isKeptOnceForEveryTokenOfTheDashboardsMaking() async throws {
        let drawn = Count()
        var router = Router()
        router.add(middleware: CSRFMiddleware())
        router.get("/form") { request in
            drawn.increment()
            var response = Response.html(#"<input name="_csrf" value="\#(request.csrfToken ?? "")">"#)
            response.reuse = Reuse(validity: AnswerValidity([]))
            return response
        }
        let server = try TestServer(router: router)
        func answer(_ cookie: String?) async throws -> (body: String, setCookie: String?) {
            let answer = try await server.send("GET", "/form", headers: cookie.map { ["Cookie": "moments_csrf=\($0)"] } ?? [:])
            return (String(decoding: answer.body, as: UTF8.self), answer.headers["set-cookie"])
        }
        let tokens = (0..<3).map { String(repeating: "0123456789abcdef".map(String.init)[$0 * 5], count: 32) }
        for token in tokens {
            let lent = try await answer(token)
            #expect(lent.body == #"<input name="_csrf" value="\#(token)">"#)
            #expect(lent.setCookie == nil)
        }
        #expect(drawn.current == 1, "drawn once for three browsers with tokens")
        var issued: Set<String> = []
        for _ in 0..<2 {
            let lent = try await answer(nil)
            let token = try #require(lent.setCookie?.dropFirst("moments_csrf=".count).prefix { $0 != ";" })
            #expect(lent.body == #"<input name="_csrf" value="\#(token)">"#)
            issued.insert(String(token))
        }
        #expect(drawn.current == 2 && issued.count == 2, "once more for browsers without, each issued its own")
        for _ in 0..<2 {
            #expect(try await answer("a-token-of-another-shape").body == #"<input name="_csrf" value="a-token-of-another-shape">"#)
        }
        #expect(drawn.current == 4, "a token of another shape is drawn into its own answer each time")
        #expect(try await answer(tokens[0]).body.contains(tokens[0]))
        #expect(drawn.current == 4)
        await server.stop()
    }

    /// A lent response's own headers are set in place when the value has the old one's length and
    /// is the first of its name, by a delete and an add otherwise: either way each is sent once,
    /// with this request's value, and the other headers of its name are left as they were.
    @Test func theRequestsOwnHeaders_areSentOnce_whereverTheyStandAndWhateverTheirLength() async throws {
        let made = Count()
        var router = Router()
        router.get("/token") { _ in
            var response = Response.text("value-0")
            response.headers.add("Set-Cookie", "a=fixed-0")
            response.headers.add("Set-Cookie", "t=value-0")
            response.reuse = Reuse(validity: AnswerValidity([]))
            response.reuse?.perClientValue = PerClientValue(value: "value-0") { "value-\(made.increment() % 10)" }
            return response
        }
        let server = try TestServer(router: router)
        for id in ["", "", "an-id-of-another-length", "", "0123456789abcdef", ""] {
            let answer = try await server.raw("GET /token HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + (id.isEmpty ? "" : "X-Request-Id: \(id)\r\n") + "Connection: close\r\n\r\n")
            let lines = answer.components(separatedBy: "\r\n")
            let ids = lines.filter { $0.lowercased().hasPrefix("x-request-id:") }
            let cookies = lines.filter { $0.lowercased().hasPrefix("set-cookie:") }
            let body = lines.last ?? ""
            #expect(ids.count == 1, "\(answer)")
            if !id.isEmpty { #expect(ids == ["X-Request-Id: \(id)"]) }
            #expect(Set(cookies) == ["Set-Cookie: a=fixed-0", "Set-Cookie: t=\(body)"], "\(answer)")
        }
        await server.stop()
    }

    /// Many requests at once, each with its own token: no answer carries another's, though the
    /// responses they are lent are given back and lent again.
    @Test func answersLentAtOnce_eachCarryTheirOwnValue() async throws {
        let made = Count()
        var router = Router()
        router.get("/token") { _ in
            var response = Response.text(String(repeating: "x", count: 40_000) + "[v00000]")
            response.headers.add("Set-Cookie", "t=v00000")
            response.reuse = Reuse(validity: AnswerValidity([]))
            response.reuse?.perClientValue = PerClientValue(value: "v00000") {
                String(format: "v%05d", made.increment())
            }
            return response
        }
        let server = try TestServer(router: router)
        _ = try await server.send("GET", "/token")
        let answers = try await withThrowingTaskGroup(of: (String?, String).self) { group in
            for _ in 0..<200 {
                group.addTask {
                    let answer = try await server.send("GET", "/token")
                    return (answer.headers["set-cookie"], String(decoding: answer.body.suffix(8), as: UTF8.self))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 200)
        #expect(answers.allSatisfy { cookie, tail in cookie.map { "[" + $0.dropFirst(2) + "]" } == tail })
        #expect(Set(answers.map(\.1)).count == 200)
        await server.stop()
    }

    /// A gzip body whose per-client value is stored as it is (`GzipPieces`) is lent with a fresh
    /// value written over the old and the member's CRC-32 made for it. URLSession's gzip reader
    /// (curl's, with zlib, which checks the CRC) reads each answer as the page with its own value.
    @Test func aGzipBodyWithTheValueStored_isLentWithItsOwnValueAndCRC() async throws {
        let drawn = Count(), made = Count()
        let pieces = GzipPieces(["<p>", "</p><i>", "</i>"].map { SharedBytes($0) }, valueLength: 7)
        var router = Router()
        router.get("/gzip") { _ in
            drawn.increment()
            var response = Response(headers: ["Content-Encoding": "gzip", "Set-Cookie": "t=value-0"],
                                    body: .shared(pieces.joined(separator: "value-0")))
            response.reuse = Reuse(validity: AnswerValidity([]))
            response.reuse?.perClientValue = PerClientValue(value: "value-0") { "value-\(made.increment() % 10)" }
            return response
        }
        let server = try TestServer(router: router)
        for _ in 0..<4 {
            let answer = try await server.send("GET", "/gzip", headers: ["Accept-Encoding": "gzip"])
            let value = try #require(answer.headers["set-cookie"]).dropFirst(2)
            #expect(String(decoding: answer.body, as: UTF8.self) == "<p>\(value)</p><i>\(value)</i>")
        }
        #expect(drawn.current == 1)
        #expect(made.current == 3)
        await server.stop()
    }

    /// A body compressed around the value does not hold it as written, so it is drawn again for
    /// every request: bytes that only say they are gzip, and a gzip member whose value is deflated
    /// with the rest.
    @Test(arguments: [
        Array("bytes compressed around first-value".utf8),
        Array(GzipPieces([SharedBytes("a first-value, and first-value again")], valueLength: 0).joined(separator: "").buffer),
    ])
    func aBodyCompressedAroundItsPerClientValue_isNotKept(body: [UInt8]) async throws {
        let drawn = Count()
        var router = Router()
        router.get("/gzip") { _ in
            drawn.increment()
            var response = Response(headers: ["Content-Encoding": "gzip"], body: .shared(SharedBytes(body)))
            response.reuse = Reuse(validity: AnswerValidity([]))
            response.reuse?.perClientValue = PerClientValue(value: "first-value") { "other-value" }
            return response
        }
        let server = try TestServer(router: router)
        // On raw connections: URLSession would try to inflate the body.
        for _ in 0..<2 {
            let answer = try await server.raw("GET /gzip HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(answer.contains("HTTP/1.1 200"))
        }
        #expect(drawn.current == 2)
        await server.stop()
    }

    @Test func aBudgetOfZero_keepsNothing() async throws {
        let state = FakeState(), drawn = Count(), reused = Count()
        let server = try TestServer(router: Self.router(state: state, drawn: drawn, reused: reused)) { $0.readyAnswerBudget = 0 }
        _ = try await server.send("GET", "/page")
        _ = try await server.send("GET", "/page")
        #expect(drawn.current == 2)
        await server.stop()
    }
}
