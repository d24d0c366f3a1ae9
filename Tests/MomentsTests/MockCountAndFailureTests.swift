import Foundation
import Foundations
import HTTPServer
@testable import Moments
import Testing
import TestSupport

/// Mocks that let the first calls through (`skipCalls`) and fail instead of answering
/// (`failure`): "the third like fails" as one rule, answered and recorded as the real failure
/// is; the inspector's form sets the same; bad mocks are refused without changing anything.
@Suite struct MockCountAndFailureTests {
    static let like = "updateMomentLike"

    struct Case: Sendable, CustomStringConvertible {
        let failure: TransportFailure
        let status: Int
        let code: String
        var description: String { failure.rawValue }
    }

    /// Each failure answered as the `timeout` fault, or a BFF that cannot be reached, is.
    static let cases = [
        Case(failure: .refused, status: 503, code: "bff_unreachable"),
        Case(failure: .reset, status: 503, code: "bff_unreachable"),
        Case(failure: .timeout, status: 504, code: "bff_timeout"),
    ]

    @Test(arguments: cases)
    func aMockThatSkipsTwoCalls_failsTheThirdLikeOnly(_ testCase: Case) async throws {
        try await withDashboard(bffTimeout: .seconds(1)) { dashboard, _ in
            try await dashboard.setLikeFeature(true)
            #expect(try await dashboard.get("/api/timeline").status == 200)
            let set = try await dashboard.putMock(Self.like, #"{"failure": "\#(testCase.failure.rawValue)", "skipCalls": 2, "remainingCalls": 1}"#)
            #expect(set.status == 200)
            #expect(try await dashboard.mocks().mocks.first?.mock == Mock(failure: testCase.failure, skipCalls: 2, remainingCalls: 1))

            #expect(try await dashboard.like("m1").status == 200, "the first like goes to the BFF")
            #expect(try await dashboard.like("m2").status == 200, "so does the second")
            #expect(try await dashboard.mocks().mocks.first?.mock.skipCalls == nil, "no more calls to let through")
            let third = try await dashboard.like("m3")
            #expect(third.status == testCase.status)
            #expect(try Dashboard.decode(ErrorBody.self, from: third.text).error.code == testCase.code)
            #expect(try await dashboard.like("m3").status == 200, "the fourth like goes to the BFF again")

            let outcomes = try await dashboard.exchanges("operation=\(Self.like)").map { ($0["outcome"] as? String, $0["isMocked"] as? Bool) }
            #expect(outcomes.map(\.0) == ["ok", "transportError", "ok", "ok"], "newest first")
            #expect(outcomes.map(\.1) == [false, true, false, false])
            let mocks = try await dashboard.mocks()
            #expect(mocks.mocks.isEmpty)
            #expect(mocks.audit.map(\.source) == [.expired, .api])
            #expect(mocks.audit.last?.mock?.failure == testCase.failure && mocks.audit.last?.mock?.skipCalls == 2)
        }
    }

    @Test func theInspectorsForm_setsAFailureAndTheCallsToLetThrough_withoutABody() async throws {
        try await withDashboard { dashboard, _ in
            let posted = try await dashboard.postForm("/area51/mocks/\(Self.like)", "body=&failure=reset&variables=&skipCalls=2&remainingCalls=")
            #expect(posted.status == 303)
            #expect(try await dashboard.mocks().mocks.first?.mock == Mock(failure: .reset, skipCalls: 2))
            let page = try await dashboard.get("/area51/network").text
            #expect(page.contains(#"<option value="reset" selected>"#))
            #expect(page.contains("fails: reset, every call, lets 2 through first, until cleared"))
        }
    }

    @Test(arguments: [
        (#"{"body": {"data": null}, "failure": "reset"}"#, 400, "invalid_mock"),
        (#"{"failure": "explode"}"#, 400, "invalid_json"),
        (#"{"failure": "timeout", "skipCalls": 0}"#, 400, "invalid_mock"),
        (#"{"skipCalls": 2}"#, 400, "invalid_mock"),
    ])
    func badMock_isRefused_andNothingChanges(body: String, status: Int, code: String) async throws {
        try await withDashboard { dashboard, _ in
            let answer = try await dashboard.putMock(Self.like, body)
            #expect(answer.status == status)
            let error = try Dashboard.decode(ErrorBody.self, from: answer.text).error
            #expect(error.code == code)
            #expect(!error.message.isEmpty)
            let mocks = try await dashboard.mocks()
            #expect(mocks.mocks.isEmpty && mocks.audit.isEmpty)
        }
    }

    @Test func aQASession_carriesTheFailureAndTheCallsToLetThrough() async throws {
        try await withDashboard { dashboard, _ in
            #expect(try await dashboard.putMock(Self.like, #"{"failure": "timeout", "skipCalls": 2}"#).status == 200)
            let file = try await dashboard.send("POST", "/api/area51/sessions/export", contentType: "application/json", body: #"{"note": ""}"#)
            #expect(file.status == 200)
            #expect(try await dashboard.send("DELETE", "/api/area51/mocks/\(Self.like)", contentType: "application/json", body: "").status == 200)
            #expect(try await dashboard.mocks().mocks.isEmpty)

            let imported = try await dashboard.send("POST", "/api/area51/sessions/import", contentType: "application/json", body: file.text)
            #expect(imported.status == 200)
            #expect(try await dashboard.mocks().mocks.first?.mock == Mock(failure: .timeout, skipCalls: 2))
        }
    }
}

extension Dashboard {
    /// `GET /api/area51/mocks`: the mocks in force and the latest sets, clears and ends.
    func mocks() async throws -> MockRoutes.MockList {
        try await decode(MockRoutes.MockList.self, "/api/area51/mocks").value
    }

    /// `PUT /api/area51/mocks/{operation}` with `body`.
    func putMock(_ operation: String, _ body: String) async throws -> (status: Int, headers: [String: String], text: String) {
        try await send("PUT", "/api/area51/mocks/\(operation)", contentType: "application/json", body: body)
    }

    /// `PUT /api/moments/{id}/like` with `{"isLiked": true}`.
    func like(_ momentID: String) async throws -> (status: Int, headers: [String: String], text: String) {
        try await send("PUT", "/api/moments/\(momentID)/like", contentType: "application/json", body: #"{"isLiked": true}"#)
    }
}
