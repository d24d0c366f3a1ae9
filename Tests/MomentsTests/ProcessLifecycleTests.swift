import Foundation
import Testing

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
}
