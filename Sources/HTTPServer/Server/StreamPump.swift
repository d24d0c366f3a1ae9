import CMicroHTTPD
import Foundation
import Locking

/// Moves a `ResponseStream`'s bytes into libmicrohttpd's content-reader callback.
///
/// The reader never blocks a worker thread: with nothing to send it suspends the connection
/// and returns 0, and the next `enqueue` resumes it (the pattern libmicrohttpd documents for
/// returning 0 from a content reader).
final class StreamPump: ResponseStreamSink {
    private struct State {
        var pending = Data()
        var finished = false
        var closed = false
        var suspended = false
        var producer: Task<Void, Never>?
    }

    private let state = Locked(State())
    private let connection: ConnectionHandle

    init(connection: ConnectionHandle) {
        self.connection = connection
    }

    func start(_ stream: ResponseStream) {
        let writer = ResponseStreamWriter(sink: self)
        let task = Task { [self] in
            await stream.produce(writer)
            finish()
        }
        state.withLock { $0.producer = task }
    }

    var isOpen: Bool { state.withLock { !$0.closed && !$0.finished } }

    /// Whether the connection sleeps waiting for bytes to send.
    var isSuspended: Bool { state.withLock { $0.suspended } }

    func enqueue(_ data: Data) -> Bool {
        state.withLock { state in
            guard !state.closed, !state.finished else { return false }
            state.pending.append(data)
            resumeIfSuspended(&state)
            return true
        }
    }

    /// Ends the stream after what is pending has been sent.
    func finish() {
        state.withLock { state in
            state.finished = true
            resumeIfSuspended(&state)
        }
    }

    /// Called on a libmicrohttpd thread: copies up to `capacity` bytes into `buffer`.
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        state.withLock { state in
            if !state.pending.isEmpty {
                let count = min(capacity, state.pending.count)
                state.pending.withUnsafeBytes { raw in
                    buffer.withMemoryRebound(to: UInt8.self, capacity: count) { target in
                        target.update(from: raw.bindMemory(to: UInt8.self).baseAddress!, count: count)
                    }
                }
                state.pending.removeFirst(count)
                return count
            }
            if state.finished || state.closed {
                return Int(MHD_CONTENT_READER_END_OF_STREAM)
            }
            state.suspended = true
            connection.suspend()
            return 0
        }
    }

    /// Called when libmicrohttpd frees the response: the client left or the stream ended.
    func close() {
        let producer = state.withLock { state -> Task<Void, Never>? in
            state.closed = true
            return state.producer
        }
        producer?.cancel()
    }

    private func resumeIfSuspended(_ state: inout State) {
        if state.suspended {
            state.suspended = false
            connection.resume()
        }
    }
}
