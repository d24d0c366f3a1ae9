import Foundation
import Locking
import Telemetry

/// What the server keeps for one request between libmicrohttpd's calls of the access handler:
/// the body as it arrives, then the handler's answer, handed over between threads.
///
/// Two parts. What only libmicrohttpd's calls for this request read and write (its head, body, id
/// and trace, the refusal of its head, what was lent to it) is kept without a lock: a connection
/// belongs to one worker thread, which makes every call for it (URI log, access, completion) one
/// at a time, and the context is made in the first of them. What a handler's task or the stopping
/// server touches too (the answer, whether the connection sleeps) is behind a lock, so a
/// reused answer takes that lock once or twice, not ten times.
final class RequestContext: Sendable {
    /// Read and written only by libmicrohttpd's calls for this request, on its connection's thread.
    private struct OnWorker {
        var headAccepted = false
        var body = Data()
        var bodyTooLarge = false
        /// The server's cap, or the route's when it takes more (`raiseBodyLimit`).
        var bodyLimit: Int
        var bytesReceived = 0
        var dispatched = false
        /// The 400, 414 or 431 for a head refused before its handler. Boxed: most requests have
        /// none, and a `Response?` kept in place cost each request's end a walk of its fields.
        var refusal: HeldRefusal?
        /// The request's id, settled when its head is read (`read`), or made for a head never read.
        var requestID: RequestID?
        /// The trace headers it came with, which its trace is made from.
        var traceHeaders = RequestHead.Trace()
        /// What it asks, for `ReadyAnswers`: a GET or HEAD's.
        var asked: ReadyAnswers.Asked?
        /// The kept answer's response lent to this request (`ReadyAnswers`), given back when it completes.
        var lent: ReadyAnswers.Lent?
    }

    /// A head's refusal, and what the socket had sent when it was queued to libmicrohttpd (nil
    /// when `LastResortAnswer` wrote it at once).
    private final class HeldRefusal: Sendable {
        let response: Response
        let bytesSentBefore: UInt64?

        init(response: Response, bytesSentBefore: UInt64?) {
            self.response = response
            self.bytesSentBefore = bytesSentBefore
        }
    }

    /// Shared with the handler's task and the stopping server.
    private struct Answer {
        var suspended = false
        var answered = false
        var response: Response?
    }

    let started = ContinuousClock.now
    /// Bytes of the request line's target, known before the headers arrive.
    let targetLength: Int
    private let connection: ConnectionHandle
    nonisolated(unsafe) private var worker: OnWorker
    private let answer = Locked(Answer())

    init(bodyLimit: Int, connection: ConnectionHandle, targetLength: Int) {
        self.connection = connection
        self.targetLength = targetLength
        worker = OnWorker(bodyLimit: bodyLimit)
    }

    deinit {
        finish()
    }

    /// Holds `lent` until the request is finished.
    func hold(_ lent: ReadyAnswers.Lent) {
        worker.lent = lent
    }

    /// Gives back what was lent to this request: libmicrohttpd has finished with it.
    func finish() {
        worker.lent?.giveBack()
        worker.lent = nil
    }

    /// The body cap in force: the server's, or the route's when it takes more.
    var bodyLimit: Int { worker.bodyLimit }

    /// Lets the body grow to `limit`, for a route that takes more than the server's cap.
    func raiseBodyLimit(to limit: Int) {
        worker.bodyLimit = max(worker.bodyLimit, limit)
    }

    /// Marks the head as handed to the server; true the first time only.
    func acceptHead() -> Bool {
        defer { worker.headAccepted = true }
        return !worker.headAccepted
    }

    /// Adds a piece of the upload; past the limit the body is dropped and only the fact kept.
    func append(_ bytes: UnsafeRawBufferPointer) {
        worker.bytesReceived += bytes.count
        guard !worker.bodyTooLarge else { return }
        if worker.body.count + bytes.count > worker.bodyLimit {
            worker.bodyTooLarge = true
            worker.body = Data()
        } else {
            worker.body.append(contentsOf: bytes)
        }
    }

