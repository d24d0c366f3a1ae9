import Foundation
import Locking
import Testing
@testable import Foundations

/// A call a breakpoint holds goes on only when it is let go: as it was, as QA edited it, failed
/// as QA chose, or unchanged at its timeout, when its breakpoint goes and when the dashboard
/// stops. What QA writes that does not fit is refused and the call stays held. Each hold is in
/// the call's record and the audit. No socket: the BFF is a function that notes what it is sent.
@Suite(.timeLimit(.minutes(1))) struct BreakpointTests {
    static let operation = "getMomentsDetailsByUserID"
    static let document = "query getMomentsDetailsByUserID($userID: ID!) { getMomentsDetailsByUserID(userID: $userID) { name } }"

    struct Variables: Encodable, Sendable {
        let userID: String
    }

    struct Payload: Decodable, Equatable {
        struct Details: Decodable, Equatable {
            let name: String
        }

        let getMomentsDetailsByUserID: Details
    }

    /// A BFF that answers every call with `name` and keeps the variables it was sent.
    final class BFF: Sendable {
        let received = Locked<[JSONValue]>([])

        var transport: InProcessGraphQLTransport {
            InProcessGraphQLTransport { body in
                self.received.withLock { $0.append(JSONValue(data: body)?["variables"] ?? .null) }
                return (200, Data(#"{"data": {"getMomentsDetailsByUserID": {"name": "from the BFF"}}}"#.utf8))
            }
        }
    }

    /// A session with breakpoints over `bff`, its log, and the folder of its audit.
    private func makeSession(_ bff: BFF) throws -> (APISession, BreakpointStore, NetworkLog, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breakpoints-\(UUID().uuidString)")
        let store = BreakpointStore(database: try AppDatabase(directory: folder))
        let log = NetworkLog()
        return (APISession(transport: bff.transport, timeout: .seconds(5), networkLog: log, breakpoints: store), store, log, folder)
    }

    /// Starts one call and answers it once held: the events are subscribed to before it starts,
    /// so the hold is never missed.
    private func call(_ session: APISession, held store: BreakpointStore, userID: String = "0")
        async throws -> (Task<Result<Payload, APISessionError>, Never>, HeldExchange) {
        let events = store.events.subscribe()
        let task = Task { () -> Result<Payload, APISessionError> in
            do throws(APISessionError) {
                return .success(try await session.post(query: Self.document, variables: Variables(userID: userID),
                                                       operationName: Self.operation, as: Payload.self).data)
            } catch {
                return .failure(error)
            }
        }
        for await event in events where event.isHeld {
            if let held = store.held(id: event.id) { return (task, held) }
        }
        throw CancellationError()
    }

    @Test func aHeldRequest_continuedWithEditedVariables_reachesTheBFFEdited() async throws {
        let bff = BFF()
        let (session, store, log, folder) = try makeSession(bff)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.set(Breakpoint(stage: .request), for: Self.operation, source: .api)

        let (task, held) = try await call(session, held: store)
        #expect(held.stage == .request && held.variables == .object(["userID": .string("0")]))
        #expect(held.headers?["x-app-platform"] == "web")
        #expect(bff.received.withLock { $0.isEmpty }, "nothing reaches the BFF while held")
        try store.release(held.id, with: .edited(BreakpointEdit(variables: ["userID": .string("7")])), source: .api)

        #expect(try await task.value.get().getMomentsDetailsByUserID.name == "from the BFF")
        #expect(bff.received.withLock { $0 } == [.object(["userID": .string("7")])])
        let recorded = try #require(log.latest.first)
        #expect(recorded.variables?.json == #"{"userID":"7"}"#, "the record shows what the BFF was sent")
        #expect(recorded.holds.map(\.release) == [.edited] && recorded.holds.first?.detail == "variables")
        #expect(store.held.isEmpty)
    }

    /// A BFF over "HTTP" that keeps the headers it was sent.
    final class HeaderRecordingTransport: GraphQLTransport {
        let received = Locked<[[String: String]]>([])
        var endpointDescription: String { "a BFF that records headers" }

        func send(_ body: Data, headers: [String: String]) async throws -> (status: Int, body: Data) {
            received.withLock { $0.append(headers) }
            return (200, Data(#"{"data": {"getMomentsDetailsByUserID": {"name": "from the BFF"}}}"#.utf8))
        }
    }

    @Test func aHeldRequestsCredentials_areShownMasked_andSentAsConfigured_whateverTheEditSays() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breakpoints-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = BreakpointStore(database: try AppDatabase(directory: folder))
        let transport = HeaderRecordingTransport()
        let session = APISession(transport: transport, breakpoints: store, headers: ["Authorization": "Bearer s3cret"])
        try await store.set(Breakpoint(stage: .request), for: Self.operation, source: .api)

        let (task, held) = try await call(session, held: store)
        #expect(held.headers?["Authorization"] == BFFHeaders.masked("Bearer s3cret"))
        var written = try #require(held.headers)
        written["x-app-platform"] = "qa"
        try store.release(held.id, with: .edited(BreakpointEdit(headers: written)), source: .api)
        _ = try await task.value.get()

        let sent = try #require(transport.received.withLock { $0.first })
        #expect(sent["Authorization"] == "Bearer s3cret", "the mask the editor showed is no credential")
        #expect(sent["x-app-platform"] == "qa")
    }

    @Test func aHeldAnswer_continuedWithAnEditedBody_isTheAnswer() async throws {
        let (session, store, _, folder) = try makeSession(BFF())
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.set(Breakpoint(stage: .response), for: Self.operation, source: .api)

        let (task, held) = try await call(session, held: store)
        #expect(held.stage == .response && held.status == 200)
        #expect(held.response?["data"]?["getMomentsDetailsByUserID"]?["name"] == .string("from the BFF"))
        let edited = JSONValue.object(["data": .object(["getMomentsDetailsByUserID": .object(["name": .string("edited by QA")])])])
        try store.release(held.id, with: .edited(BreakpointEdit(response: edited)), source: .api)

        #expect(try await task.value.get().getMomentsDetailsByUserID.name == "edited by QA")
    }

    @Test func aHeldCall_abortedWithAStatus_failsAsThatStatus_withoutAskingTheBFF() async throws {
        let bff = BFF()
        let (session, store, log, folder) = try makeSession(bff)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.set(Breakpoint(stage: .both), for: Self.operation, source: .api)

        let (task, held) = try await call(session, held: store)
        try store.release(held.id, with: .aborted(BreakpointAbort(status: 503)), source: .api)

        #expect(await task.value.failure == .httpStatus(503))
        #expect(bff.received.withLock { $0.isEmpty })
        #expect(log.latest.first?.outcome == .httpError)
        #expect(log.latest.first?.holds.map(\.stage) == [.request], "an aborted request has no answer to hold")
    }

    @Test func aHeldAnswer_abortedWithAGraphQLError_failsAsAGraphQLErrorWithItsCode() async throws {
        let (session, store, _, folder) = try makeSession(BFF())
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.set(Breakpoint(stage: .response), for: Self.operation, source: .api)

        let (task, held) = try await call(session, held: store)
        try store.release(held.id, with: .aborted(BreakpointAbort(graphQLError: .init(message: "QA says no", code: "QA_ABORTED"))), source: .api)

        let failure = try #require(await task.value.failure)
        guard case .graphQL(let errors, let hasData) = failure else { Issue.record("not a GraphQL error: \(failure)"); return }
        #expect(errors.map(\.code) == ["QA_ABORTED"] && !hasData)
        #expect(failure.graphQLCodes == ["QA_ABORTED"])
    }

    @Test func aHeldCall_goesOnUnchanged_atItsTimeout() async throws {
        let bff = BFF()
        let (session, store, log, folder) = try makeSession(bff)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.set(Breakpoint(stage: .request, timeoutSeconds: 1), for: Self.operation, source: .api)

        let (task, held) = try await call(session, held: store)
        #expect(abs(held.expiresAt.timeIntervalSince(held.heldAt) - 1) < 0.001)

        #expect(try await task.value.get().getMomentsDetailsByUserID.name == "from the BFF")
        #expect(bff.received.withLock { $0 } == [.object(["userID": .string("0")])])
        #expect(log.latest.first?.holds.map(\.release) == [.timedOut])
        #expect(try await store.audit().prefix(2).map(\.hold?.release) == [.timedOut, nil], "released, then held, newest first")
        #expect(try await store.audit().first?.source == .expired)
    }

    @Test func theTimeHeld_doesNotCountAgainstTheRequestsDeadline() async throws {
        let bff = BFF()
        let (session, store, _, folder) = try makeSession(bff)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.set(Breakpoint(stage: .request), for: Self.operation, source: .api)
        let deadline = ContinuousClock.now + .milliseconds(200)
        let (task, held) = try await APISession.$deadline.withValue(deadline) { try await call(session, held: store) }

        // Let go only once the request's deadline has passed: QA's time, not the BFF's.
        try await Task.sleep(until: deadline + .milliseconds(50), clock: .continuous)
        try store.release(held.id, with: .continued, source: .api)

        #expect(try await task.value.get().getMomentsDetailsByUserID.name == "from the BFF")
    }

    @Test func removingTheBreakpoint_letsTheCallsItHoldsGoUnchanged() async throws {
        let bff = BFF()
        let (session, store, _, folder) = try makeSession(bff)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.set(Breakpoint(stage: .request), for: Self.operation, source: .api)
        let (first, _) = try await call(session, held: store, userID: "1")
        let (second, _) = try await call(session, held: store, userID: "2")
        #expect(store.held.count == 2, "several are held at once")

        try await store.clear(Self.operation, source: .api)

        #expect(try await first.value.get().getMomentsDetailsByUserID.name == "from the BFF")
        #expect(try await second.value.get().getMomentsDetailsByUserID.name == "from the BFF")
        #expect(store.held.isEmpty && store.active.isEmpty)
        let received = bff.received.withLock { $0 }
        #expect(received.count == 2 && received.contains(.object(["userID": .string("1")])) && received.contains(.object(["userID": .string("2")])))
    }

    @Test func stopping_letsEveryHeldCallGoUnchanged_andHoldsNoMore() async throws {
        let (session, store, log, folder) = try makeSession(BFF())
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.set(Breakpoint(stage: .response), for: Self.operation, source: .api)
        let (task, _) = try await call(session, held: store)

        store.stop()

        #expect(try await task.value.get().getMomentsDetailsByUserID.name == "from the BFF")
        #expect(log.latest.first?.holds.map(\.release) == [.shutdown])
        let after = try await session.post(query: Self.document, variables: Variables(userID: "0"), operationName: Self.operation, as: Payload.self)
        #expect(after.data.getMomentsDetailsByUserID.name == "from the BFF", "a call after the stop is not held")
    }

    @Test func whatDoesNotFitWhereTheCallIsHeld_isRefused_andTheCallStaysHeld() async throws {
        let (session, store, _, folder) = try makeSession(BFF())
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.set(Breakpoint(stage: .request), for: Self.operation, source: .api)
        let (task, held) = try await call(session, held: store)

        #expect(throws: BreakpointError.invalidField("response", expected: .answerOnly)) {
            try store.release(held.id, with: .edited(BreakpointEdit(response: .object([:]))), source: .api)
        }
        #expect(throws: BreakpointError.invalidField("status", expected: .errorStatus)) {
            try store.release(held.id, with: .aborted(BreakpointAbort(status: 200)), source: .api)
        }
        #expect(throws: BreakpointError.unknownHeldExchange("99")) { try store.release(99, with: .continued, source: .api) }
        #expect(store.held.map(\.id) == [held.id])

        try store.release(held.id, with: .continued, source: .api)
        _ = try await task.value.get()
        #expect(throws: BreakpointError.unknownHeldExchange(String(held.id))) { try store.release(held.id, with: .continued, source: .api) }
    }

    @Test func onlyCallsWithTheBreakpointsVariables_areHeld() async throws {
        let (session, store, _, folder) = try makeSession(BFF())
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.set(Breakpoint(stage: .request, variables: ["userID": .string("3")]), for: Self.operation, source: .api)

        _ = try await session.post(query: Self.document, variables: Variables(userID: "0"), operationName: Self.operation, as: Payload.self)
        let (task, held) = try await call(session, held: store, userID: "3")
        #expect(held.variables?["userID"] == .string("3"))
        try store.release(held.id, with: .continued, source: .api)
        _ = try await task.value.get()
    }
}

private extension Result {
    var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
