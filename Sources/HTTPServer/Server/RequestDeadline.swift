#if canImport(Glibc)
import Glibc
#endif
import CMicroHTTPD
import Locking

/// Drops connections that take too long to send a request's headers.
///
/// libmicrohttpd's timeout counts silence, so a client that sends one byte a second keeps a
/// connection (and its memory) forever. Each connection here has until `limit` after it opened,
/// or after its last answer, to deliver the next request line and headers; past that its socket
/// is shut down, and libmicrohttpd closes it as if the client had left.
final class RequestDeadline: Sendable {
    private struct Connection {
        let socket: Int32
        /// When it started waiting for a request; `nil` while one is being handled.
        var waitingSince: ContinuousClock.Instant?
    }

    private let limit: Duration
    private let connections = Locked<[Int: Connection]>([:])

    init(limit: Duration) {
        self.limit = limit
    }

    func opened(_ connection: ConnectionHandle) {
        let socket = cmhd_connection_socket(connection.pointer)
        connections.withLock { $0[connection.id] = Connection(socket: socket, waitingSince: .now) }
    }

    /// Called when libmicrohttpd has the request's headers.
    func requestStarted(_ connection: ConnectionHandle) {
        connections.withLock { $0[connection.id]?.waitingSince = nil }
    }

    /// Called when an answer is done; a kept-alive connection waits for its next request.
    func requestFinished(_ connection: ConnectionHandle) {
        connections.withLock { $0[connection.id]?.waitingSince = .now }
    }

    func closed(_ connection: ConnectionHandle) {
        connections.withLock { _ = $0.removeValue(forKey: connection.id) }
    }

    /// Shuts down the sockets past their deadline. Runs under the lock `closed` takes, so a
    /// socket is never touched after libmicrohttpd has let it go.
    func enforce() {
        let now = ContinuousClock.now
        connections.withLock { connections in
            for (key, connection) in connections {
                guard let since = connection.waitingSince, now - since > limit else { continue }
                shutdown(connection.socket, Int32(SHUT_RDWR))
                connections[key]?.waitingSince = nil
            }
        }
    }
}
