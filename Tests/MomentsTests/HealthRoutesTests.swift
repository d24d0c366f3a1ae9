import DesignKit
import Foundation
import Foundations
import HTTPServer
import Moments
import Testing
import TestSupport

@Suite struct HealthRoutesTests {
    @Test func healthz_answersStatusVersionAndBuildTarget() async throws {
        var router = Router()
        try router.register(HealthRoutes())
        let (status, headers, body) = try await RouterClient(router: router).send("GET", "/healthz")
        #expect(status == 200)
        #expect(headers["content-type"] == "application/json")
        let health = try JSONSerialization.jsonObject(with: body) as? [String: String]
        #expect(health?["status"] == "ok")
        #expect(health?["version"] == AppInfo.version)
        #expect(health?["commit"] == AppInfo.commit && health?["buildDate"] == AppInfo.buildDate, "the build's identity, absent when unknown")
        #expect(health?["buildTarget"] == "debug", "tests run a debug build")
        #expect(health?["designKitVersion"] == DesignKitInfo.version)
    }
}
