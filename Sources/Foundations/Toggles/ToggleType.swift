/// A feature switch, named by its raw value as in the seed (`InternalToggle.isLikeButtonForMomentEnabled`).
public protocol ToggleType: Sendable {
    var name: String { get }
}

extension ToggleType where Self: RawRepresentable, RawValue == String {
    public var name: String { rawValue }
}

/// Where toggles are read and, for the kinds that allow it, written.
public protocol TogglesDataStoreType: Sendable {
    func isToggleOn(_ toggle: ToggleType) -> Bool
    /// Throws `TogglesDataStoreError.readOnly` for toggles decided elsewhere (build, remote).
    func update(toggle: ToggleType, value: Bool) async throws
}

/// Why a toggle could not be changed.
public enum TogglesDataStoreError: Error, Equatable, Sendable {
    case unknownToggle(String)
    /// Decided elsewhere: on the BFF side (remote, A/B test) or when compiling (build target).
    case readOnly(String, kind: ToggleKind)
    /// A value the toggle cannot take (`expected` says which it can).
    case invalidValue(String, expected: String)
    /// SQLite refused the write; nothing changed.
    case storage(String)
}
