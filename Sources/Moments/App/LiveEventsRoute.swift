import Foundation
import Foundations
import HTTPServer

/// `GET /events`: server-sent events `toggle`, `like` and, in debug and internal builds,
/// `exchange` (data in JSON), so open timeline, Area 51 and inspector tabs redraw when something
/// they show changes. A comment line every `heartbeat`
/// finds tabs that were closed, and their stream ends.
public struct LiveEventsRoute: RouteCollection {
    private let toggleChanges: Broadcaster<ToggleChange>
    private let likeChanges: Broadcaster<LikeChange>
    private let exchanges: Broadcaster<NetworkLog.Event>?
    private let heartbeat: Duration

    public init(toggleChanges: Broadcaster<ToggleChange>, likeChanges: Broadcaster<LikeChange>,
                exchanges: Broadcaster<NetworkLog.Event>? = nil, heartbeat: Duration = .seconds(15)) {
        self.toggleChanges = toggleChanges
        self.likeChanges = likeChanges
        self.exchanges = exchanges
        self.heartbeat = heartbeat
    }

    public func boot(routes: inout some RouteBuilder) {
        routes.get("/events") { [toggleChanges, likeChanges, exchanges, heartbeat] _ in
            // Subscribed before the answer goes out, so nothing that happens after the request
            // arrives is missed.
            let toggles = toggleChanges.subscribe()
            let likes = likeChanges.subscribe()
            let recorded = exchanges?.subscribe()
            let headers: HTTPHeaders = ["Content-Type": "text/event-stream", "Cache-Control": "no-store", "X-Accel-Buffering": "no"]
            return Response(headers: headers, body: .stream(ResponseStream { writer in
                writer.write("retry: 2000\n\n")
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await forward(toggles, as: "toggle", to: writer) }
                    group.addTask { await forward(likes, as: "like", to: writer) }
                    if let recorded { group.addTask { await forward(recorded, as: "exchange", to: writer) } }
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
}

private func forward<Event: Encodable & Sendable>(_ events: AsyncStream<Event>, as name: String, to writer: ResponseStreamWriter) async {
    let encoder = JSONCoding.encoder()
    for await event in events {
        guard let data = try? encoder.encode(event),
              writer.write("event: \(name)\ndata: \(String(decoding: data, as: UTF8.self))\n\n")
        else { return }
    }
}
