import Foundation
import Foundations
import Testing
import TestSupport

/// Remote config changes reach open tabs: at once from the embedded BFF, on a fetch from a
/// remote one, and only when they change a value in force.
@Suite struct RemoteConfigLiveTests {
    private static func openEvents(port: Int) async throws -> RawConnection {
        let connection = try RawConnection(port: port)
        connection.write(Data("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".utf8))
        _ = await connection.received(until: "retry:", timeout: 5)
        return connection
    }

    @Test func putRemoteConfigOnTheEmbeddedBFF_reachesAnEventsClientWithinASecond() async throws {
        let dataDirectory = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        // `/events` is a live stream (server-sent events): it needs the server.
        let (dashboard, _) = try await Dashboard.startEmbedded(dataDirectory: dataDirectory, transport: .socket)
        // The default 30-second poll: only the embedded BFF's word can be this fast.
        let refreshing = Task { await dashboard.application.refreshRemoteConfig() }
        defer { refreshing.cancel() }
        let connection = try await Self.openEvents(port: dashboard.server.port)

        let arrival = await connection.startTimedRead(until: "event: toggle")
        let changed = ContinuousClock.now
        let answer = try await dashboard.send("PUT", "/remote-config", contentType: "application/json", body: #"{"isRoundedAvatar": true}"#)
        #expect(answer.status == 200)
        let (received, arrivedAt) = await arrival.value
        #expect(received.contains(#""name":"isRoundedAvatar""#))
        #expect(received.contains(#""source":"remote""#))
        #expect(arrivedAt - changed < .seconds(1))
        #expect(try await dashboard.get("/").text.contains("dk-avatar--round"))
        // Closed before the server stops: a graceful stop waits for open streams.
        connection.close()
        await dashboard.stop()
    }

    @Test func fetchedChange_sendsAnEventOnlyForValuesInForce() async throws {
        // `/events` is a live stream (server-sent events): it needs the server.
        try await withDashboard(transport: .socket) { dashboard, bff in
            _ = try await dashboard.send("PUT", "/api/toggles/isRoundedAvatar", contentType: "application/json", body: #"{"override": false}"#)
            let connection = try await Self.openEvents(port: dashboard.server.port)
            bff.setRemoteConfig(["isRoundedAvatar": true, "likeButtonStyle": "star"])
            _ = try await dashboard.send("POST", "/api/area51/actions/fetch-remote-config", contentType: "application/json", body: "{}")
            // A flip after the fetch: its event comes after every event of the fetch.
            try await dashboard.setLikeFeature(true)
            let received = await connection.received(until: #""name":"isLikeButtonForMomentEnabled""#, timeout: 5)
            #expect(received.contains(#""name":"likeButtonStyle""#))
            #expect(received.contains(#""newValue":"star""#))
            #expect(received.contains(#""name":"isLikeButtonForMomentEnabled""#))
            // The overridden toggle keeps its value: no event names it.
            #expect(!received.contains(#""name":"isRoundedAvatar""#))
            // Closed before the server stops: a graceful stop waits for open streams.
            connection.close()
        }
    }
}
