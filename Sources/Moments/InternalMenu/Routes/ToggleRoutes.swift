import Foundation
import Foundations
import HTTPServer

/// `GET /api/toggles` lists every toggle of every kind; `PUT /api/toggles/{name}` with
/// `{"isOn": bool}` changes an internal one. Registered by `InternalMenuRoutes`, so absent from
/// production builds.
public struct ToggleRoutes: Sendable {
    /// One toggle as scripts see it.
    struct ToggleState: Encodable {
        let name: String
        let kind: String
        let isOn: Bool?
        /// The A/B value, for toggles that are not on/off.
        let value: String?
        let defaultValue: String
        let isWritable: Bool
    }

    struct ToggleList: Encodable {
        let toggles: [ToggleState]
        /// Every change of an internal toggle, newest first.
        let audit: [ToggleChange]
    }

    struct UpdateBody: Decodable {
        let isOn: Bool
    }

    private let dependencies: AppDependencies

    public init(dependencies: AppDependencies) {
        self.dependencies = dependencies
    }

    public func register(on router: inout Router) {
        router.get("/api/toggles") { _ in
            try .json(ToggleList(toggles: toggles, audit: try dependencies.internalTogglesDataStore.audit()))
        }
        router.put("/api/toggles/{name}", maxBodySize: InternalMenuRoutes.maxBodySize) { request in
            let name = request.parameters["name"] ?? ""
            let item = try Self.item(named: name, dependencies: dependencies, l10n: request.l10n)
            guard request.contentType == "application/json" else {
                throw HTTPError(.unsupportedMediaType, code: "unsupported_media_type", message: "Send the body as application/json.")
            }
            guard let body = try? JSONDecoder().decode(UpdateBody.self, from: request.body) else {
                throw HTTPError(.badRequest, code: "invalid_json", message: "The body must be JSON like {\"isOn\": true}.")
            }
            try item.toggle(isOn: body.isOn, source: .api)
            return try .json(toggles.first { $0.name == name })
        }
    }

    /// The writable toggle row for `name`, or the error a client should see: 404 for a name no
    /// toggle has, 409 for a toggle that is read-only here.
    static func item(named name: String, dependencies: AppDependencies, l10n: L10n) throws -> InternalMenuFeatureToggleItemViewModel {
        guard let toggle = InternalToggle(rawValue: name) else {
            if RemoteToggle(rawValue: name) != nil || BuildTargetToggle(rawValue: name) != nil || name == "likeButtonStyle" {
                throw HTTPError(.conflict, code: "read_only_toggle",
                                message: "\(name) is not an internal toggle and cannot be changed here: remote toggles and the A/B test are changed on the BFF side, the build target when compiling.")
            }
            throw HTTPError(.notFound, code: "unknown_toggle", message: "There is no toggle named \(name).")
        }
        return InternalMenuFeatureToggleItemViewModel(title: l10n["toggle.\(name)"], toggle: toggle, togglesDataStore: dependencies.internalTogglesDataStore,
                                                      lastChange: nil, l10n: l10n)
    }

    private var toggles: [ToggleState] {
        let remote = dependencies.remoteTogglesDataStore
        return InternalToggle.allCases.map(state(of:))
            + RemoteToggle.allCases.map { toggle in
                ToggleState(name: toggle.name, kind: "remote", isOn: remote.isToggleOn(toggle), value: nil,
                            defaultValue: "false", isWritable: false)
            }
            + [ToggleState(name: "likeButtonStyle", kind: "abTest", isOn: nil, value: dependencies.abTestProvider.likeButtonStyle.rawValue,
                           defaultValue: RemoteConfiguration.defaults.likeButtonStyle.rawValue, isWritable: false)]
            + BuildTargetToggle.allCases.map { toggle in
                ToggleState(name: toggle.name, kind: "buildTarget", isOn: BuildTargetTogglesDataStore.shared.isToggleOn(toggle),
                            value: nil, defaultValue: String(toggle.name == BuildTarget.current.rawValue), isWritable: false)
            }
    }

    private func state(of toggle: InternalToggle) -> ToggleState {
        ToggleState(name: toggle.name, kind: "internal", isOn: dependencies.internalTogglesDataStore.isToggleOn(toggle), value: nil,
                    defaultValue: String(toggle.defaultValue), isWritable: true)
    }
}
