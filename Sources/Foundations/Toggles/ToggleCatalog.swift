import CoreMetrics
import Foundation
import Locking

/// Every toggle of every kind, described once, and their current values read from the stores
/// that hold them. Area 51's rows, `/api/toggles` and the key of every cached page come from here.
public struct ToggleCatalog: Sendable {
    /// One description per toggle, in the order Area 51 lists them.
    public static let descriptions: [ToggleDescription] =
        InternalToggle.allCases.map {
            ToggleDescription(name: $0.name, kind: .internal, defaultValue: .bool($0.defaultValue), title: titleKey($0.name),
                              isShownInArea51: true)
        }
        + RemoteToggle.allCases.map {
            ToggleDescription(name: $0.name, kind: .remote, defaultValue: .bool(RemoteConfiguration.defaults[$0]),
                              title: titleKey($0.name), isShownInArea51: true)
        }
        + ABTest.allCases.map {
            ToggleDescription(name: $0.name, kind: .abTest, defaultValue: .variant(RemoteConfiguration.defaults[$0]),
                              title: titleKey($0.name), isShownInArea51: true)
        }
        + BuildTargetToggle.allCases.map {
            ToggleDescription(name: $0.name, kind: .buildTarget, defaultValue: .bool($0.name == BuildTarget.current.rawValue),
                              title: .infoBuildTarget, isShownInArea51: false)
        }

    /// `toggle.{name}`: a toggle without a title fails `L10nTests`, and shows its name meanwhile.
    private static func titleKey(_ name: String) -> L10nKey {
        L10nKey.named("toggle.\(name)") ?? .area51
    }

    public let internalTogglesDataStore: InternalTogglesDataStore
    public let remoteTogglesDataStore: RemoteTogglesDataStore
    public let overridesDataStore: ToggleOverridesDataStore
    private let buildTargetTogglesDataStore: BuildTargetTogglesDataStore
    /// The one stream of toggle changes: every change of a value in force, whichever layer made
    /// it (an internal toggle, an override set or cleared, a fetched remote config that changed
    /// a value no override stands in for). Each store announces here (`Stores.changes`); open
    /// tabs listen here (`/events`).
    public let changes: Broadcaster<ToggleChange>

    /// The stores of a catalog, made to announce their changes on its one stream.
    public struct Stores {
        public let changes = Broadcaster<ToggleChange>()
        public let internalTogglesDataStore: InternalTogglesDataStore
        public let overridesDataStore: ToggleOverridesDataStore
        public let remoteTogglesDataStore: RemoteTogglesDataStore

        /// Internal toggles and overrides in `database`, remote values from `remoteSource`.
        public init(database: AppDatabase, remoteSource: RemoteConfigurationSource) throws {
            internalTogglesDataStore = try InternalTogglesDataStore(database: database, changes: changes)
            let overridesDataStore = try ToggleOverridesDataStore(database: database, changes: changes)
            self.overridesDataStore = overridesDataStore
            remoteTogglesDataStore = RemoteTogglesDataStore(source: remoteSource, changes: changes,
                                                            isOverridden: { overridesDataStore.override(of: $0) != nil })
        }
    }

    public init(stores: Stores, buildTargetTogglesDataStore: BuildTargetTogglesDataStore = .shared) {
        internalTogglesDataStore = stores.internalTogglesDataStore
        remoteTogglesDataStore = stores.remoteTogglesDataStore
        overridesDataStore = stores.overridesDataStore
        changes = stores.changes
        self.buildTargetTogglesDataStore = buildTargetTogglesDataStore
    }

    /// The description of `name`, or `TogglesDataStoreError.unknownToggle`.
    public static func description(named name: String) throws(TogglesDataStoreError) -> ToggleDescription {
        guard let description = descriptions.first(where: { $0.name == name }) else { throw .unknownToggle(name) }
        return description
    }

    /// The value in force of the toggle `description` describes: its local override when one
    /// is set, else the value of the store of its kind.
    public func value(of description: ToggleDescription) -> ToggleValue {
        switch description.kind {
        case .internal: .bool(internalTogglesDataStore.isToggleOn(description))
        case .remote, .abTest: overridesDataStore.override(of: description.name)?.value ?? remoteValue(of: description)
        case .buildTarget: .bool(buildTargetTogglesDataStore.isToggleOn(description))
        }
    }

    /// What the BFF side's remote config says (its defaults while it cannot be reached).
    public func remoteValue(of description: ToggleDescription) -> ToggleValue {
        description.kind == .abTest
            ? .variant(remoteTogglesDataStore.variant(of: description)) : .bool(remoteTogglesDataStore.isToggleOn(description))
    }

    /// Whether `toggle` is on, as in force: what pages and requests decide by.
    public func isOn(_ toggle: ToggleType) -> Bool {
        Self.descriptions.first { $0.name == toggle.name }.map { value(of: $0) == .bool(true) } ?? false
    }

    /// The variant in force of the A/B test `test`.
    public func variant(of test: ABTest) -> String {
        Self.descriptions.first { $0.name == test.name }.map { value(of: $0).description } ?? ""
    }

