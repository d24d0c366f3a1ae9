import Foundation
import Testing
import TestSupport

/// SIGTERM while a breakpoint holds a page's call: `moments serve` lets the held call go on
/// unchanged, the page is answered, and the process exits well within the grace period it
/// would otherwise wait for requests in flight (10 s).
@Suite struct BreakpointShutdownTests {
    @Test func sigterm_letsTheHeldCallGoOn_answersThePage_andExitsAtOnce() async throws {
        let dataDirectory = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let server = try await ServerProcess.start(arguments: ["--data-dir", dataDirectory.path])
        let set = try await server.request("PUT", "/api/area51/breakpoints/getMomentsDetailsByUserID",
                                           body: #"{"stage": "response", "timeoutSeconds": 600}"#)
        #expect(set.status == 200)
        let page = Task { try await server.request("GET", "/api/timeline?refresh=1") }
        try await eventually("the page's call to be held") {
            try await server.request("GET", "/api/area51/breakpoints").text.contains(#""heldAt""#)
        }

        kill(server.process.processIdentifier, SIGTERM)

        #expect(try await page.value.status == 200)
        #expect(await server.waitForExit(timeout: .seconds(5)), "still running 5 s after SIGTERM")
    }
}
