import Foundation
import Locking
import Telemetry

/// What the server keeps for one request between libmicrohttpd's calls of the access handler:
/// the body as it arrives, then the handler's answer, handed over between threads.
final class RequestContext: Sendable {
    private struct State {
        var body = Data()
        var bodyTooLarge = false
        /// The server's cap, or the route's when it takes more (`raiseBodyLimit`).
        var bodyLimit: Int
        var bytesReceived = 0
        var dispatched = false
        var suspended = false
        var answered = false
        var response: Response?
        var headAccepted = false
        /// The 400, 414 or 431 for a head refused before its handler.
        var refusal: Response?
        /// What the socket had sent when `refusal` was queued to libmicrohttpd; nil when
        /// `LastResortAnswer` wrote it at once.
        var bytesSentBeforeRefusal: UInt64?
        /// The request's id, settled when its head is read (`read`), or made for a head never read.
        var requestID: String?
        /// The `traceparent` and `tracestate` it came with, and its trace, made from them when first asked for.
        var traceParent: String?
        var traceState: String?
        var trace: RequestTrace?
        /// What it asks, for `ReadyAnswers`: a GET or HEAD's.
        var readyKey: ReadyAnswers.Key?
        /// The kept answer's response lent to this request (`ReadyAnswers`), given back when it completes.
        var lent: ReadyAnswers.Lent?
    }

    let started = ContinuousClock.now
    /// Bytes of the request line's target, known before the headers arrive.
    let targetLength: Int
    private let connection: ConnectionHandle
    private let state: Locked<State>

    init(bodyLimit: Int, connection: ConnectionHandle, targetLength: Int) {
        self.connection = connection
        self.targetLength = targetLength
        state = Locked(State(bodyLimit: bodyLimit))
    }

    deinit {
        finish()
    }

    /// Holds `lent` until the request is finished.
    func hold(_ lent: ReadyAnswers.Lent) {
        state.withLock { $0.lent = lent }
    }

    /// Gives back what was lent to this request: libmicrohttpd has finished with it.
    func finish() {
        let lent = state.withLock { state in
            defer { state.lent = nil }
            return state.lent
        }
        lent?.giveBack()
    }

    /// The body cap in force: the server's, or the route's when it takes more.
    var bodyLimit: Int { state.withLock { $0.bodyLimit } }

    /// Lets the body grow to `limit`, for a route that takes more than the server's cap.
    func raiseBodyLimit(to limit: Int) {
        state.withLock { $0.bodyLimit = max($0.bodyLimit, limit) }
    }

    /// Marks the head as handed to the server; true the first time only.
    func acceptHead() -> Bool {
        state.withLock { state in
            defer { state.headAccepted = true }
            return !state.headAccepted
        }
    }

    /// Adds a piece of the upload; past the limit the body is dropped and only the fact kept.
    func append(_ bytes: UnsafeRawBufferPointer) {
        state.withLock { state in
            state.bytesReceived += bytes.count
            guard !state.bodyTooLarge else { return }
            if state.body.count + bytes.count > state.bodyLimit {
                state.bodyTooLarge = true
                state.body = Data()
            } else {
                state.body.append(contentsOf: bytes)
            }
        }
    }

    /// Keeps the refusal of a head, with the request's id. `bytesSent` is what the socket had sent
    /// when it was queued to libmicrohttpd (nil: written by `LastResortAnswer` at once), for
    /// `lostRefusal`.
    func holdRefusal(_ response: Response, queuedAfter bytesSent: UInt64?) {
        var response = response
        response.headers.set(TraceContextPropagation.requestIDHeader, requestID)
        state.withLock { state in
            state.refusal = response
            state.bytesSentBeforeRefusal = bytesSent
        }
    }

    /// The refusal queued to libmicrohttpd that it found no room to send: the request ended in
    /// error and the socket has sent nothing since it was queued.
    func lostRefusal(bytesSentNow: UInt64) -> Response? {
        state.withLock { state in
            guard let before = state.bytesSentBeforeRefusal, bytesSentNow == before else { return nil }
            return state.refusal
        }
    }

    /// Keeps what the request's head says of it: its id (settled now, as `TraceContextPropagation`
    /// would extract it), the trace headers its `trace` is made from, and what it asks.
    func read(_ head: RequestHead) {
        let requestID = RequestTrace.requestID(keeping: head.trace.requestID)
        state.withLock { state in
            state.requestID = requestID
            state.traceParent = head.trace.traceParent
            state.traceState = head.trace.traceState
            state.readyKey = head.readyKey
        }
    }

    /// The request's id, which the answer carries.
    var requestID: String {
        state.withLock { state in
            if let requestID = state.requestID { return requestID }
            let fresh = RequestTrace.requestID(keeping: nil)
            state.requestID = fresh
            return fresh
        }
    }

    /// The request's id and trace: the handler runs with it (`serviceContext`), for logs and calls
    /// to the BFF. Made when first asked for: an answer reused without a handler needs only the id.
    var trace: RequestTrace {
        let requestID = requestID
        return state.withLock { state in
            if let trace = state.trace { return trace }
            let trace = RequestTrace(requestID: requestID, traceParent: state.traceParent, traceState: state.traceState)
            state.trace = trace
            return trace
        }
    }

    var refusal: Response? { state.withLock { $0.refusal } }

    var bodyTooLarge: Bool { state.withLock { $0.bodyTooLarge } }

    /// Whether the connection sleeps waiting for this request's answer.
    var isSuspended: Bool { state.withLock { $0.suspended } }

    /// Every upload byte seen, kept or dropped.
    var bytesReceived: Int { state.withLock { $0.bytesReceived } }

    /// Marks the request as handed to its handler; `nil` when it already was, else the body and,
    /// for a request without one, what it asks (`ReadyAnswers`).
    func dispatch() -> (body: Data, readyKey: ReadyAnswers.Key?)? {
        state.withLock { state in
            guard !state.dispatched else { return nil }
            state.dispatched = true
            return (state.body, state.body.isEmpty ? state.readyKey : nil)
        }
    }

    /// The answer, once the handler has given it; takes it so it is queued once.
    func takeResponse() -> Response? {
        state.withLock { state in
            defer { state.response = nil }
            return state.response
        }
    }

    /// Suspends the connection unless the answer is already here, in which case it is returned.
    /// Runs under the same lock as `complete`, so a fast handler cannot slip between the two.
    func suspendUnlessAnswered() -> Response? {
        state.withLock { state in
            if let response = state.response {
                state.response = nil
                return response
            }
            state.suspended = true
            connection.suspend()
            return nil
        }
    }

    /// Stores the handler's answer and wakes the connection if it sleeps. Only the first
    /// answer counts: when the stopping server has answered in a slow handler's place, the
    /// handler's late answer changes nothing.
    func complete(with response: Response) {
        state.withLock { state in
            guard !state.answered else { return }
            state.answered = true
            state.response = response
            if state.suspended {
                state.suspended = false
                connection.resume()
            }
        }
    }
}
