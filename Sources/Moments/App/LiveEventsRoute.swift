import Foundation
import Foundations
import HTTPServer
import Locking

/// `GET /events`: server-sent events `toggle` (`ToggleCatalog.changes`, with the toggle's state
/// after the change, so a tab can show it without asking for the page), `like` and, in debug and
/// internal builds, `exchange`, `breakpoint` (a call held or let go) and `contract` (data in
/// JSON), so open timeline, Area 51 and inspector tabs update when something they show changes: a toggle or override set here, a fetched remote
/// config that changes a value in force, a like, an exchange with the BFF. A comment line every
/// `heartbeat` finds tabs that were closed, and their stream ends.
public struct LiveEventsRoute: RouteCollection {
    private let toggles: ToggleCatalog
    private let likeChanges: Broadcaster<LikeChange>
    private let exchanges: Broadcaster<NetworkLog.Event>?
    private let holds: Broadcaster<BreakpointStore.Event>?
    private let contract: Broadcaster<ContractEvent>?
    private let heartbeat: Duration

    public init(toggles: ToggleCatalog, likeChanges: Broadcaster<LikeChange>,
                exchanges: Broadcaster<NetworkLog.Event>? = nil, holds: Broadcaster<BreakpointStore.Event>? = nil,
                contract: Broadcaster<ContractEvent>? = nil,
                heartbeat: Duration = .seconds(15)) {
        self.toggles = toggles
        self.likeChanges = likeChanges
        self.exchanges = exchanges
        self.holds = holds
        self.contract = contract
        self.heartbeat = heartbeat
    }

    public func boot(routes: inout some RouteBuilder) {
        routes.get("/events") { [toggles, likeChanges, exchanges, holds, contract, heartbeat] _ in
            // Subscribed before the answer goes out, so nothing that happens after the request
            // arrives is missed.
            let toggleChanges = toggles.changes.subscribe()
            let likes = likeChanges.subscribe()
            let recorded = exchanges?.subscribe()
            let held = holds?.subscribe()
            let schemaChanges = contract?.subscribe()
            let headers: HTTPHeaders = ["Content-Type": "text/event-stream", "Cache-Control": "no-store", "X-Accel-Buffering": "no"]
            return Response(headers: headers, body: .stream(ResponseStream { writer in
                MomentsMetrics.liveEventClients.increment()
                defer { MomentsMetrics.liveEventClients.decrement() }
                writer.write("retry: 2000\n\n")
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await change in toggleChanges where !send(LiveToggleEvent(change, toggles: toggles), as: "toggle", to: writer) { return }
                    }
                    group.addTask { await forward(likes, as: "like", to: writer) }
                    if let recorded { group.addTask { await forward(recorded, as: "exchange", to: writer) } }
                    if let held { group.addTask { await forward(held, as: "breakpoint", to: writer) } }
                    if let schemaChanges { group.addTask { await forward(schemaChanges, as: "contract", to: writer) } }
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
    for await event in events where !send(event, as: name, to: writer) { return }
}

/// Writes one event; `false` when the tab is gone.
private func send(_ event: some Encodable, as name: String, to writer: ResponseStreamWriter) -> Bool {
    guard let data = try? JSONCoding.encoder().encode(event) else { return false }
    return writer.write("event: \(name)\ndata: \(String(decoding: data, as: UTF8.self))\n\n")
}

/// A `toggle` event: the change, and the toggle's every layer after it (`ToggleState`).
struct LiveToggleEvent: Encodable {
    let change: ToggleChange
    let state: ToggleState?

    init(_ change: ToggleChange, toggles: ToggleCatalog) {
        self.change = change
        state = ToggleCatalog.descriptions.first { $0.name == change.name }.map(toggles.state(of:))
    }

    func encode(to encoder: any Encoder) throws {
        // The change's own fields at the top, as before, and the state beside them.
        try change.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(state, forKey: .state)
    }

    private enum CodingKeys: String, CodingKey { case state }
}