    /// Keeps the refusal of a head, with the request's id. `bytesSent` is what the socket had sent
    /// when it was queued to libmicrohttpd (nil: written by `LastResortAnswer` at once), for
    /// `lostRefusal`.
    func holdRefusal(_ response: Response, queuedAfter bytesSent: UInt64?) {
        var response = response
        response.headers.set(TraceContextPropagation.requestIDHeader, requestID.description)
        worker.refusal = HeldRefusal(response: response, bytesSentBefore: bytesSent)
    }

    /// The refusal queued to libmicrohttpd that it found no room to send: the request ended in
    /// error and the socket has sent nothing since it was queued.
    func lostRefusal(bytesSentNow: UInt64) -> Response? {
        guard let refusal = worker.refusal, let before = refusal.bytesSentBefore, bytesSentNow == before else { return nil }
        return refusal.response
    }

    /// Keeps what the request's head says of it: its id (settled now, as `TraceContextPropagation`
    /// would extract it), the trace headers its `trace` is made from, and what it asks.
    func read(_ head: RequestHead) {
        worker.requestID = RequestID(keeping: head.trace.requestID)
        worker.traceHeaders = head.trace
        worker.asked = head.asked
    }

    /// The request's id, which the answer carries.
    var requestID: RequestID {
        if let requestID = worker.requestID { return requestID }
        let fresh = RequestID(keeping: nil)
        worker.requestID = fresh
        return fresh
    }

    /// The request's id and trace: the handler runs with it (`serviceContext`), for logs and calls
    /// to the BFF. Made when asked for, once a request: an answer reused without a handler needs only the id.
    func makeTrace() -> RequestTrace {
        RequestTrace(requestID: requestID.description, traceParent: worker.traceHeaders.traceParent, traceState: worker.traceHeaders.traceState)
    }

    var refusal: Response? { worker.refusal?.response }

    var bodyTooLarge: Bool { worker.bodyTooLarge }

    /// Whether the connection sleeps waiting for this request's answer.
    var isSuspended: Bool { answer.withLock { $0.suspended } }

    /// Whether the request has its answer, its handler's or the stopping server's.
    var isAnswered: Bool { answer.withLock { $0.answered } }

    /// Every upload byte seen, kept or dropped.
    var bytesReceived: Int { worker.bytesReceived }

    /// Marks the request as handed to its handler; `nil` when it already was, else the body and,
    /// for a request without one, what it asks (`ReadyAnswers`).
    func dispatch() -> (body: Data, asked: ReadyAnswers.Asked?)? {
        guard !worker.dispatched else { return nil }
        worker.dispatched = true
        return (worker.body, worker.body.isEmpty ? worker.asked : nil)
    }

    /// The answer, once the handler has given it; takes it so it is queued once.
    func takeResponse() -> Response? {
        answer.withLock { answer in
            defer { answer.response = nil }
            return answer.response
        }
    }

    /// Suspends the connection unless the answer is already here, in which case it is returned.
    /// Runs under the same lock as `complete`, so a fast handler cannot slip between the two.
    func suspendUnlessAnswered() -> Response? {
        answer.withLock { answer in
            if let response = answer.response {
                answer.response = nil
                return response
            }
            answer.suspended = true
            connection.suspend()
            return nil
        }
    }

    /// Stores the handler's answer and wakes the connection if it sleeps. Only the first
    /// answer counts: when the stopping server has answered in a slow handler's place, the
    /// handler's late answer changes nothing.
    func complete(with response: Response) {
        answer.withLock { answer in
            guard !answer.answered else { return }
            answer.answered = true
            answer.response = response
            if answer.suspended {
                answer.suspended = false
                connection.resume()
            }
        }
    }
}
