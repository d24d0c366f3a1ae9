import Foundation
import Testing
import TestSupport
@testable import HTTPServer

@Suite struct ClientLimitTests {
    private func makeServer(headerTimeout: Duration = .seconds(1)) throws -> TestServer {
        var router = Router()
        router.get("/hello") { _ in .text("hello") }
        return try TestServer(router: router) { $0.requestHeaderTimeout = headerTimeout }
    }

    @Test func clientTricklingItsHeaders_isDroppedAfterTheHeaderTimeout() async throws {
        let server = try makeServer()
        let connection = try RawConnection(port: server.port)
        // A minute of trickling: a drop before its end is the header timeout's, whatever the load.
        let request = Array("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: \(String(repeating: "s", count: 540))\r\n\r\n".utf8)
        let started = ContinuousClock.now
        var sent = 0
        // One byte every 100 ms keeps libmicrohttpd's idle timeout from ever firing.
        while sent < request.count, ContinuousClock.now - started < .seconds(60) {
            connection.write(Data([request[sent]]))
            sent += 1
            try await Task.sleep(for: .milliseconds(100))
            if connection.isClosedByPeer() { break }
        }
        #expect(sent < request.count, "the server dropped the client before it finished its headers")
        #expect(ContinuousClock.now - started > .milliseconds(900), "not before the timeout")
        connection.close()
        await server.stop()
    }

