#if canImport(Glibc)
import Glibc
#endif
import CMicroHTTPD
import Locking
import Synchronization

/// The connections libmicrohttpd has open, and the deadline for a request's headers.
///
/// Each connection's state (`OpenConnection`) is made when it opens and kept in libmicrohttpd's
/// socket context, so its requests reach it without a lookup or a lock shared with every other
/// connection: the list here changes only when a connection opens or closes.
///
/// libmicrohttpd's timeout counts silence, so a client that sends one byte a second keeps a
/// connection (and its memory) forever. Each connection here has until `limit` after it opened,
/// or after its last answer, to deliver the next request line and headers; past that its socket
/// is shut down, and libmicrohttpd closes it as if the client had left. The wait after an answer
/// is timed from the first deadline check that sees it (`enforceDeadline`, every 250 ms), so a
/// request's end reads no clock.
final class OpenConnections: Sendable {
    private let limit: Duration
    private let connections = Locked<[Int: OpenConnection]>([:])
    private let openedCount = Atomic(0)

    init(limit: Duration) {
        self.limit = limit
    }

    /// Keeps a new connection, and points its socket context at it.
    func opened(_ connection: ConnectionHandle, socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        let open = OpenConnection(socket: cmhd_connection_socket(connection.pointer))
        connections.withLock { $0[connection.id] = open }
        openedCount.add(1, ordering: .relaxed)
        socketContext.pointee = Unmanaged.passUnretained(open).toOpaque()
    }

    /// Lets a closed connection go, with the request it was on.
    func closed(_ connection: ConnectionHandle) {
        connections.withLock { _ = $0.removeValue(forKey: connection.id) }
    }

    var count: Int {
        connections.withLock { $0.count }
    }

    /// Connections opened since the start.
    var opened: Int {
        openedCount.load(ordering: .relaxed)
    }

    /// The requests received on open connections and not yet finished.
    var requests: [RequestContext] {
        connections.withLock { $0.values.compactMap(\.request) }
    }

    /// Shuts down the sockets past their deadline. Runs under the lock `closed` takes, so a
    /// socket is never touched after libmicrohttpd has let it go.
    func enforceDeadline() {
        let now = ContinuousClock.now
        connections.withLock { connections in
            for connection in connections.values where connection.endWaitIfPast(limit, at: now) {
                shutdown(connection.socket, Int32(SHUT_RDWR))
            }
        }
    }
}

/// One open connection: the request it is on, which it owns (libmicrohttpd only borrows the
/// pointer; 0.9.75 may start a request twice on one connection after an error and finish it
/// once, and nothing must leak or dangle then), and since when it has waited for a request.
final class OpenConnection: Sendable {
    private struct State {
        var request: RequestContext?
        var wait: Wait
    }

    /// Whether it waits for a request's headers, and since when.
    private enum Wait {
        /// A request is being handled.
        case none
        /// Since an answer; when, the next deadline check notes.
        case sinceAnswer
        case since(ContinuousClock.Instant)
    }

    let socket: Int32
    private let state: Locked<State>

    fileprivate init(socket: Int32) {
        self.socket = socket
        state = Locked(State(wait: .since(.now)))
    }

    /// The connection's state, from its socket context (set when it opened).
    static func of(_ connection: ConnectionHandle) -> OpenConnection {
        Unmanaged<OpenConnection>.fromOpaque(cmhd_connection_socket_context(connection.pointer)!).takeUnretainedValue()
    }

    var request: RequestContext? { state.withLock { $0.request } }

    /// A request line arrived: the connection holds its context until it finishes.
    func requestStarted(_ context: RequestContext) {
        state.withLock { $0.request = context }
    }

    /// Its headers arrived: the deadline waits until the request is answered.
    func headersArrived() {
        state.withLock { $0.wait = .none }
    }

    /// The request was answered (or failed); a kept-alive connection waits for its next one.
    func requestFinished(_ context: RequestContext?) {
        state.withLock { state in
            if let context, state.request === context { state.request = nil }
            state.wait = .sinceAnswer
        }
    }

    /// Ends its wait when it has waited past `limit`, and says so: true once a wait, so its socket
    /// is shut down once. A wait since an answer is timed from now.
    fileprivate func endWaitIfPast(_ limit: Duration, at now: ContinuousClock.Instant) -> Bool {
        state.withLock { state in
            switch state.wait {
            case .none:
                return false
            case .sinceAnswer:
                state.wait = .since(now)
                return false
            case .since(let since):
                guard now - since > limit else { return false }
                state.wait = .none
                return true
            }
        }
    }
}
