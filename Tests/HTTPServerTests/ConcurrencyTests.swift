import Foundation
import Testing
@testable import HTTPServer
import TestSupport

@Suite struct ConcurrencyTests {
    @Test func slowHandler_doesNotDelayOtherRequests_evenOnOneWorkerThread() async throws {
        let slowStarted = Flag()
        let slowFinished = Flag()
        let released = Flag()
        var router = Router()
        // Runs until the test has seen the 50 fast answers: a loaded test machine cannot make
        // the fast ones look late.
        router.get("/slow") { _ in
            slowStarted.set()
            try await eventually("the test to release the slow request") { released.isSet }
            slowFinished.set()
            return .text("slow")
        }
        router.get("/fast") { _ in .text("fast") }
        let server = try TestServer(router: router) { $0.threadCount = 1 }

        async let slow = server.send("GET", "/slow")
        try await eventually("the slow request to start") { slowStarted.isSet }
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<50 {
                group.addTask { try await server.send("GET", "/fast").status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 50))
        #expect(!slowFinished.isSet, "all 50 fast requests finished while the slow one was still waiting")
        released.set()
        #expect(try await slow.status == 200)
        #expect(slowFinished.isSet)
        await server.stop()
    }

    @Test func shutdown_letsInFlightRequestFinish_thenRefusesConnections() async throws {
        let started = Flag()
        var router = Router()
        router.get("/work") { _ in
            started.set()
            try await Task.sleep(for: .milliseconds(400))
            return .text("done")
        }
        let server = try TestServer(router: router)
        let port = server.port

        async let inFlight = server.send("GET", "/work")
        try await eventually { started.isSet }
        await server.stop()
        let (status, _, body) = try await inFlight
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self) == "done")
        #expect(throws: (any Error).self) { try RawConnection(port: port) }
    }

    @Test func requestsArrivingWhileItDrains_areAnswered503_andTheRequestInFlightFinishes() async throws {
        let started = Flag()
        let refused = Flag()
        var router = Router()
        // Runs until the test has seen a request refused, so that a slow machine, under
        // ThreadSanitizer say, cannot let it finish, and the daemon stop, first.
        router.get("/work") { _ in
            started.set()
            try await eventually("the test to see a refusal") { refused.isSet }
            return .text("done")
        }
        router.get("/other") { _ in .text("not stopping yet") }
        let server = try TestServer(router: router)
        async let inFlight = server.send("GET", "/work")
        try await eventually { started.isSet }
        async let stopped: Void = server.server.shutdown(gracePeriod: .seconds(30))

        // Until the shutdown has begun, /other is still answered.
        var other = try await server.send("GET", "/other", headers: ["Accept": "application/json"])
        try await eventually("a refusal of /other") {
            other = try await server.send("GET", "/other", headers: ["Accept": "application/json"])
            return other.status != 200
        }
        refused.set()
        #expect(other.status == 503)
        #expect(other.headers["connection"] == "close")
        let error = try JSONSerialization.jsonObject(with: other.body) as? [String: [String: String]]
        #expect(error?["error"]?["code"] == "server_stopping")
        #expect(error?["error"]?["message"] == "The server is stopping.")

        let (workStatus, _, workBody) = try await inFlight
        #expect(workStatus == 200 && String(decoding: workBody, as: UTF8.self) == "done")
        await stopped
    }

    @Test func shutdown_answers503ForHandlersSlowerThanTheGracePeriod_andStopsCleanly() async throws {
        let started = Flag()
        var router = Router()
        router.get("/forever") { _ in
            started.set()
            try? await Task.sleep(for: .seconds(30))
            return .text("too late")
        }
        let server = try TestServer(router: router)
        async let stuck = server.send("GET", "/forever")
        try await eventually { started.isSet }
        let stopping = ContinuousClock.now
        await server.server.shutdown(gracePeriod: .milliseconds(200))
        #expect(ContinuousClock.now - stopping < .seconds(5))
        let (status, _, body) = try await stuck
        #expect(status == 503)
        #expect(String(decoding: body, as: UTF8.self).contains("stopping"))
    }

    @Test func shutdown_endsOpenStreams() async throws {
        var router = Router()
        router.get("/events") { _ in
            Response(body: .stream(ResponseStream { writer in
                writer.write("data: hello\n\n")
                try? await eventually("the stream to end", timeout: .seconds(60), pollingEvery: .milliseconds(20)) { !writer.isOpen }
            }))
        }
        let server = try TestServer(router: router)
        let connection = try RawConnection(port: server.port)
        connection.write(Data("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        #expect(await connection.received(until: "data: hello", timeout: 10).contains("data: hello"), "the stream is open")
        await server.server.shutdown(gracePeriod: .seconds(2))
        #expect(server.server.inFlightCount == 0)
        connection.close()
    }

    @Test func streamingBody_sendsPiecesAsWritten_andEndsWhenProducerReturns() async throws {
        var router = Router()
        router.get("/stream") { _ in
            Response(headers: ["Content-Type": "text/event-stream"], body: .stream(ResponseStream { writer in
                writer.write("data: one\n\n")
                try? await Task.sleep(for: .milliseconds(50))
                writer.write("data: two\n\n")
            }))
        }
        let server = try TestServer(router: router)
        let answer = try await server.raw("GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        #expect(answer.contains("data: one"))
        #expect(answer.contains("data: two"))
        #expect(answer.hasSuffix("0\r\n\r\n"), "the chunked body ends")
        await server.stop()
    }

    @Test func streamingBody_producerSeesClientLeave() async throws {
        let producerStopped = Flag()
        let writeRefused = Flag()
        var router = Router()
        router.get("/stream") { _ in
            Response(body: .stream(ResponseStream { writer in
                // Ticks for a minute: a producer that stops before that was told the client left.
                for _ in 0..<6000 {
                    guard writer.write("data: tick\n\n") else { writeRefused.set(); break }
                    try? await Task.sleep(for: .milliseconds(10))
                }
                producerStopped.set()
            }))
        }
        let server = try TestServer(router: router)
        let connection = try RawConnection(port: server.port)
        connection.write(Data("GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        #expect(await connection.received(until: "data: tick", timeout: 10).contains("data: tick"), "the stream is open")
        connection.close()
        try await eventually("the producer stopped") { producerStopped.isSet }
        #expect(writeRefused.isSet, "the producer stopped because a write was refused once the client left")
        await server.stop()
    }
}