    @Test func ordinaryClient_onAKeptAliveConnection_isServedAgain() async throws {
        // A deadline far above the pause, so a loaded test machine cannot make this one late;
        // answers may be slow while other suites start servers in this process.
        let server = try makeServer(headerTimeout: .seconds(5))
        let connection = try RawConnection(port: server.port)
        connection.write(Data("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        #expect(await connection.received(until: "hello", timeout: 10).contains("200 OK"))
        // The client idles between requests, past the server's deadline check (every 250 ms):
        // the pause is what is under test.
        try await Task.sleep(for: .milliseconds(500))
        connection.write(Data("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        #expect(await connection.received(until: "hello", timeout: 10).contains("200 OK"))
        connection.close()
        await server.stop()
    }

    /// What the process reads to hand malloc's kept memory back between loads: the connections
    /// open now, and how many have opened.
    @Test func openAndOpenedConnections_areCounted() async throws {
        let server = try makeServer(headerTimeout: .seconds(5))
        let openedBefore = server.server.openedConnectionCount
        let held = try (0..<3).map { _ in try RawConnection(port: server.port) }
        for connection in held {
            connection.write(Data("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            #expect(await connection.received(until: "hello", timeout: 10).contains("200 OK"))
        }
        #expect(server.server.openConnectionCount == 3)
        #expect(server.server.openedConnectionCount == openedBefore + 3)
        held.forEach { $0.close() }
        try await eventually("the closed connections to be let go") { server.server.openConnectionCount == 0 }
        #expect(server.server.openedConnectionCount == openedBefore + 3, "a close opens nothing")
        await server.stop()
    }

    @Test func connectionsBeyondTheLimit_areClosed_andServedAgainOnceOthersLeave() async throws {
        var router = Router()
        router.get("/hello") { _ in .text("hello") }
        let server = try TestServer(router: router) { $0.connectionLimit = 4 }
        let held = try (0..<4).map { _ in try RawConnection(port: server.port) }
        // Each is served once and kept alive: the server has taken all four.
        for connection in held {
            connection.write(Data("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            #expect(await connection.received(until: "hello", timeout: 10).contains("200 OK"))
        }
        let extra = try RawConnection(port: server.port)
        extra.write(Data("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        let answer = await extra.received(until: "hello", timeout: 1)
        #expect(!answer.contains("200 OK"), "the fifth connection is not served")
        extra.close()
        held.forEach { $0.close() }
        try await eventually("a connection to be served again") { (try? await server.send("GET", "/hello").status) == 200 }
        await server.stop()
    }

    @Test func overlongURL_isRefusedWith414() async throws {
        let server = try makeServer()
        let answer = try await server.raw("GET /hello?\(String(repeating: "q", count: 40_000)) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 414"), "\(answer.prefix(60))")
        await server.stop()
    }

    /// Heads that fit the connection's memory but leave too little of it to answer in are the
    /// ones libmicrohttpd would close in silence (a few hundred bytes below the memory's end). Every head
    /// size from the limit to past the connection's memory is answered, 8 bytes
    /// apart, with one answer whose body is whole: 414 for a long request line, 431 for long
    /// headers (past the memory, libmicrohttpd's own page says so).
    @Test(arguments: ["line", "header"])
    func everyHeadBetweenTheLimitAndPastTheConnectionMemory_isAnswered(part: String) async throws {
        let server = try makeServer()
        let configuration = HTTPServer.Configuration()
        let sizes = Array(stride(from: configuration.maxRequestHeadSize + 64, through: configuration.connectionMemoryLimit + 2048, by: 8))
        let expected = part == "line" ? "HTTP/1.1 414 URI Too Long" : "HTTP/1.1 431 Request Header Fields Too Large"
        var unanswered: [Int] = []
        for size in sizes {
            let head = part == "line"
                ? "GET /hello?\(String(repeating: "x", count: size - 41)) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                : "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "x", count: size - 49))\r\n\r\n"
            let answer = try await server.raw(head)
            if !(answer.hasPrefix(expected) && Self.isOneWholeAnswer(answer)) { unanswered.append(size) }
        }
        #expect(unanswered.isEmpty, "\(part): no single whole \(expected) for head sizes \(unanswered)")
        await server.stop()
    }

    /// A cookie of every size, 8 bytes apart, from a third of the head limit to where libmicrohttpd
    /// refuses the head itself. It parses the Cookie header into a copy of it in the same memory, so a
    /// cookie of half the limit can leave no room for the answer. Each gets one whole answer of
    /// ours, 200 while it fits beside the answer, 431 after. (Past that point 0.9.75's own refusal of
    /// a cookie it has no room to parse writes its head twice: its answer, with no header of ours.)
    @Test func everyCookieSizeUpToLibmicrohttpdsOwnRefusal_isAnsweredByUs() async throws {
        let server = try makeServer()
        let configuration = HTTPServer.Configuration()
        var unanswered: [Int] = []
        var statuses: Set<Substring> = []
        var size = configuration.maxRequestHeadSize / 3
        while size <= configuration.connectionMemoryLimit {
            let head = "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nCookie: big=\(String(repeating: "c", count: size))\r\n\r\n"
            let answer = try await server.raw(head)
            if !answer.isEmpty, !answer.lowercased().contains("content-type:") { break } // libmicrohttpd's own
            if Self.isOneWholeAnswer(answer), answer.hasPrefix("HTTP/1.1 200") || answer.hasPrefix("HTTP/1.1 431") {
                statuses.insert(answer.prefix(12))
            } else {
                unanswered.append(size)
            }
            size += 8
        }
        #expect(unanswered.isEmpty, "no single whole 200 or 431 for cookie sizes \(unanswered)")
        #expect(size <= configuration.connectionMemoryLimit, "libmicrohttpd refused a cookie within its memory")
        #expect(statuses == ["HTTP/1.1 200", "HTTP/1.1 431"], "both served and refused cookies: \(statuses)")
        await server.stop()
    }

    /// The same sweep of header sizes, each after an ordinary request on the same connection: the
    /// refusal's answer is told apart from the one before it, so a refusal libmicrohttpd found no
    /// room for is still written, and only then.
    @Test func everyOversizedHeadAfterAnAnswerOnTheSameConnection_isAnswered() async throws {
        let server = try makeServer()
        let configuration = HTTPServer.Configuration()
        let sizes = Array(stride(from: configuration.maxRequestHeadSize + 64, through: configuration.connectionMemoryLimit + 2048, by: 8))
        var unanswered: [Int] = []
        for size in sizes {
            let first = "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            let oversized = "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "x", count: size - 49))\r\n\r\n"
            let answers = Self.wholeAnswers(in: try await server.raw(first + oversized))
            let statuses = answers?.map { $0.prefix(12) }
            if statuses != ["HTTP/1.1 200", "HTTP/1.1 431"] { unanswered.append(size) }
        }
        #expect(unanswered.isEmpty, "no 200 then one whole 431 for head sizes \(unanswered)")
        await server.stop()
    }

    /// Heads of ever more short headers, one more at each step from one to past the connection's
    /// memory, for a small answer and one with a large head and body: each gets one whole answer,
    /// 200 while the head leaves room for the answer's header, 431 after. libmicrohttpd keeps a
    /// record of each header beside its bytes, so many short headers fill its memory long before
    /// their bytes reach the limit.
    @Test(arguments: ["/hello", "/large"])
    func everyCountOfShortHeaders_upToPastTheConnectionMemory_isAnswered(path: String) async throws {
        var router = Router()
        router.get("/hello") { _ in .text("hello") }
        router.get("/large") { _ in
            var response = Response.text(String(repeating: "l", count: 100_000))
            for index in 0..<40 { response.headers.set("X-Large-\(index)", String(repeating: "v", count: 40)) }
            return response
        }
        let server = try TestServer(router: router)
        var statuses: [Int: Substring] = [:]
        for count in 1...400 {
            let headers = (0..<count).map { "X-Many-\($0): v\r\n" }.joined()
            let answer = try await server.raw("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Connection: close\r\n\r\n")
            statuses[count] = Self.isOneWholeAnswer(answer) ? answer.prefix(12) : "unanswered"
        }
        let unanswered = statuses.filter { !["HTTP/1.1 200", "HTTP/1.1 431"].contains($0.value) }.keys.sorted()
        #expect(unanswered.isEmpty, "\(path): no single whole 200 or 431 for header counts \(unanswered)")
        // A browser's few dozen headers are served; past the memory, refused.
        #expect((1...100).allSatisfy { statuses[$0] == "HTTP/1.1 200" })
        #expect(statuses[400] == "HTTP/1.1 431")
        await server.stop()
    }

    private static func isOneWholeAnswer(_ answer: String) -> Bool {
        wholeAnswers(in: answer)?.count == 1
    }

    /// The answers in `bytes`, each a head then exactly Content-Length bytes of body; nil when
    /// anything is cut short or left over.
    private static func wholeAnswers(in bytes: String) -> [Substring]? {
        var answers: [Substring] = []
        var rest = Substring(bytes)
        while !rest.isEmpty {
            guard let headEnd = rest.range(of: "\r\n\r\n"),
                  let line = rest[..<headEnd.lowerBound].split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                  let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)),
                  rest.utf8[headEnd.upperBound...].count >= length else { return nil }
            let end = rest.utf8.index(headEnd.upperBound, offsetBy: length)
            answers.append(rest[..<end])
            rest = rest[end...]
        }
        return answers
    }

    @Test func eightKilobytesOfHeaders_areServed_withinTheConnectionMemoryLimit() async throws {
        let server = try makeServer()
        let cookie = "Cookie: big=\(String(repeating: "c", count: 8 * 1024))\r\n"
        let answer = try await server.raw("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\(cookie)Connection: close\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(60))")
        await server.stop()
    }
}
