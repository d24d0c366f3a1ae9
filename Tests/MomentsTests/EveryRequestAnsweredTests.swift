import Foundation
import Testing
import TestSupport

/// Requests that become ready all at once on one libmicrohttpd worker: the dashboard is stopped
/// (SIGSTOP), a request is written on each of its open connections, and it is continued. In epoll
/// mode a worker that finds exactly 128 or 256 ready never reads them (scripts/lost-wakeup).
@Suite struct EveryRequestAnsweredTests {
    @Test(arguments: [127, 128, 129, 256])
    func requestsReadyAtOnceOnOneWorker_areAllAnswered(count: Int) async throws {
        let dashboard = try await ServerProcess.start(arguments: ["--threads", "1", "--data-dir", Dashboard.temporaryDirectory().path])
        defer { dashboard.process.terminate() }
        let request = Data("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        let connections = try (0..<count).map { _ in try RawConnection(port: dashboard.url.port!) }
        defer { connections.forEach { $0.close() } }
        for connection in connections {
            // Answered once: accepted, and idle in the worker's set.
            connection.write(request)
            #expect(await connection.received(until: "\r\n\r\n", timeout: 10).hasPrefix("HTTP/1.1 200"))
        }

        let pid = dashboard.process.processIdentifier
        kill(pid, SIGSTOP)
        // Recorded, not thrown: the process is continued below either way.
        await #expect(throws: Never.self) {
            try await eventually("process \(pid) to stop", timeout: .seconds(10)) { Self.isStopped(pid) }
        }
        for connection in connections { connection.write(request) }
        kill(pid, SIGCONT)

        let deadline = Date().addingTimeInterval(10)
        var answered = 0
        for connection in connections {
            let text = await connection.received(until: "HTTP/1.1 ", timeout: max(0.05, deadline.timeIntervalSinceNow))
            if text.contains("HTTP/1.1 200") { answered += 1 }
        }
        #expect(answered == count)
    }

    /// Whether `/proc` shows `pid` stopped.
    private static func isStopped(_ pid: pid_t) -> Bool {
        // The state is the field after the command's closing parenthesis.
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].hasPrefix(" T")
    }
}
