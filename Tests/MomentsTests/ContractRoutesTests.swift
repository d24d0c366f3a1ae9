import Foundation
import Foundations
@testable import Moments
import Testing

/// Area 51's BFF contract page, its JSON twin and the read on demand, against the embedded BFF.
@Suite struct ContractRoutesTests {
    private func withEmbedded(_ body: (Dashboard) async throws -> Void) async throws {
        let folder = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (dashboard, _) = try await Dashboard.startEmbedded(dataDirectory: folder)
        try await body(dashboard)
    }

    @Test func json_beforeAnyRead_hasEveryKey_withNulls() async throws {
        try await withEmbedded { dashboard in
            let (status, object) = try await dashboard.json("/api/area51/contract")
            #expect(status == 200)
            #expect(Set(object.keys) == ["schemaHash", "checkedAt", "history", "documents", "skew"])
            #expect(object["schemaHash"] is NSNull)
        }
    }

    @Test func check_readsTheSchema_andAnswersTheSameShape() async throws {
        try await withEmbedded { dashboard in
            let (status, _, text) = try await dashboard.send("POST", "/api/area51/contract/check", contentType: "application/json", body: "")
            #expect(status == 200)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(object["schemaHash"] is String)
            let documents = try #require(object["documents"] as? [[String: Any]])
            #expect(documents.count == DashboardContract.documents.count)
            #expect(documents.allSatisfy { $0["valid"] as? Bool == true && ($0["errors"] as? [Any])?.isEmpty == true })
            let history = try #require(object["history"] as? [[String: Any]])
            #expect(history.count == 1 && Set(history[0].keys) == ["at", "schemaHash", "changes"])
            #expect(try await dashboard.json("/api/area51/contract").object["schemaHash"] as? String == object["schemaHash"] as? String)
        }
    }

    @Test func page_listsTheDocuments_andIsLinkedFromArea51() async throws {
        try await withEmbedded { dashboard in
            _ = try await dashboard.send("POST", "/api/area51/contract/check", contentType: "application/json", body: "")
            let page = try await dashboard.get("/area51/contract")
            #expect(page.status == 200)
            #expect(page.text.contains("getMomentsDetailsByUserID/fromMoment"))
            #expect(page.text.contains(#"action="/area51/contract/check""#))
            #expect(try await dashboard.get("/area51").text.contains(#"href="/area51/contract""#))
        }
    }

    @Test func formCheck_readsAndGoesBackToThePage() async throws {
        try await withEmbedded { dashboard in
            // The client follows the 303, as a browser does: the answer is the page after the read.
            let (status, _, text) = try await dashboard.send("POST", "/area51/contract/check", contentType: "application/x-www-form-urlencoded",
                                                             body: "")
            #expect(status == 200)
            #expect(text.contains("data-contract-history"))
            #expect(try await dashboard.json("/api/area51/contract").object["schemaHash"] is String)
        }
    }
}

/// A QA session file carries the schema's hash, the one the dashboard started with and the
/// changes between them.
@Suite struct ContractSessionFileTests {
    @Test func sessionFile_carriesTheSchemaHash_andTheChangesSinceStart() async throws {
        let bff = ChangingSchemaBFF(try ContractSchemas.embedded)
        let folder = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dashboard = try await Dashboard.start(
            bffTransport: bff.transport,
            remoteConfig: RemoteConfigurationSource(description: "none", load: { Data("{}".utf8) }),
            dataDirectory: folder)
        let watch = try #require(dashboard.application.contractWatch)
        let start = await watch.check().schemaHash
        bff.serve(try ContractSchemas.changed([("  title: String\n", "")]))
        let now = await watch.check().schemaHash

        let text = try await dashboard.send("POST", "/api/area51/sessions/export", contentType: "application/json", body: #"{"note": ""}"#).text
        let file = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let contract = try #require((file["bff"] as? [String: Any])?["contract"] as? [String: Any])
        #expect(contract["startSchemaHash"] as? String == start)
        #expect(contract["schemaHash"] as? String == now && now != start)
        let changes = try #require(contract["changesSinceStart"] as? [[String: Any]])
        #expect(changes.map { $0["path"] as? String } == ["Moment.title"])
        #expect(changes.map { $0["criticality"] as? String } == ["breaking"])
    }
}
