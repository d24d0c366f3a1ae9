import Foundation
import Foundations
import HTTPServer

/// Fault injection: `GET /api/area51/faults`, `PUT` and `DELETE /api/area51/faults/{operation}`,
/// `DELETE /api/area51/faults`, and the forms of the inspector page and of the banner every page
/// shows while a fault is in force. Mounted with Area 51, so absent from production builds.
struct FaultRoutes: RouteCollection {
    /// What the JSON routes answer: the faults in force and the latest sets and clears.
    struct FaultList: Codable {
        let faults: [FaultInjector.Active]
        let audit: [FaultChange]
    }

    let faults: FaultInjector

    func boot(routes: inout some RouteBuilder) {
        routes.get("/api/area51/faults") { request in try await list(request) }
        routes.resource(.post("/area51/faults/{operation}"), json: .put("/api/area51/faults/{operation}")) { request in
            let operation = request.parameters["operation"] ?? ""
            // An unknown operation is answered as such whatever the body says.
            guard FaultInjector.operations.contains(operation) else { throw FaultError.unknownOperation(operation) }
            try await faults.set(try request.decode(Fault.self), for: operation, source: request.changeSource)
            return try await answer(request, page: "/area51/network#faults")
        }
        routes.resource(.post("/area51/faults/{operation}/clear"), json: .delete("/api/area51/faults/{operation}")) { request in
            try await faults.clear(request.parameters["operation"] ?? "", source: request.changeSource)
            return try await answer(request, page: "/area51/network#faults")
        }
        routes.resource(.post("/area51/clear-faults"), json: .delete("/api/area51/faults")) { request in
            try await faults.clearAll(source: request.changeSource)
            guard request.representation == .page else { return try await list(request) }
            return try PageVisit.redirectBack(request, else: "/area51/network")
        }
    }

    /// The faults in force for a script; back to `page` for a form.
    private func answer(_ request: Request, page: String) async throws -> Response {
        guard request.representation == .page else { return try await list(request) }
        return PageVisit.redirectAfterAction(to: page)
    }

    private func list(_ request: Request) async throws -> Response {
        try .json(FaultList(faults: faults.active(in: request.l10n), audit: try await faults.audit()))
    }
}
