/// The build this binary is, as a toggle: exactly one of the three is on.
public enum BuildTargetToggle: String, ToggleType, CaseIterable {
    case debug
    case `internal`
    case production
}

/// Answers build-target toggles from the compile-time `BuildTarget`; nothing can change them.
public struct BuildTargetTogglesDataStore: TogglesDataStoreType {
    public static let shared = BuildTargetTogglesDataStore()

    private let buildTarget: BuildTarget

    public init(buildTarget: BuildTarget = .current) {
        self.buildTarget = buildTarget
    }

    public func isToggleOn(_ toggle: ToggleType) -> Bool {
        toggle.name == buildTarget.rawValue
    }

    public func update(toggle: ToggleType, value: Bool) async throws {
        throw TogglesDataStoreError.readOnly(toggle.name, kind: .buildTarget)
    }
}
