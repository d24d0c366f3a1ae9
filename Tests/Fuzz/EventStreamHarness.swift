import Foundation
@testable import Foundations

/// A BFF's event stream (GraphQL over SSE) as the dashboard reads it (`ServerSentEventParser`):
/// the events are the same whatever the pieces the body arrives in.
enum EventStreamHarness {
    static func run(_ data: Data) {
        let bytes = Array(data.dropFirst())
        let cut = data.first.map { Int($0) % (bytes.count + 1) } ?? 0
        var whole = ServerSentEventParser()
        var pieces = ServerSentEventParser()
        let events = whole.consume(bytes)
        let split = pieces.consume(bytes[..<cut]) + pieces.consume(bytes[cut...])
        require(events == split, "the events depend on where the body was cut (at \(cut))")
    }
}
