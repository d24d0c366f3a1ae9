import Foundation
import Foundations
import HTTPServer

/// Fault injection: `GET /api/area51/faults`, `PUT` and `DELETE /api/area51/faults/{operation}`,
/// `DELETE /api/area51/faults`, and the forms of the inspector page and of the banner every page
/// shows while a fault is in force. Mounted with Area 51, so absent from production builds.
struct FaultRoutes: RouteCollection {
    /// What the JSON routes answer: the faults in force and the latest sets and clears.
    struct FaultList: Encodable {
        let faults: [FaultInjector.Active]
        let audit: [FaultChange]
    }

    let faults: FaultInjector

    func boot(routes: inout some RouteBuilder) {
        routes.get("/api/area51/faults") { _ in try await list() }
        routes.put("/api/area51/faults/{operation}", maxBodySize: InternalMenuRoutes.maxBodySize) { request in
            let operation = request.parameters["operation"] ?? ""
            // An unknown operation is answered as such whatever the body says.
            guard FaultInjector.operations.contains(operation) else { throw FaultError.unknownOperation(operation) }
            try await faults.set(try request.decode(Fault.self), for: operation, source: .api)
            return try await list()
        }
        routes.delete("/api/area51/faults/{operation}") { request in
            try await faults.clear(request.parameters["operation"] ?? "", source: .api)
            return try await list()
        }
        routes.delete("/api/area51/faults") { _ in
            try await faults.clearAll(source: .api)
            return try await list()
        }
        routes.post("/area51/faults/{operation}", maxBodySize: InternalMenuRoutes.maxBodySize) { request in
            let operation = request.parameters["operation"] ?? ""
            guard FaultInjector.operations.contains(operation) else { throw FaultError.unknownOperation(operation) }
            try await faults.set(try Self.fault(from: request.formFields), for: operation, source: .page)
            return PageVisit.redirectAfterAction(to: "/area51/network#faults")
        }
        routes.post("/area51/faults/{operation}/clear", maxBodySize: InternalMenuRoutes.maxBodySize) { request in
            try await faults.clear(request.parameters["operation"] ?? "", source: .page)
            return PageVisit.redirectAfterAction(to: "/area51/network#faults")
        }
        routes.post("/area51/clear-faults", maxBodySize: InternalMenuRoutes.maxBodySize) { request in
            try await faults.clearAll(source: .page)
            return PageVisit.redirectAfterAction(to: PageVisit.localPath(request.formFields["back"]) ?? "/area51/network")
        }
    }

    private func list() async throws -> Response {
        try .json(FaultList(faults: faults.active, audit: try await faults.audit()))
    }

    /// A fault from the inspector's form: empty fields are absent ones.
    static func fault(from fields: QueryArguments) throws(FaultError) -> Fault {
        guard let kind = fields["kind"].flatMap(Fault.Kind.init(rawValue:)) else {
            throw .invalidField("kind", expected: "one of \(Fault.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        func number(_ name: String) throws(FaultError) -> Int? {
            guard let text = fields[name], !text.isEmpty else { return nil }
            guard let value = Int(text) else { throw .invalidField(name, expected: "a whole number") }
            return value
        }
        func text(_ name: String) -> String? { fields[name].flatMap { $0.isEmpty ? nil : $0 } }
        return Fault(kind: kind, delayMs: try number("delayMs"), status: try number("status"), message: text("message"),
                     code: text("code"), remainingCalls: try number("remainingCalls"))
    }
}
