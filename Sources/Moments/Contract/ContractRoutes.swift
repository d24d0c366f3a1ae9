import Foundation
import Foundations
import HTTPServer

/// Area 51's BFF contract: the page (`/area51/contract`), its JSON twin (`/api/area51/contract`)
/// and a read of the schema now (`POST …/check`). Mounted with Area 51, so absent from production
/// builds.
struct ContractRoutes: RouteCollection {
    let pages: PageRenderer
    let watch: ContractWatch
    let networkLog: NetworkLog

    func boot(routes: inout some RouteBuilder) {
        routes.resource(.get("/area51/contract"), json: .get("/api/area51/contract")) { request in
            let snapshot = await watch.snapshot
            return try answer(snapshot, to: request)
        }
        routes.resource(.post("/area51/contract/check"), json: .post("/api/area51/contract/check")) { request in
            let snapshot = await watch.check()
            guard request.representation == .json else { return .seeOther("/area51/contract") }
            return try answer(snapshot, to: request)
        }
    }

    private func answer(_ snapshot: ContractWatch.Snapshot, to request: Request) throws -> Response {
        let report = ContractReport(snapshot, exchanges: Array(networkLog.latest))
        guard request.representation == .page else { return try .json(report) }
        let viewModel = ContractViewModel(report, failure: snapshot.failure, now: Date(), l10n: request.l10n)
        return try pages.page("contract", content: viewModel, for: request, options: .init(title: viewModel.title, bodyClass: "area51"))
    }
}
