import Foundation
import Locking
import Testing
@testable import HTTPServer
import TestSupport

@Suite struct BodyLimitTests {
    private final class CallCounter: Sendable {
        let calls = Locked(0)
    }

    private func makeServer(counter: CallCounter) throws -> TestServer {
        var router = Router()
        router.post("/upload") { request in
            counter.calls.withLock { $0 += 1 }
            return .text("got \(request.body.count)")
        }
        return try TestServer(router: router) { $0.maxBodySize = 1024 }
    }

    @Test func routeWithItsOwnCap_refusesLargerBodies413_andServerCapStillApplies() async throws {
        let counter = CallCounter()
        var router = Router()
        router.post("/small", maxBodySize: 10) { request in
            counter.calls.withLock { $0 += 1 }
            return .text("got \(request.body.count)")
        }
        let server = try TestServer(router: router) { $0.maxBodySize = 1024 }
        #expect(try await server.send("POST", "/small", body: Data(repeating: 65, count: 10)).status == 200)
        let (status, _, body) = try await server.send("POST", "/small", body: Data(repeating: 65, count: 11))
        #expect(status == 413)
        #expect(String(decoding: body, as: UTF8.self).contains("limited to 10 bytes"))
        #expect(counter.calls.withLock { $0 } == 1)
        await server.stop()
    }

    @Test func routeWithALargerCap_takesBodiesOverTheServerCap_upToItsOwn() async throws {
        let counter = CallCounter()
        var router = Router()
        router.post("/large", maxBodySize: 4096) { request in
            counter.calls.withLock { $0 += 1 }
            return .text("got \(request.body.count)")
        }
        let server = try TestServer(router: router) { $0.maxBodySize = 1024 }
        let (status, _, body) = try await server.send("POST", "/large", body: Data(repeating: 65, count: 4096))
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self) == "got 4096")
        let (overStatus, _, overBody) = try await server.send("POST", "/large", body: Data(repeating: 65, count: 4097))
        #expect(overStatus == 413)
        #expect(String(decoding: overBody, as: UTF8.self).contains("limited to 4096 bytes"))
        #expect(counter.calls.withLock { $0 } == 1)
        await server.stop()
    }

    @Test func bodyWithinCap_reachesHandler() async throws {
        let counter = CallCounter()
        let server = try makeServer(counter: counter)
        let (status, _, body) = try await server.send("POST", "/upload", body: Data(repeating: 65, count: 1024))
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self) == "got 1024")
        await server.stop()
    }

    @Test func declaredBodyOverCap_answers413_andHandlerNeverSeesIt() async throws {
        let counter = CallCounter()
        let server = try makeServer(counter: counter)
        let (status, _, body) = try await server.send("POST", "/upload", body: Data(repeating: 65, count: 1025))
        #expect(status == 413)
        #expect(String(decoding: body, as: UTF8.self).contains("limited to 1024 bytes"))
        #expect(counter.calls.withLock { $0 } == 0)
        await server.stop()
    }

    @Test func chunkedBodyOverCap_answers413_andHandlerNeverSeesIt() async throws {
        let counter = CallCounter()
        let server = try makeServer(counter: counter)
        let chunk = String(repeating: "B", count: 600)
        let request = "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            + "258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n"
        let answer = try await server.raw(request)
        #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer.prefix(80))")
        #expect(counter.calls.withLock { $0 } == 0)
        await server.stop()
    }
}
