import Foundation
import Foundations
import HTTPServer

/// Area 51's network inspector: the list (`/area51/network`, `/api/area51/network`), one exchange
/// (`/area51/network/{id}`, `/api/area51/network/{id}`), the HAR export and Replay. Mounted with
/// Area 51, so absent from production builds.
struct NetworkInspectorRoutes: RouteCollection {
    /// What `POST /api/area51/network/{id}/replay` answers.
    struct ReplayResult: Encodable {
        let original: NetworkExchange
        let replay: NetworkExchange
        let differences: [JSONDifference]
    }

    let pages: PageRenderer
    let networkLog: NetworkLog
    let faults: FaultInjector
    let mocks: MockStore
    let breakpoints: BreakpointStore
    /// The dashboard's own session: a replay goes through the same client as any call.
    let apiSession: APISession

    func boot(routes: inout some RouteBuilder) {
        routes.resource(.get("/area51/network"), json: .get("/api/area51/network")) { request in
            // The faults and mocks it shows are in what every page is drawn from.
            let drawnFrom = pages.drawnFrom(request, content: [networkLog, breakpoints])
            let viewModel = try await inspector(request)
            guard request.representation == .page else { return pages.reusable(try .json(viewModel), drawnFrom: drawnFrom) }
            return pages.reusable(try pages.page("network", content: viewModel, for: request, options: .init(title: viewModel.title, bodyClass: "area51")),
                                  drawnFrom: drawnFrom)
        }
        routes.get("/api/area51/network.har") { request in
            let exchanges = try request.query["id"].map { [try exchange($0)] } ?? Array(networkLog.latest)
            var response = try Response.json(HARDocument(exchanges: exchanges, origin: Self.origin(of: request)))
            let name = request.query["id"].map { "moments-exchange-\($0).har" } ?? "moments-network.har"
            response.headers.add("Content-Disposition", "attachment; filename=\"\(name)\"")
            return response
        }
        routes.resource(.get("/area51/network/{id}"), json: .get("/api/area51/network/{id}")) { request in
            let viewModel = try details(request)
            var response = request.representation == .json ? try Response.json(viewModel)
                : try pages.page("networkExchange", content: viewModel, for: request, options: .init(title: viewModel.title, bodyClass: "area51"))
            if viewModel.curlIsRevealed { response.headers.add("Cache-Control", "no-store") }
            return response
        }
        routes.resource(.post("/area51/network/{id}/replay"), json: .post("/api/area51/network/{id}/replay")) { request in
            let (original, replay) = try await self.replay(request)
            guard request.representation == .json else { return .seeOther("/area51/network/\(replay.id)?comparedWith=\(original.id)") }
            return try .json(ReplayResult(original: original, replay: replay,
                                          differences: JSONDifference.between(original.responseBody.text, replay.responseBody.text)))
        }
    }

    private func inspector(_ request: Request) async throws -> NetworkInspectorViewModel {
        let l10n = request.l10n
        let filter = try NetworkExchangeFilter(operation: request.query["operation"], outcome: request.query["outcome"], q: request.query["q"],
                                               after: request.query["after"])
        let sections = [faults.stateVersion, mocks.stateVersion, breakpoints.stateVersion]
        return NetworkInspectorViewModel(log: networkLog, filter: filter, filterQuery: request.query.linkPrefix(removing: ["after", "lang", "refresh"]),
                                         faults: FaultsViewModel(faults: faults, audit: try await faults.audit(limit: 20), l10n: l10n),
                                         mocks: MocksViewModel(mocks: mocks, l10n: l10n),
                                         breakpoints: BreakpointsViewModel(breakpoints: breakpoints, mocks: mocks, l10n: l10n),
                                         sections: sections, l10n: l10n)
    }

    /// `?reveal=1` puts the configured credentials into the cURL line: asked for by a person on
    /// this machine, answered `no-store`; never in the log, the list, the HAR or the page otherwise.
    private func details(_ request: Request) throws -> NetworkExchangeViewModel {
        let exchange = try exchange(request.parameters["id"] ?? "")
        let reveal = request.query["reveal"] == "1"
        let curl = CurlCommand.make(exchange, origin: Self.origin(of: request), revealing: reveal ? apiSession.extraHeaders : [:])
        let original = try request.query["comparedWith"].map { try self.exchange($0) }
        return NetworkExchangeViewModel(exchange: exchange, curl: curl, curlIsRevealed: reveal, comparedWith: original, l10n: request.l10n)
    }

    private func replay(_ request: Request) async throws -> (original: NetworkExchange, replay: NetworkExchange) {
        let original = try exchange(request.parameters["id"] ?? "")
        guard original.isReplayable else { throw NetworkInspectorError.notReplayable(original.id) }
        guard let replay = await NetworkCause.$current.withValue("replay of #\(original.id)", operation: { await apiSession.replay(original) })
        else { throw NetworkInspectorError.notReplayable(original.id) }
        return (original, replay)
    }

    private func exchange(_ id: String) throws(NetworkInspectorError) -> NetworkExchange {
        guard let number = Int(id), let exchange = networkLog.exchange(id: number) else { throw .unknownExchange(id) }
        return exchange
    }

    /// This dashboard as the browser reached it (the host check has vetted `Host`).
    static func origin(of request: Request) -> String {
        "http://\(request.headers["Host"] ?? "127.0.0.1")"
    }
}
