import Foundation
import Foundations
@testable import Moments
import Testing
import TestSupport

/// Area 51's network inspector: every exchange with the BFF, whatever its outcome, with its
/// fields; credentials only masked; HAR and cURL; Replay; live updates.
@Suite struct NetworkInspectorTests {
    static let token = "Bearer s3cret-token-4711"

    @Test func eachOutcome_appearsInTheInspector_withItsFields() async throws {
        try await withDashboard { dashboard, bff in
            #expect(try await dashboard.get("/api/timeline").status == 200)
            bff.behave(.graphQLErrorCode("UNKNOWN_USER"))
            _ = try await dashboard.get("/api/timeline?refresh=1")
            bff.behave(.status(500))
            _ = try await dashboard.get("/api/timeline?refresh=1")
            bff.behave(.normal)
            _ = try await dashboard.putFault("getMomentsDetailsByUserID", #"{"kind": "httpStatus", "status": 503}"#)
            _ = try await dashboard.get("/api/timeline?refresh=1")

            let rows = try await dashboard.exchanges("operation=getMomentsDetailsByUserID")
            let outcomes = rows.compactMap { $0["outcome"] as? String }
            #expect(outcomes.first == "injectedFault" && outcomes.last == "ok", "newest first")
            #expect(Set(outcomes) == ["injectedFault", "httpError", "graphQLError", "ok"])
            func row(_ outcome: String) throws -> [String: Any] { try #require(rows.first { $0["outcome"] as? String == outcome }) }
            let ok = try row("ok")
            #expect(ok["status"] as? Int == 200)
            #expect(ok["operationType"] as? String == "query")
            #expect(ok["cause"] as? String == "GET /api/timeline")
            #expect((ok["variables"] as? String)?.contains(#""userID""#) == true)
            #expect((ok["responseSize"] as? Int ?? 0) > 100)
            #expect((try row("graphQLError")["errors"] as? [[String: Any]])?.first?["code"] as? String == "UNKNOWN_USER")
            #expect(try row("httpError")["status"] as? Int == 500)
            #expect((try row("injectedFault")["fault"] as? [String: Any])?["kind"] as? String == "httpStatus")
            #expect(try row("injectedFault")["status"] as? Int == 503)

            let detail = try await dashboard.json("/api/area51/network/\(ok["id"] as? Int ?? 0)")
            let exchange = try #require(detail.object["exchange"] as? [String: Any])
            #expect((exchange["document"] as? String)?.contains("getMomentsDetailsByUserID(") == true)
            #expect((exchange["requestHeaders"] as? [[String: Any]])?.contains { $0["name"] as? String == "x-app-platform" } == true)
            #expect(((exchange["responseBody"] as? [String: Any])?["text"] as? String)?.contains("Alice") == true)
            #expect((detail.object["prettyResponseBody"] as? String)?.contains("\n  ") == true, "pretty-printed")

            let filtered = try await dashboard.exchanges("outcome=graphQLError")
            #expect(!filtered.isEmpty && filtered.allSatisfy { $0["outcome"] as? String == "graphQLError" })
            let searched = try await dashboard.exchanges("q=UNKNOWN_USER")
            #expect(!searched.isEmpty && searched.allSatisfy { $0["outcome"] as? String == "graphQLError" })
            let page = try await dashboard.get("/area51/network?outcome=httpError")
            #expect(page.status == 200 && page.text.contains(#"data-outcome="httpError""#) && !page.text.contains(#"data-outcome="ok""#))
        }
    }

    @Test func aBFFThatDoesNotAnswerInTime_isATransportError() async throws {
        try await withDashboard(bffTimeout: .milliseconds(300)) { dashboard, bff in
            bff.behave(.slow(.seconds(2)))
            _ = try await dashboard.get("/api/timeline")
            let rows = try await dashboard.exchanges("operation=getMomentsDetailsByUserID")
            #expect(rows.first?["outcome"] as? String == "transportError")
            #expect(rows.first?["status"] == nil || rows.first?["status"] is NSNull)
            #expect((rows.first?["failure"] as? String)?.contains("did not answer") == true)
        }
    }

    @Test func manyExchanges_areListedAPageAtATime_newestFirst_withALinkToTheOlderOnesThatKeepsTheFilters() async throws {
        try await withDashboard { dashboard, _ in
            for _ in 0..<(NetworkInspectorViewModel.pageSize + 10) { _ = try await dashboard.get("/api/timeline?refresh=1") }
            let filter = "operation=getMomentsDetailsByUserID"
            let newest = try await dashboard.json("/api/area51/network?\(filter)").object
            let matching = try #require(newest["matchingCount"] as? Int)
            #expect(matching >= NetworkInspectorViewModel.pageSize + 10)
            let firstIDs = (newest["exchanges"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            #expect(firstIDs.count == NetworkInspectorViewModel.pageSize)
            #expect(firstIDs == firstIDs.sorted(by: >), "newest first")
            let older = try #require(newest["olderAfter"] as? Int)
            #expect(older == firstIDs.last)

            let next = try await dashboard.json("/api/area51/network?\(filter)&after=\(older)").object
            let nextIDs = (next["exchanges"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            #expect(nextIDs.count == matching - NetworkInspectorViewModel.pageSize, "the rest")
            #expect(nextIDs.allSatisfy { $0 < older } && nextIDs == nextIDs.sorted(by: >))
            #expect(next["olderAfter"] == nil, "the last page")

            let page = try await dashboard.get("/area51/network?\(filter)").text
            #expect(page.contains("href=\"/area51/network?\(filter)&amp;after=\(older)\""), "the older page's link keeps the filter")
            #expect(page.components(separatedBy: "data-exchange-row=").count == NetworkInspectorViewModel.pageSize + 1)
            let olderPage = try await dashboard.get("/area51/network?\(filter)&after=\(older)").text
            #expect(olderPage.contains("href=\"/area51/network?\(filter)&amp;\""), "and the link back to the newest")
        }
    }

    @Test func unknownOutcomeOrExchange_isRefused() async throws {
        try await withDashboard { dashboard, _ in
            let outcome = try await dashboard.get("/api/area51/network?outcome=great")
            #expect(outcome.status == 400 && outcome.text.contains("unknown_outcome"))
            for after in ["abc", "0", "-3", "1.5"] {
                let answer = try await dashboard.get("/api/area51/network?after=\(after)")
                #expect(answer.status == 400 && answer.text.contains("invalid_after"), "after=\(after)")
            }
            let exchange = try await dashboard.get("/api/area51/network/9999")
            #expect(exchange.status == 404 && exchange.text.contains("unknown_exchange"))
        }
    }

    @Test func credentials_neverShow_inHTMLJSONHARorCurl_unlessRevealed() async throws {
        try await withDashboard(bffHeaders: ["Authorization": Self.token]) { dashboard, bff in
            #expect(try await dashboard.get("/api/timeline").status == 200)
            let id = try #require(try await dashboard.exchanges("operation=getMomentsDetailsByUserID").first?["id"] as? Int)
            for path in ["/area51/network", "/area51/network/\(id)", "/api/area51/network", "/api/area51/network/\(id)",
                         "/api/area51/network.har", "/api/area51/network.har?id=\(id)", "/api/area51", "/area51"] {
                let answer = try await dashboard.get(path)
                #expect(answer.status == 200, "\(path)")
                #expect(!answer.text.contains("s3cret"), "\(path) shows no credential")
            }
            let detail = try await dashboard.json("/api/area51/network/\(id)")
            let curl = try #require(detail.object["curl"] as? String)
            #expect(curl.contains("'Authorization: Bearer ••••'"))
            let revealed = try await dashboard.get("/api/area51/network/\(id)?reveal=1")
            #expect(revealed.text.contains("Authorization: \(Self.token)"), "asked for, the cURL line carries the credential")
            #expect(revealed.headers["cache-control"] == "no-store")
        }
    }

    @Test func replay_sendsTheSameDocumentAgain_andShowsBothAnswersWithTheirDifferences() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            #expect(try await dashboard.get("/api/timeline?refresh=1").status == 200)
            let id = try #require(try await dashboard.exchanges("operation=getMomentsDetailsByUserID").first?["id"] as? Int)
            #expect(try await dashboard.send("PUT", "/api/moments/m1/like", contentType: "application/json", body: #"{"isLiked": true}"#).status == 200)
            let sentBefore = bff.receivedOperations.count

            let replay = try await dashboard.send("POST", "/api/area51/network/\(id)/replay", contentType: "application/json", body: "")
            #expect(replay.status == 200)
            #expect(bff.receivedOperations.count == sentBefore + 1, "sent again through the client")
            let result = try JSONSerialization.jsonObject(with: Data(replay.text.utf8)) as? [String: Any] ?? [:]
            let original = result["original"] as? [String: Any] ?? [:]
            let again = result["replay"] as? [String: Any] ?? [:]
            #expect(original["id"] as? Int == id)
            #expect((again["id"] as? Int ?? 0) > id)
            #expect(again["cause"] as? String == "replay of #\(id)")
            let differences = result["differences"] as? [[String: Any]] ?? []
            #expect(differences.contains { ($0["path"] as? String)?.hasSuffix(".isLiked") == true && $0["new"] as? String == "true" },
                    "the like made since shows as a difference")

            let form = try await dashboard.postForm("/area51/network/\(id)/replay", "")
            #expect(form.status == 303)
            let location = try #require(form.location)
            #expect(location.hasSuffix("?comparedWith=\(id)"))
            let page = try await dashboard.get(location)
            #expect(page.status == 200)
            #expect(page.text.contains("data-diff"))
            #expect(page.text.components(separatedBy: "class=\"network__code\"").count > 3, "both answers and the cURL line")
        }
    }

    @Test func theInspectorKeptByTheServer_showsEveryNewExchange_fault_andMock() async throws {
        // Kept answers (`ReadyAnswers`) are the server's: through a socket.
        try await withDashboard(transport: .socket) { dashboard, _ in
            let cookie = ["Cookie": "moments_csrf=\(Dashboard.csrfToken)"]
            func ids() async throws -> [Int] { try await dashboard.exchanges().compactMap { $0["id"] as? Int } }
            func page() async throws -> String { try await dashboard.get("/area51/network", headers: cookie).text }
            _ = try await dashboard.get("/api/timeline?refresh=1")
            let before = try await ids(), beforePage = try await page()
            #expect(try await ids() == before, "asked again, the same")
            #expect(try await page() == beforePage, "asked again, the same")
            _ = try await dashboard.get("/api/timeline?refresh=1")
            let after = try await ids()
            #expect(after.count == before.count + 1 && after.dropFirst().elementsEqual(before), "the new exchange shows at once")
            #expect(try await page() != beforePage)
            let withoutFault = try await page()
            #expect(try await dashboard.putFault("updateMomentLike", #"{"kind": "delay", "delayMs": 1}"#).status == 200)
            #expect(try await page() != withoutFault, "a fault set shows at once")
            let withoutMock = try await page()
            let mock = #"{"body": {"data": {"updateMomentLike": null}}}"#
            #expect(try await dashboard.send("PUT", "/api/area51/mocks/updateMomentLike", contentType: "application/json", body: mock).status == 200)
            #expect(try await page() != withoutMock, "so does a mock")
        }
    }

    @Test func aNewExchange_isAnnouncedToOpenTabs() async throws {
        // `/events` is a live stream (server-sent events): it needs the server.
        try await withDashboard(transport: .socket) { dashboard, _ in
            let connection = try RawConnection(port: dashboard.server.port)
            connection.write(Data("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            _ = await connection.received(until: "retry:", timeout: 5)
            _ = try await dashboard.get("/api/timeline?refresh=1")
            let received = await connection.received(until: "event: exchange", timeout: 5)
            #expect(received.contains(#""operationName":"getMomentsDetailsByUserID""#))
            connection.close()
        }
    }
}

extension Dashboard {
    /// The inspector's rows, newest first, for the query `filter`, as JSON objects: a row holds
    /// `GraphQLErrorDetail`s, written flat (`code`) but read as a BFF sends them
    /// (`extensions.code`), so the inspector's answers cannot be decoded into its types.
    func exchanges(_ filter: String = "") async throws -> [[String: Any]] {
        try await json("/api/area51/network?\(filter)").object["exchanges"] as? [[String: Any]] ?? []
    }

    /// `GET /api/area51/faults`: the faults in force and the latest sets and clears.
    func faults() async throws -> FaultRoutes.FaultList {
        try await decode(FaultRoutes.FaultList.self, "/api/area51/faults").value
    }

    /// `PUT /api/area51/faults/{operation}` with `body`.
    func putFault(_ operation: String, _ body: String) async throws -> (status: Int, headers: [String: String], text: String) {
        try await send("PUT", "/api/area51/faults/\(operation)", contentType: "application/json", body: body)
    }
}
