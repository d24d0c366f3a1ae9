import Foundation
import Foundations
import HTTPServer

/// Breakpoints: `GET /api/area51/breakpoints`, `PUT` and `DELETE /api/area51/breakpoints/{operation}`,
/// and the calls they hold, let go by `POST /api/area51/breakpoints/held/{id}/continue`, `…/abort`
/// and `…/mock`; each with the inspector page's form, form and JSON twin one handler. Mounted
/// with Area 51, so absent from production builds.
struct BreakpointRoutes: RouteCollection {
    /// What the JSON routes answer: the breakpoints in force, the calls held now, the latest audit.
    struct BreakpointList: Codable {
        let breakpoints: [BreakpointStore.Active]
        let held: [HeldExchange]
        let audit: [BreakpointChange]
    }

    /// An edited answer may be a whole timeline: far more than a toggle's form.
    static let maxBodySize = 1024 * 1024

    let breakpoints: BreakpointStore
    let mocks: MockStore

    func boot(routes: inout some RouteBuilder) {
        routes.get("/api/area51/breakpoints") { _ in try await list() }
        routes.resource(.post("/area51/breakpoints/{operation}"), json: .put("/api/area51/breakpoints/{operation}")) { request in
            let operation = request.parameters["operation"] ?? ""
            // An unknown operation is answered as such whatever the body says.
            try BreakpointStore.check(operation)
            let breakpoint = request.representation == .json ? try request.decode(Breakpoint.self) : try request.decode(BreakpointForm.self).breakpoint()
            try await breakpoints.set(breakpoint, for: operation, source: request.changeSource)
            return try await answer(request)
        }
        routes.resource(.post("/area51/breakpoints/{operation}/clear"), json: .delete("/api/area51/breakpoints/{operation}")) { request in
            try await breakpoints.clear(request.parameters["operation"] ?? "", source: request.changeSource)
            return try await answer(request)
        }
        routes.resource(.post("/area51/breakpoints/held/{id}/continue"), json: .post("/api/area51/breakpoints/held/{id}/continue"),
                        maxBodySize: Self.maxBodySize) { request in
            let held = try held(request)
            var edit: BreakpointEdit?
            if request.representation == .page {
                edit = try request.decode(HeldEditForm.self).edit(at: held.stage)
            } else if !request.body.isEmpty {
                edit = try request.decode(BreakpointEdit.self)
            }
            let release: BreakpointRelease = if let edit, !edit.isEmpty { .edited(edit) } else { .continued }
            try breakpoints.release(held.id, with: release, source: request.changeSource)
            return try await answer(request)
        }
        routes.resource(.post("/area51/breakpoints/held/{id}/abort"), json: .post("/api/area51/breakpoints/held/{id}/abort")) { request in
            let held = try held(request)
            let abort = request.representation == .json ? try request.decode(BreakpointAbort.self) : try request.decode(HeldAbortForm.self).abort()
            try breakpoints.release(held.id, with: .aborted(abort), source: request.changeSource)
            return try await answer(request)
        }
        routes.resource(.post("/area51/breakpoints/held/{id}/mock"), json: .post("/api/area51/breakpoints/held/{id}/mock")) { request in
            let held = try held(request)
            guard let mock = mocks.active.first(where: { $0.operation == held.operation })?.mock else { throw BreakpointError.noMock(held.operation) }
            try breakpoints.release(held.id, with: .mocked(mock), source: request.changeSource)
            return try await answer(request)
        }
    }

    /// The call held under the path's `{id}`.
    private func held(_ request: Request) throws(BreakpointError) -> HeldExchange {
        let id = request.parameters["id"] ?? ""
        guard let number = Int(id), let held = breakpoints.held(id: number) else { throw .unknownHeldExchange(id) }
        return held
    }

    /// The breakpoints and held calls for a script; back to the inspector's breakpoints for a form.
    private func answer(_ request: Request) async throws -> Response {
        guard request.representation == .page else { return try await list() }
        return PageVisit.redirectAfterAction(to: "/area51/network#breakpoints")
    }

    private func list() async throws -> Response {
        try .json(BreakpointList(breakpoints: breakpoints.active, held: breakpoints.held, audit: try await breakpoints.audit()))
    }
}
