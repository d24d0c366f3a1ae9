import Foundation
import Foundations
import HTTPServer

/// `GET /api/toggles` lists every toggle of every kind; `PUT /api/toggles/{name}` with
/// `{"isOn": bool}`, and Area 51's form `POST /area51/toggles/{name}`, change an internal one.
/// Mounted with Area 51, so absent from production builds.
public struct ToggleRoutes: RouteCollection {
    struct ToggleList: Encodable {
        let toggles: [ToggleState]
        /// Every change of an internal toggle, newest first.
        let audit: [ToggleChange]
    }

    struct UpdateBody: Decodable {
        let isOn: Bool
    }

    private let toggles: ToggleCatalog

    public init(toggles: ToggleCatalog) {
        self.toggles = toggles
    }

    public func boot(routes: inout some RouteBuilder) {
        routes.get("/api/toggles") { _ in
            try .json(ToggleList(toggles: toggles.states, audit: try await toggles.internalTogglesDataStore.audit()))
        }
        routes.put("/api/toggles/{name}", maxBodySize: InternalMenuRoutes.maxBodySize) { request in
            let name = request.parameters["name"] ?? ""
            // An unknown or read-only name is answered as such whatever the body says.
            let description = try ToggleCatalog.description(named: name)
            guard description.isWritable else { throw TogglesDataStoreError.readOnly(name, kind: description.kind) }
            let body = try request.decode(UpdateBody.self)
            try await toggles.set(name, isOn: body.isOn, source: .api)
            return try .json(toggles.state(of: description))
        }
        routes.post("/area51/toggles/{name}", maxBodySize: InternalMenuRoutes.maxBodySize) { request in
            let name = request.parameters["name"] ?? ""
            guard let isOn = request.formFields["isOn"].flatMap(Bool.init) else {
                throw HTTPError(.badRequest, code: "invalid_form", message: "The form needs isOn=true or isOn=false.")
            }
            try await toggles.set(name, isOn: isOn, source: .page)
            return PageVisit.redirectAfterAction(to: "/area51#toggle-\(name)")
        }
    }
}
