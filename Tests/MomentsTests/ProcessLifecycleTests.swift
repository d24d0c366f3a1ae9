import Foundation
import Testing
import TestSupport

/// The real executable in a child process: crash, restart, graceful stop.
@Suite struct ProcessLifecycleTests {
    @Test func crashApp_acknowledges202_abortsTheProcess_andNextStartShowsTheCrash() async throws {
        let dataDirectory = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let first = try await ServerProcess.start(arguments: ["--data-dir", dataDirectory.path])
        let answer = try await first.request("POST", "/api/area51/actions/crash-app?confirm=1", body: "{}")
        #expect(answer.status == 202)
        #expect(answer.text.contains(#""terminatesProcess":true"#))
        #expect(await first.waitForExit())
        #expect(first.process.terminationReason == .uncaughtSignal)
        #expect(first.process.terminationStatus == SIGABRT)

        let second = try await ServerProcess.start(arguments: ["--data-dir", dataDirectory.path])
        let menu = try await second.request("GET", "/api/area51")
        #expect(menu.text.contains("Last crash"))
        #expect(menu.text.contains("Crash App pressed in Area 51"))
        second.process.terminate()
        #expect(await second.waitForExit())
    }

    @Test func sigterm_stopsGracefullyWithExitZero() async throws {
        let dataDirectory = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let server = try await ServerProcess.start(arguments: ["--data-dir", dataDirectory.path])
        #expect(try await server.request("GET", "/healthz").status == 200)
        server.process.terminate()
        #expect(await server.waitForExit())
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
    }

    /// A page's ETag comes from its bytes and the client's token, so a restart on the same data
    /// keeps it and a browser's copy stays good (a 304). Relative dates change with the minute,
    /// and the page's bytes with them: the first try whose two pages are the same bytes counts.
    @Test func etag_survivesARestart_andAnswers304() async throws {
        let dataDirectory = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let get = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: moments_csrf=alice-token\r\nConnection: close\r\n\r\n"
        var tries: [(before: String, after: String, revalidated: String)] = []
        for _ in 0..<3 {
            let first = try await ServerProcess.start(arguments: ["--data-dir", dataDirectory.path])
            let before = try await Self.raw(get, to: first)
            first.process.terminate()
            #expect(await first.waitForExit())

            let second = try await ServerProcess.start(arguments: ["--data-dir", dataDirectory.path])
            let after = try await Self.raw(get, to: second)
            let etag = Self.etag(of: before) ?? ""
            let revalidated = try await Self.raw(get.replacingOccurrences(of: "Connection:", with: "If-None-Match: \(etag)\r\nConnection:"),
                                                 to: second)
            second.process.terminate()
            #expect(await second.waitForExit())
            tries.append((before, after, revalidated))
            if Self.body(of: before) == Self.body(of: after) { break }
        }
        let last = try #require(tries.last)
        #expect(Self.body(of: last.before) == Self.body(of: last.after), "the page changed on every try")
        #expect(Self.etag(of: last.before) != nil)
        #expect(Self.etag(of: last.after) == Self.etag(of: last.before))
        #expect(last.revalidated.hasPrefix("HTTP/1.1 304"), "\(last.revalidated.prefix(300))")
    }

    private static func raw(_ request: String, to server: ServerProcess) async throws -> String {
        let port = server.url.port ?? 0
        return try await onOwnThread { try RawConnection(port: port).exchange(Data(request.utf8)) }
    }

    private static func etag(of answer: String) -> String? {
        answer.split(separator: "\r\n").first { $0.lowercased().hasPrefix("etag:") }?
            .dropFirst("etag:".count).trimmingCharacters(in: .whitespaces)
    }

    private static func body(of answer: String) -> Substring? {
        answer.range(of: "\r\n\r\n").map { answer[$0.upperBound...] }
    }
}
