import Foundation
import Foundations
import HTTPServer

/// `GET /api/toggles` lists every toggle of every kind; `PUT /api/toggles/{name}` with
/// `{"isOn": bool}` changes an internal one. Absent from production builds.
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
    }

    struct UpdateBody: Decodable {
        let isOn: Bool
    }

    private let dependencies: AppDependencies

    public init(dependencies: AppDependencies) {
        self.dependencies = dependencies
    }

    public func register(on router: inout Router) {
        guard AppInfo.buildTarget != .production else { return }
        router.get("/api/toggles") { _ in try .json(ToggleList(toggles: toggles)) }
        router.put("/api/toggles/{name}") { request in
            let name = request.parameters["name"] ?? ""
            guard let toggle = InternalToggle(rawValue: name) else {
                if toggles.contains(where: { $0.name == name }) {
                    throw HTTPError(.conflict, code: "read_only_toggle",
                                    message: "\(name) is not an internal toggle and cannot be changed here; remote toggles are changed on the BFF side.")
                }
                throw HTTPError(.notFound, code: "unknown_toggle", message: "There is no toggle named \(name).")
            }
            guard request.contentType == "application/json" else {
                throw HTTPError(.unsupportedMediaType, code: "unsupported_media_type", message: "Send the body as application/json.")
            }
            guard let body = try? JSONDecoder().decode(UpdateBody.self, from: request.body) else {
                throw HTTPError(.badRequest, code: "invalid_json", message: "The body must be JSON like {\"isOn\": true}.")
            }
            try dependencies.internalTogglesDataStore.update(toggle: toggle, value: body.isOn)
            return try .json(state(of: toggle))
        }
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
