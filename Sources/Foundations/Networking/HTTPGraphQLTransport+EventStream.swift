import AsyncHTTPClient
import Connections
import Foundation
import NIOCore

/// GraphQL subscriptions to a BFF at a URL, over server-sent events: the graphql-sse protocol's
/// distinct connections mode, the GraphQL-over-HTTP JSON body POSTed with
/// `Accept: text/event-stream`, the answer read event by event from AsyncHTTPClient's streaming
/// body as it arrives (URLSession on Linux hands over a body only whole).
extension HTTPGraphQLTransport {
    /// Posts `body` and hands the data of each `next` event to `onNext`, until a `complete`
    /// event or the end of the stream; answers `nil` then. An answer that is no event stream (a
    /// BFF refusing the document, or one that knows nothing of events) is answered as it came,
    /// its status and body. Throws `.transport` when the BFF cannot be reached, or stops sending
    /// even its keep-alive comments.
    public func subscribe(_ body: Data, headers: [String: String], onNext: (Data) async -> Void)
        async throws(APISessionError) -> (status: Int, body: Data)? {
        let request = OutboundHTTP.request(.POST, url, headers: [("Content-Type", "application/json"), ("Accept", "text/event-stream")],
                                           extra: headers, body: body)
        do {
            // A day, after which the subscription is opened again: the deadline bounds the body too.
            // The client's read timeout ends a stream silent for longer than its keep-alives.
            let response = try await OutboundHTTP.client.execute(request, timeout: .hours(24))
            guard response.status == .ok, response.headers.first(name: "Content-Type")?.hasPrefix("text/event-stream") == true else {
                return (Int(response.status.code), Data(try await response.body.collect(upTo: 1 << 20).readableBytesView))
            }
            var parser = ServerSentEventParser()
            for try await bytes in response.body {
                for event in parser.consume(bytes.readableBytesView) {
                    switch event.name {
                    case "next": await onNext(Data(event.data.utf8))
                    case "complete": return nil
                    default: continue
                    }
                }
            }
            return nil
        } catch {
            throw .transport(ConnectionFailure(bffURL: url, option: option, httpClientError: error))
        }
    }
}