    /// Sets the internal toggle `name`: `unknownToggle` for a name no toggle has, `readOnly`
    /// for a toggle decided elsewhere.
    public func set(_ name: String, isOn: Bool, source: ToggleChangeSource) async throws(TogglesDataStoreError) {
        let description = try Self.description(named: name)
        guard description.isWritable else { throw .readOnly(name, kind: description.kind) }
        try await internalTogglesDataStore.update(toggle: description, value: isOn, source: source)
        Counter(label: "moments_toggle_changes_total", dimensions: [("toggle", description.name), ("kind", "internal")]).increment()
    }

    /// Sets (or, with `nil`, clears) the local override of the remote toggle or A/B test `name`:
    /// `unknownToggle`, `readOnly` for a toggle that takes no override, `invalidValue` for a
    /// value it cannot take. Nothing changes when it throws.
    public func setOverride(_ name: String, to value: ToggleValue?, source: ToggleChangeSource,
                            setBy: String) async throws(TogglesDataStoreError) {
        let description = try Self.description(named: name)
        guard description.isOverridable else { throw .readOnly(name, kind: description.kind) }
        if let value, !description.accepts(value) { throw .invalidValue(name, expected: description.overrideValuesText) }
        try await overridesDataStore.set(name, to: value, remoteValue: remoteValue(of: description), source: source, setBy: setBy)
        Counter(label: "moments_toggle_changes_total", dimensions: [("toggle", description.name), ("kind", "override")]).increment()
    }
}

extension ToggleDescription {
    /// The values an override of it may be, as an error message says them.
    public var overrideValuesText: String {
        variants.isEmpty ? "true, false or null" : (variants.map { "\"\($0)\"" } + ["null"]).joined(separator: ", ")
    }
}

extension ToggleDescription: ToggleType {}

/// One toggle with every layer of its value and who may change it: what `/api/toggles` lists
/// and Area 51 draws. The value in force is the first of: override, remote value, default.
public struct ToggleState: Codable, Sendable, Equatable {
    public let name: String
    public let kind: ToggleKind
    /// On or off in force, for toggles that are not A/B tests.
    public let isOn: Bool?
    /// The A/B test's variant in force, for toggles that are not on/off.
    public let value: String?
    public let defaultValue: String
    /// What the remote config says, for remote toggles and A/B tests.
    public let remoteValue: ToggleValue?
    /// When the remote value was fetched; absent while the defaults stand in.
    public let fetchedAt: Date?
    /// The local override, with who set it, when and from where.
    public let override: ToggleOverride?
    public let effectiveValue: ToggleValue
    /// Whether `PUT /api/toggles/{name}` takes `{"isOn"}` (internal toggles).
    public let isWritable: Bool
    /// Whether `PUT /api/toggles/{name}` takes `{"override"}` (remote toggles, A/B tests).
    public let isOverridable: Bool
    /// Set when the remote value is no longer the one the override was set over.
    public let remoteChangedAfterOverride: Bool
    /// That, said in the reader's language (`noted(in:)`).
    public private(set) var note: String?

    /// - Parameters: `isOn` or `value`, the value in force; the rest, its layers.
    public init(name: String, kind: ToggleKind, isOn: Bool?, value: String?, defaultValue: String, remoteValue: ToggleValue? = nil,
                fetchedAt: Date? = nil, override: ToggleOverride? = nil, isWritable: Bool, isOverridable: Bool = false) {
        self.name = name
        self.kind = kind
        self.isOn = isOn
        self.value = value
        self.defaultValue = defaultValue
        self.remoteValue = remoteValue
        self.fetchedAt = fetchedAt
        self.override = override
        effectiveValue = value.map(ToggleValue.variant) ?? .bool(isOn ?? false)
        self.isWritable = isWritable
        self.isOverridable = isOverridable
        remoteChangedAfterOverride = override.map { $0.remoteValueAtSet != remoteValue } ?? false
    }

    /// This state with its note in `l10n`'s language.
    public func noted(in l10n: L10n) -> ToggleState {
        var state = self
        if remoteChangedAfterOverride, let override, let remoteValue {
            state.note = String(format: l10n[.overrideRemoteChanged], override.remoteValueAtSet.description, remoteValue.description)
        }
        return state
    }
}

extension ToggleCatalog {
    /// The state of the toggle `description` describes.
    public func state(of description: ToggleDescription) -> ToggleState {
        let value = value(of: description)
        let isOn: Bool? = if case .bool(let isOn) = value { isOn } else { nil }
        let variant: String? = if case .variant(let variant) = value { variant } else { nil }
        let remoteValue = description.isOverridable ? remoteValue(of: description) : nil
        let override = description.isOverridable ? overridesDataStore.override(of: description.name) : nil
        let fetchedAt: Date? = if description.isOverridable, case .remote(let fetchedAt) = remoteTogglesDataStore.origin { fetchedAt } else { nil }
        return ToggleState(name: description.name, kind: description.kind, isOn: isOn, value: variant,
                           defaultValue: description.defaultValue.description, remoteValue: remoteValue, fetchedAt: fetchedAt,
                           override: override, isWritable: description.isWritable, isOverridable: description.isOverridable)
    }

    /// Every toggle's state, in catalog order.
    public var states: [ToggleState] { Self.descriptions.map(state(of:)) }
}
