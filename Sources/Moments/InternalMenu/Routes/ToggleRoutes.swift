import Foundation
import Foundations
import HTTPServer

/// `GET /api/toggles` lists every toggle of every kind with each layer of its value;
/// `PUT /api/toggles/{name}` takes `{"isOn": bool}` for an internal toggle and
/// `{"override": true|false|"heart"|"star"|null}` for a remote toggle or A/B test; Area 51's
/// forms post the same fields to `/area51/toggles/{name}`, one handler for both. Mounted with Area 51, so absent from
/// production builds.
public struct ToggleRoutes: RouteCollection {
    struct ToggleList: Codable {
        let toggles: [ToggleState]
        /// Every change of an internal toggle or an override, newest first.
        let audit: [ToggleChange]
    }

    struct UpdateBody: Decodable {
        let isOn: Bool
    }

    /// `{"override": value}`, where `null` clears the override and a missing key is refused.
    struct OverrideBody: Decodable {
        let override: ToggleValue?

        private enum CodingKeys: String, CodingKey { case override }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard container.contains(.override) else {
                throw DecodingError.keyNotFound(CodingKeys.override, .init(codingPath: [], debugDescription: "override is missing"))
            }
            override = try container.decodeNil(forKey: .override) ? nil : container.decode(ToggleValue.self, forKey: .override)
        }
    }

    private let toggles: ToggleCatalog
    private let actingUser: ActingUser

    public init(toggles: ToggleCatalog, actingUser: ActingUser = ActingUser()) {
        self.toggles = toggles
        self.actingUser = actingUser
    }

    public func boot(routes: inout some RouteBuilder) {
        routes.get("/api/toggles") { request in
            try .json(ToggleList(toggles: toggles.states.map { $0.noted(in: request.l10n) },
                                 audit: try await toggles.internalTogglesDataStore.audit()))
        }
        routes.resource(.post("/area51/toggles/{name}"), json: .put("/api/toggles/{name}")) { request in
            let name = request.parameters["name"] ?? ""
            // An unknown or read-only name is answered as such whatever the body says.
            let description = try ToggleCatalog.description(named: name)
            switch description.kind {
            case .internal:
                try await toggles.set(name, isOn: try request.decode(UpdateBody.self).isOn, source: request.changeSource)
            case .remote, .abTest:
                // A form's empty choice, as JSON's `null`, follows the remote value again.
                try await toggles.setOverride(name, to: try request.decode(OverrideBody.self).override, source: request.changeSource,
                                              setBy: actingUser.userID(for: request))
            case .buildTarget:
                throw TogglesDataStoreError.readOnly(name, kind: description.kind)
            }
            guard request.representation == .page else { return try .json(toggles.state(of: description).noted(in: request.l10n)) }
            return PageVisit.redirectAfterAction(to: "/area51#toggle-\(name)")
        }
    }
}
