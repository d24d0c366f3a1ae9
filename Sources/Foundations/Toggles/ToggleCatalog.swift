import Foundation

/// Every toggle of every kind, described once, and their current values read from the stores
/// that hold them. Area 51's rows, `/api/toggles` and the key of every cached page come from here.
public struct ToggleCatalog: Sendable {
    /// One description per toggle, in the order Area 51 lists them.
    public static let descriptions: [ToggleDescription] =
        InternalToggle.allCases.map {
            ToggleDescription(name: $0.name, kind: .internal, defaultValue: .bool($0.defaultValue), title: titleKey($0.name),
                              isShownInArea51: true, isPartOfPageKey: true)
        }
        + RemoteToggle.allCases.map {
            ToggleDescription(name: $0.name, kind: .remote, defaultValue: .bool(RemoteConfiguration.defaults[$0]),
                              title: titleKey($0.name), isShownInArea51: true, isPartOfPageKey: true)
        }
        + ABTest.allCases.map {
            ToggleDescription(name: $0.name, kind: .abTest, defaultValue: .variant(RemoteConfiguration.defaults[$0]),
                              title: titleKey($0.name), isShownInArea51: true, isPartOfPageKey: true)
        }
        + BuildTargetToggle.allCases.map {
            ToggleDescription(name: $0.name, kind: .buildTarget, defaultValue: .bool($0.name == BuildTarget.current.rawValue),
                              title: .infoBuildTarget, isShownInArea51: false, isPartOfPageKey: false)
        }

    /// `toggle.{name}`: a toggle without a title fails `L10nTests`, and shows its name meanwhile.
    private static func titleKey(_ name: String) -> L10nKey {
        L10nKey(rawValue: "toggle.\(name)") ?? .area51
    }

    public let internalTogglesDataStore: InternalTogglesDataStore
    public let remoteTogglesDataStore: RemoteTogglesDataStore
    private let buildTargetTogglesDataStore: BuildTargetTogglesDataStore

    public init(internalTogglesDataStore: InternalTogglesDataStore, remoteTogglesDataStore: RemoteTogglesDataStore,
                buildTargetTogglesDataStore: BuildTargetTogglesDataStore = .shared) {
        self.internalTogglesDataStore = internalTogglesDataStore
        self.remoteTogglesDataStore = remoteTogglesDataStore
        self.buildTargetTogglesDataStore = buildTargetTogglesDataStore
    }

    /// The description of `name`, or `TogglesDataStoreError.unknownToggle`.
    public static func description(named name: String) throws(TogglesDataStoreError) -> ToggleDescription {
        guard let description = descriptions.first(where: { $0.name == name }) else { throw .unknownToggle(name) }
        return description
    }

    /// The value of the toggle `description` describes, from the store of its kind.
    public func value(of description: ToggleDescription) -> ToggleValue {
        switch description.kind {
        case .internal: .bool(internalTogglesDataStore.isToggleOn(description))
        case .remote: .bool(remoteTogglesDataStore.isToggleOn(description))
        case .abTest: .variant(remoteTogglesDataStore.variant(of: description))
        case .buildTarget: .bool(buildTargetTogglesDataStore.isToggleOn(description))
        }
    }

    /// Every toggle's value that pages depend on, in one string: a cached page drawn under
    /// other values is never served.
    /// Built on every request: one short string, no intermediate arrays.
    public var pageKey: String {
        var key = ""
        key.reserveCapacity(2 * Self.pageKeyDescriptions.count + 8)
        for description in Self.pageKeyDescriptions {
            switch value(of: description) {
            case .bool(let isOn): key.append(isOn ? "1," : "0,")
            case .variant(let variant): key.append(variant); key.append(",")
            }
        }
        return key
    }

    private static let pageKeyDescriptions = descriptions.filter(\.isPartOfPageKey)

    /// Sets the internal toggle `name`: `unknownToggle` for a name no toggle has, `readOnly`
    /// for a toggle decided elsewhere.
    public func set(_ name: String, isOn: Bool, source: ToggleChangeSource) async throws(TogglesDataStoreError) {
        let description = try Self.description(named: name)
        guard description.isWritable else { throw .readOnly(name, kind: description.kind) }
        try await internalTogglesDataStore.update(toggle: description, value: isOn, source: source)
    }
}

extension ToggleDescription: ToggleType {}

/// One toggle's value and who may change it: what `/api/toggles` lists and Area 51 draws.
public struct ToggleState: Encodable, Sendable, Equatable {
    public let name: String
    public let kind: ToggleKind
    /// On or off, for toggles that are not A/B tests.
    public let isOn: Bool?
    /// The A/B test's variant, for toggles that are not on/off.
    public let value: String?
    public let defaultValue: String
    public let isWritable: Bool

    public init(name: String, kind: ToggleKind, isOn: Bool?, value: String?, defaultValue: String, isWritable: Bool) {
        self.name = name
        self.kind = kind
        self.isOn = isOn
        self.value = value
        self.defaultValue = defaultValue
        self.isWritable = isWritable
    }
}

extension ToggleCatalog {
    /// The state of the toggle `description` describes.
    public func state(of description: ToggleDescription) -> ToggleState {
        let value = value(of: description)
        let isOn: Bool? = if case .bool(let isOn) = value { isOn } else { nil }
        let variant: String? = if case .variant(let variant) = value { variant } else { nil }
        return ToggleState(name: description.name, kind: description.kind, isOn: isOn, value: variant,
                           defaultValue: description.defaultValue.description, isWritable: description.isWritable)
    }

    /// Every toggle's state, in catalog order.
    public var states: [ToggleState] { Self.descriptions.map(state(of:)) }
}
