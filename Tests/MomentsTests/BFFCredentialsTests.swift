import Foundation
import Foundations
import Testing
import TestSupport

/// Credentials for a team BFF: sent with every request to it, shown only masked.
@Suite struct BFFCredentialsTests {
    static let token = "Bearer s3cret-token-4711"

    @Test func bffHeaders_reachTheBFF_onGraphQLAndRemoteConfig_andShowOnlyMasked() async throws {
        try await withDashboard(bffHeaders: ["Authorization": Self.token]) { dashboard, bff in
            bff.behave(.requireHeader(name: "Authorization", value: Self.token))
            let timeline = try await dashboard.decode(TimelineAnswer.self, "/api/timeline")
            #expect(timeline.status == 200)
            #expect(timeline.value.momentItems.count == 3)
            let received = bff.receivedHeaders
            #expect(!received.isEmpty && received.allSatisfy { $0["authorization"] == Self.token },
                    "GraphQL and remote-config requests carry the header")
            #expect(received.contains { $0["x-app-platform"] == "web" }, "beside the app's own headers on GraphQL")

            let api = try await dashboard.get("/api/area51")
            let page = try await dashboard.get("/area51")
            for text in [api.text, page.text] {
                #expect(!text.contains("s3cret"))
                #expect(text.contains("Authorization: Bearer ••••"))
            }
        }
    }

    @Test func withoutTheHeader_aBFFThatRequiresIt_isACredentialsRefusal_shownInArea51() async throws {
        try await withDashboard { dashboard, bff in
            bff.behave(.requireHeader(name: "Authorization", value: Self.token))
            let timeline = try await dashboard.get("/api/timeline")
            #expect(timeline.status == 502)
            #expect(timeline.text.contains("bff_credentials_refused"))
            let area51 = try await dashboard.get("/api/area51")
            #expect(area51.text.contains("bff_credentials_refused"), "the last error, with its class")
            #expect(area51.text.contains("The BFF refused the credentials (HTTP 401)"))
        }
    }

    @Test func serve_sendsBFFHeaderFlagsAndEnvironment_andMasksThem() async throws {
        let bff = try FakeBFF()
        bff.behave(.requireHeader(name: "Authorization", value: Self.token))
        let data = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try await ServerProcess.start(
            arguments: ["--bff-url", bff.graphQLURL.absoluteString, "--data-dir", data.path,
                        "--bff-header", "Authorization: \(Self.token)"],
            environment: ["MOMENTS_BFF_HEADERS": "X-Team-Key: env-secret-99\nX-Team-Name: moments"])
        let timeline = try await server.request("GET", "/api/timeline")
        let api = try await server.request("GET", "/api/area51")
        let page = try await server.request("GET", "/area51")
        server.process.terminate()
        _ = await server.waitForExit()
        await bff.stop()

        #expect(timeline.status == 200)
        let received = bff.receivedHeaders
        #expect(!received.isEmpty && received.allSatisfy {
            $0["authorization"] == Self.token && $0["x-team-key"] == "env-secret-99" && $0["x-team-name"] == "moments"
        })
        for text in [api.text, page.text] {
            #expect(!text.contains("s3cret") && !text.contains("env-secret-99"))
            #expect(text.contains("Authorization: Bearer ••••") && text.contains("X-Team-Key: ••••"))
        }
    }
}
