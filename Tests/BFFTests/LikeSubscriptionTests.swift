import Foundation
import Testing
import TestSupport
@testable import BFF

/// `momentLikesChanged(userID:)` over server-sent events (GraphQL over SSE, distinct connections
/// mode): a like made through any BFF on the database reaches the subscriptions of every one.
@Suite struct LikeSubscriptionTests {
    static let subscription = """
        subscription live($userID: ID!) { momentLikesChanged(userID: $userID) { id isLiked likes { id } } }
        """

    @Test(arguments: StoreKind.allCases)
    func likeThroughAnyBFFOfTheDatabase_reachesTheSubscription_asItsUserSeesTheMoment(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        // On PostgreSQL the like goes through another process's BFF: only the database links the two.
        let likingBFF = store == .postgres ? try await fixture.secondProcess() : fixture.bff
        let connection = try RawConnection(port: server.port)
        defer { connection.close() }
        connection.write(Self.eventStreamRequest(try JSON.body(["query": Self.subscription, "variables": ["userID": "3"]])))
        let head = await connection.received(until: "keep-alive", timeout: 5)
        #expect(head.hasPrefix("HTTP/1.1 200"))
        #expect(head.lowercased().contains("content-type: text/event-stream"))

        // The subscription stands once its resolver has run, a moment after the stream opens:
        // the like is made again (it stays one like) until its event comes.
        var received = ""
        for _ in 0..<10 where !received.contains("event: next") {
            let like = try JSON.body(["query": Documents.updateLike, "variables": ["momentID": "4", "userID": "0", "isLiked": true]])
            #expect(await likingBFF.execute(body: like).status == .ok)
            received = await connection.received(until: "event: next", timeout: 1)
        }
        await server.stop()
        let event = try #require(Self.nextEvents(in: received).first)
        #expect(JSON.path(event, "data", "momentLikesChanged", "id") as? String == "4")
        #expect(JSON.path(event, "data", "momentLikesChanged", "isLiked") as? Bool == false, "user 3's, not the liker's")
        let likers = (JSON.path(event, "data", "momentLikesChanged", "likes") as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(likers?.first == "0")
    }

    @Test func unknownUser_isANextEventWithUNKNOWN_USER_thenComplete() async throws {
        let (status, headers, body) = try await send(["query": Self.subscription, "variables": ["userID": "404"]])
        #expect(status == 200)
        #expect(headers["content-type"] == "text/event-stream; charset=utf-8")
        let text = String(decoding: body, as: UTF8.self)
        #expect(JSON.errorCodes(try #require(Self.nextEvents(in: text).first)) == ["UNKNOWN_USER"])
        #expect(text.hasSuffix("event: complete\ndata:\n\n"))
    }

    /// graphql-sse: "Validation steps that run before execution of the GraphQL operation MUST
    /// report errors through an accepted SSE connection by emitting `next` events".
    @Test func documentThatDoesNotValidate_isANextEventWithItsErrors_notA400() async throws {
        let (status, _, body) = try await send(["query": "subscription { momentLikesChanged { id } }"])
        #expect(status == 200)
        let events = Self.nextEvents(in: String(decoding: body, as: UTF8.self))
        #expect(events.count == 1)
        #expect(events.first.map { JSON.errorMessages($0).isEmpty } == false)
        #expect(events.first?["data"] == nil)
    }

    @Test func query_overAnEventStream_isOneNextEventWithItsData_thenComplete() async throws {
        let (_, _, body) = try await send(["query": Documents.timeline, "variables": ["userID": "0", "withLikes": false]])
        let text = String(decoding: body, as: UTF8.self)
        let events = Self.nextEvents(in: text)
        #expect(events.count == 1)
        #expect(JSON.path(events.first, "data", "getMomentsDetailsByUserID", "userDetails", "id") as? String == "0")
        #expect(text.hasSuffix("event: complete\ndata:\n\n"))
    }

    @Test func subscription_withoutAnEventStream_is400() async throws {
        let fixture = try await BFFFixture(.sqlite)
        let (status, json) = try await fixture.graphQL(Self.subscription, variables: ["userID": "0"])
        #expect(status == 400)
        #expect(json.keys.contains("data") == false)
    }

    private func send(_ request: [String: Any]) async throws -> (Int, [String: String], Data) {
        let fixture = try await BFFFixture(.sqlite)
        let server = try fixture.startServer()
        let answer = try await server.send("POST", "/graphql", headers: ["Content-Type": "application/json", "Accept": "text/event-stream"],
                                           body: try JSON.body(request))
        await server.stop()
        return answer
    }

    private static func eventStreamRequest(_ body: Data) -> Data {
        Data("""
            POST /graphql HTTP/1.1\r
            Host: 127.0.0.1\r
            Content-Type: application/json\r
            Accept: text/event-stream\r
            Content-Length: \(body.count)\r
            \r

            """.utf8) + body
    }

    /// The JSON of every `next` event's data line in what a stream sent (chunk sizes between them).
    private static func nextEvents(in text: String) -> [[String: Any]] {
        text.components(separatedBy: "event: next\ndata: ").dropFirst().compactMap { event in
            try? JSON.object(Data((event.components(separatedBy: "\n").first ?? "").utf8))
        }
    }
}
