import Foundation
import Testing
@testable import Foundations

/// Mocks answer only the calls they match, count down to their end, and refuse what they cannot
/// be without changing anything; every set, clear and end is audited.
@Suite struct MockStoreTests {
    private let answer = JSONValue.object(["data": .object(["getMomentsDetailsByUserID": .null])])

    private func makeStore() throws -> (MockStore, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mocks-\(UUID().uuidString)")
        return (MockStore(database: try AppDatabase(directory: folder)), folder)
    }

    private func body(userID: String) -> Data {
        Data(#"{"query": "query getMomentsDetailsByUserID", "variables": {"userID": "\#(userID)", "withLikes": true}}"#.utf8)
    }

    @Test func take_answersOnlyMatchingVariables_forItsCount_thenEndsAudited() async throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.set(Mock(body: answer, variables: ["userID": .string("3")], remainingCalls: 2),
                            for: "getMomentsDetailsByUserID", source: .api)

        #expect(await store.take("getMomentsDetailsByUserID", body: body(userID: "0")) == nil)
        #expect(await store.take("updateMomentLike", body: body(userID: "3")) == nil)
        #expect(await store.take("getMomentsDetailsByUserID", body: body(userID: "3"))?.remainingCalls == 1)
        #expect(await store.take("getMomentsDetailsByUserID", body: body(userID: "3"))?.remainingCalls == 0)
        #expect(await store.take("getMomentsDetailsByUserID", body: body(userID: "3")) == nil)
        #expect(store.active.isEmpty)
        #expect(try await store.audit().map(\.source) == [.expired, .api])
    }

    @Test func take_letsTheCallsToSkipThrough_countingOnlyMatchingOnes_thenAnswers() async throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.set(Mock(failure: .reset, variables: ["userID": .string("3")], skipCalls: 2, remainingCalls: 1),
                            for: "getMomentsDetailsByUserID", source: .api)

        #expect(await store.take("getMomentsDetailsByUserID", body: body(userID: "3")) == nil)
        #expect(await store.take("getMomentsDetailsByUserID", body: body(userID: "0")) == nil, "not a call it counts")
        #expect(store.active.first?.mock.skipCalls == 1)
        #expect(await store.take("getMomentsDetailsByUserID", body: body(userID: "3")) == nil)
        #expect(await store.take("getMomentsDetailsByUserID", body: body(userID: "3"))?.failure == .reset)
        #expect(store.active.isEmpty)
    }

    @Test func set_refusesAnAnswerThatIsNoGraphQLAnswer_andAnUnknownOperation_changingNothing() async throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        await #expect(throws: MockError.invalidField("body", expected: .graphQLAnswer)) {
            try await store.set(Mock(body: .array([])), for: "getMomentsDetailsByUserID", source: .api)
        }
        await #expect(throws: MockError.unknownOperation("remoteConfig")) {
            try await store.set(Mock(body: answer), for: "remoteConfig", source: .api)
        }
        await #expect(throws: MockError.invalidField("remainingCalls", expected: .wholeNumberFromOne)) {
            try await store.set(Mock(body: answer, remainingCalls: 0), for: "updateMomentLike", source: .api)
        }
        #expect(store.active.isEmpty)
        #expect(try await store.audit().isEmpty)
    }
}
