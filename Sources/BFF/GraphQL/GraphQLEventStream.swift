import Foundation
import GraphQL
import HTTPServer

/// GraphQL over server-sent events, as the graphql-sse protocol's distinct connections mode lays
/// it out: a request that accepts `text/event-stream` is answered 200 with an event stream, a
/// `next` event per result and a `complete` event once the operation is over. A subscription's
/// results are its events; a query or mutation has one; a request that cannot run has one with
/// its errors (the protocol sends them this way, not as a 400, which would fail the client's
/// connection without saying why). A comment line every `heartbeat` finds clients that have
/// gone, and their subscription ends.
enum GraphQLEventStream {
    static let heartbeat: Duration = .seconds(15)

    /// The stream of the results `produce` hands to its `send` (which answers `false` once the
    /// client has gone), each encoded by `encode`.
    static func response(
        encode: @escaping @Sendable (GraphQLResult) -> Data,
        _ produce: @escaping @Sendable (_ send: (GraphQLResult) -> Bool) async -> Void
    ) -> Response {
        let headers: HTTPHeaders = ["Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store",
                                    "X-Accel-Buffering": "no"]
        return Response(headers: headers, body: .stream(ResponseStream { writer in
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    await produce { result in
                        writer.write("event: next\ndata: \(String(decoding: encode(result), as: UTF8.self))\n\n")
                    }
                    writer.write("event: complete\ndata:\n\n")
                }
                group.addTask {
                    while !Task.isCancelled, writer.write(": keep-alive\n\n") {
                        try? await Task.sleep(for: heartbeat)
                    }
                }
                await group.next()
                group.cancelAll()
            }
        }))
    }
}
