import Foundation
import Testing
@testable import HTTPServer
import TestSupport

@Suite struct StaticFilesTests {
    /// A `Public/` folder with a stylesheet, a secret file beside it and a symlink pointing out.
    private struct Fixture {
        let root: URL
        let server: TestServer

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString)")
            let publicDir = root.appendingPathComponent("Public")
            try FileManager.default.createDirectory(at: publicDir.appendingPathComponent("css"), withIntermediateDirectories: true)
            try Data("body { color: red; }".utf8).write(to: publicDir.appendingPathComponent("css/app.css"))
            try Data("TOP-SECRET".utf8).write(to: root.appendingPathComponent("secret.txt"))
            try FileManager.default.createSymbolicLink(
                at: publicDir.appendingPathComponent("escape.txt"), withDestinationURL: root.appendingPathComponent("secret.txt"))
            var router = Router()
            router.fallback = StaticFiles(root: publicDir.path).handler
            server = try TestServer(router: router)
        }
    }

    @Test func file_isServedWithTypeETagAndCacheControl() async throws {
        let fixture = try Fixture()
        let (status, headers, body) = try await fixture.server.send("GET", "/css/app.css")
        #expect(status == 200)
        #expect(headers["content-type"] == "text/css; charset=utf-8")
        #expect(headers["etag"]?.hasPrefix("\"") == true)
        #expect(headers["cache-control"] == "no-cache")
        #expect(String(decoding: body, as: UTF8.self) == "body { color: red; }")
        await fixture.server.stop()
    }

    @Test func matchingIfNoneMatch_answers304WithoutBody() async throws {
        let fixture = try Fixture()
        let (_, headers, _) = try await fixture.server.send("GET", "/css/app.css")
        let etag = try #require(headers["etag"])
        let answer = try await fixture.server.raw(
            "GET /css/app.css HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: \(etag)\r\nConnection: close\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 304"))
        #expect(!answer.contains("color: red"))
        let stale = try await fixture.server.raw(
            "GET /css/app.css HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: \"other\"\r\nConnection: close\r\n\r\n")
        #expect(stale.hasPrefix("HTTP/1.1 200"))
        let weak = try await fixture.server.raw(
            "GET /css/app.css HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: \"other\", W/\(etag)\r\nConnection: close\r\n\r\n")
        #expect(weak.hasPrefix("HTTP/1.1 304"), "If-None-Match compares weakly: W/ names the same version")
        await fixture.server.stop()
    }

    @Test func editedFile_isServedAnew_andAFileTurnedIntoALinkOutIsRefused() async throws {
        let fixture = try Fixture()
        let stylesheet = fixture.root.appendingPathComponent("Public/css/app.css")
        #expect(String(decoding: try await fixture.server.send("GET", "/css/app.css").body, as: UTF8.self) == "body { color: red; }")
        try Data("body { color: blue; margin: 0; }".utf8).write(to: stylesheet)
        #expect(String(decoding: try await fixture.server.send("GET", "/css//app.css").body, as: UTF8.self) == "body { color: blue; margin: 0; }")
        try FileManager.default.removeItem(at: stylesheet)
        try FileManager.default.createSymbolicLink(at: stylesheet, withDestinationURL: fixture.root.appendingPathComponent("secret.txt"))
        // The answer kept for this target may stand for a second: the edited file until then, then the refusal.
        let edited = ContinuousClock.now
        try await eventually("the link to be refused") {
            let answer = try await fixture.server.send("GET", "/css/app.css")
            #expect(!String(decoding: answer.body, as: UTF8.self).contains("TOP-SECRET"))
            #expect(answer.status == 404 || String(decoding: answer.body, as: UTF8.self) == "body { color: red; }")
            return answer.status == 404
        }
        #expect(ContinuousClock.now - edited < .seconds(3), "a kept file stands a second at most")
        await fixture.server.stop()
    }

    @Test(arguments: [
        "/../secret.txt",
        "/css/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/css/%2E%2E/%2e%2e/secret.txt",
        "/css/..%2f..%2fsecret.txt",
        "/escape.txt",
        "//secret.txt",
    ])
    func pathOutsidePublic_isRefused(path: String) async throws {
        let fixture = try Fixture()
        let answer = try await fixture.server.raw("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 404") || answer.hasPrefix("HTTP/1.1 400"), "\(path): \(answer.prefix(40))")
        #expect(!answer.contains("TOP-SECRET"))
        await fixture.server.stop()
    }
}
