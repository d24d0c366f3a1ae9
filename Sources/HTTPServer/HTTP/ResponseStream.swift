import Foundation

/// A body written piece by piece while the connection stays open (server-sent events).
///
/// `produce` starts when the headers are sent and the stream ends when it returns. When the
/// client goes away, `ResponseStreamWriter.write` answers `false` and the producing task is
/// cancelled, so a closed browser tab frees its stream.
public struct ResponseStream: Sendable {
    let produce: @Sendable (ResponseStreamWriter) async -> Void

    public init(_ produce: @escaping @Sendable (ResponseStreamWriter) async -> Void) {
        self.produce = produce
    }
}

/// The producer's end of a `ResponseStream`.
public struct ResponseStreamWriter: Sendable {
    let sink: any ResponseStreamSink

    /// Queues `data` for the client; `false` once the client has gone or the server is stopping.
    @discardableResult
    public func write(_ data: Data) -> Bool {
        sink.enqueue(data)
    }

    /// Queues the UTF-8 bytes of `text`.
    @discardableResult
    public func write(_ text: String) -> Bool {
        sink.enqueue(Data(text.utf8))
    }

    /// Whether the client is still there to read what is written.
    public var isOpen: Bool { sink.isOpen }
}

/// Where a writer's bytes go; the server's connection pump, or a buffer in tests.
protocol ResponseStreamSink: Sendable {
    func enqueue(_ data: Data) -> Bool
    var isOpen: Bool { get }
}
