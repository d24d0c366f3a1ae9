import Foundation
import Foundations
import Testing
import TestSupport

@Suite struct LiveEventsTests {
    @Test func eventsClient_receivesToggleEventWithinASecond() async throws {
        // `/events` is a live stream (server-sent events): it needs the server.
        try await withDashboard(transport: .socket) { dashboard, bff in
            let connection = try RawConnection(port: dashboard.server.port)
            connection.write(Data("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".utf8))
            #expect(await connection.received(until: "retry:", timeout: 5).contains("text/event-stream"))

            // The reader waits before the change and notes when the event arrives, so a busy test
            // machine's scheduling does not count against the server.
            let arrival = await connection.startTimedRead(until: "event: toggle")
            let changed = ContinuousClock.now
            try await dashboard.setLikeFeature(true)
            let (received, arrivedAt) = await arrival.value
            #expect(arrivedAt - changed < .seconds(1))
            #expect(received.contains(#""name":"isLikeButtonForMomentEnabled""#))
            #expect(received.contains(#""newValue":true"#))
            connection.close()
        }
    }

    /// An Area 51 tab shows a flip from the event itself: it carries the toggle's state after it.
    @Test func toggleEvent_carriesTheTogglesStateAfterTheChange() async throws {
        // `/events` is a live stream (server-sent events): it needs the server.
        try await withDashboard(transport: .socket) { dashboard, bff in
            let connection = try RawConnection(port: dashboard.server.port)
            connection.write(Data("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".utf8))
            _ = await connection.received(until: "retry:", timeout: 5)
            try await dashboard.setLikeFeature(true)
            let received = await connection.received(until: #""isWritable""#, timeout: 5)
            #expect(received.contains(#""state":{"#))
            #expect(received.contains(#""isOn":true"#))
            connection.close()
        }
    }

    /// A tab's live redraw of Area 51 shows the BFF as last probed: a flip does not make every
    /// open tab ask the BFF how it is.
    @Test func area51LiveRedraw_doesNotProbeTheBFF() async throws {
        try await withDashboard { dashboard, bff in
            func probes() -> Int { bff.receivedOperations.filter { $0 == "bffHealth" }.count }
            #expect(try await dashboard.get("/area51").status == 200)
            let opened = probes()
            #expect(opened >= 1, "a person opening Area 51 sees the BFF probed")
            try await dashboard.setLikeFeature(true)
            for _ in 0..<3 {
                #expect(try await dashboard.get("/area51", headers: ["X-Requested-With": "fetch", "Accept": "text/html"]).status == 200)
            }
            #expect(probes() == opened)
        }
    }

    @Test func eventsClient_receivesLikeEvent() async throws {
        // `/events` is a live stream (server-sent events): it needs the server.
        try await withDashboard(transport: .socket) { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            let connection = try RawConnection(port: dashboard.server.port)
            connection.write(Data("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            _ = await connection.received(until: "retry:", timeout: 5)
            _ = try await dashboard.send("PUT", "/api/moments/m1/like", contentType: "application/json", body: #"{"isLiked": true}"#)
            let received = await connection.received(until: "event: like", timeout: 5)
            #expect(received.contains(#""momentID":"m1""#))
            connection.close()
        }
    }

    @Test func closedTab_freesItsStream() async throws {
        // `/events` is a live stream (server-sent events): it needs the server.
        try await withDashboard(transport: .socket) { dashboard, bff in
            let changes = dashboard.application.toggles.changes
            let connection = try RawConnection(port: dashboard.server.port)
            connection.write(Data("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            _ = await connection.received(until: "retry:", timeout: 5)
            #expect(changes.subscriberCount == 1)
            connection.close()
            // The next event finds the closed socket and ends the stream: one more flip each look.
            try await eventually("the closed tab's stream to end", pollingEvery: .milliseconds(20)) {
                guard changes.subscriberCount > 0 else { return true }
                try await dashboard.setLikeFeature(!dashboard.application.internalTogglesDataStore.isToggleOn(InternalToggle.isLikeButtonForMomentEnabled))
                return false
            }
            #expect(changes.subscriberCount == 0)
        }
    }
}
